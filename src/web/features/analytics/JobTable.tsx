import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { noItemName, type JobRow, type JobSortKey } from '../../../domain/analytics-api.ts';
import { lineCell, ScrollTable } from '../../components/ScrollTable.tsx';
import { pageCount } from '../../components/paging.ts';
import { pathTo } from '../../route-paths.ts';
import { count, hours, percent, yen, yenPerSheet } from './analytics-format.ts';
import type { ScreenFilter } from './analytics-filters.ts';
import { JOB_PAGE_SIZE, jobTableParams, useJobs } from './analytics-queries.ts';
import { sortFor, type ScreenView } from './analytics-view.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { LoadedSection } from './LoadedSection.tsx';

/** A column; `wraps` for the names, which may take two lines, where a date, a slip number or a figure never breaks. */
type Column = { header: string; sort?: JobSortKey; right?: boolean; wraps?: boolean; cell: (row: JobRow) => ReactNode };

/** A word beside a cell's value that tells a row apart: a job still in progress, or one costed without a rate. */
function Mark({ color, children }: { color: string; children: string }) {
  return (
    <Badge color={color} variant="light" radius="sm" size="md" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {children}
    </Badge>
  );
}

/**
 * The job's slip number, marked 作業中 while it is in progress: its figures count up to now, and a
 * job forgotten in progress is what a manager looks for first when a month's cost looks wrong.
 */
function SlipCell({ row }: { row: JobRow }) {
  // The slip opens the record's edit screen, where a job found wrong here (forgotten in progress, timed too short) is put right.
  const slip = (
    <Anchor component={Link} to={pathTo('product_cost.show', { product_cost_id: row.id })} fw={600}>
      {row.slip_no}
    </Anchor>
  );
  if (row.finished) return slip;
  return (
    <Group gap={6} wrap="nowrap">
      {slip}
      <Mark color="teal">作業中</Mark>
    </Group>
  );
}

/**
 * The cost, marked 単価未設定 under it when a rate was missing, so that the jobs the note above
 * counts can be found; under, not beside, so that the yen stay in line with the rows above.
 */
function CostCell({ row }: { row: JobRow }) {
  if (!row.rate_missing) return yen(row.cost);
  return (
    <Stack gap={2} align="flex-end">
      {yen(row.cost)}
      <Mark color="yellow">単価未設定</Mark>
    </Stack>
  );
}

/** The column of a job's time for the stop reason the table is narrowed to: うち機械故障, part of 停止. */
const reasonColumn = (reasonName: string): Column => ({
  header: `うち${reasonName}`,
  sort: 'reason_seconds',
  right: true,
  cell: (row) => (row.reason_seconds === null ? '—' : hours(row.reason_seconds)),
});

const columns: Column[] = [
  { header: '作業日', sort: 'work_date', cell: (row) => row.work_date.replaceAll('-', '/') },
  { header: '作業伝票No', sort: 'slip_no', cell: (row) => <SlipCell row={row} /> },
  { header: '加工機', wraps: true, cell: (row) => row.machine_name || noItemName },
  { header: '加工内容', wraps: true, cell: (row) => [row.processing_name, row.processing_detail_name].filter(Boolean).join(' ') },
  { header: '作業者', wraps: true, cell: (row) => row.workers_name },
  { header: '作業時間', sort: 'worked_seconds', right: true, cell: (row) => hours(row.worked_seconds) },
  { header: '工数（人時）', sort: 'man_seconds', right: true, cell: (row) => hours(row.man_seconds) },
  {
    header: '段取り（標準）',
    sort: 'setup_seconds',
    right: true,
    cell: (row) => `${hours(row.setup_seconds)}${row.standard_setup_seconds === null ? '' : `（${hours(row.standard_setup_seconds)}）`}`,
  },
  // Planned and unplanned together: what most often explains a job's cost.
  { header: '停止', sort: 'stop_seconds', right: true, cell: (row) => hours(row.planned_stop_seconds + row.unplanned_stop_seconds) },
  { header: '良品数', sort: 'good', right: true, cell: (row) => count(row.good) },
  { header: '不良数', sort: 'defective', right: true, cell: (row) => count(row.defective) },
  { header: 'OEE', sort: 'oee', right: true, cell: (row) => percent(row.oee) },
  { header: '機械費', sort: 'machine_cost', right: true, cell: (row) => yen(row.machine_cost) },
  { header: '労務費', sort: 'labour_cost', right: true, cell: (row) => yen(row.labour_cost) },
  { header: '原価', sort: 'cost', right: true, cell: (row) => <CostCell row={row} /> },
  {
    header: '1枚あたり',
    sort: 'cost_per_good',
    right: true,
    cell: (row) => yenPerSheet(row.cost_per_good),
  },
];

/** A column's cells, its header's included, on one line unless the column `wraps` its names (lineCell). */
const lineStyle = (column: Column) => lineCell(column.wraps, '8rem');

/** The id of 作業別原価's heading, which the Pareto's drill-down brings into view. */
export const JOB_TABLE_HEADING = 'job-table-heading';

/**
 * 作業別原価: one row per job, sorted by a header's press (again for the other way), paged, with downloads.
 * Narrowed from the Pareto to a stop reason (`stop`), it lists the jobs stopped for it, with their time
 * for it beside 停止, says so above the table and offers to show every job again.
 */
export function JobTable({
  filter,
  view: { sort, page, stop },
  stopName,
  onChange,
}: {
  filter: ScreenFilter;
  view: Pick<ScreenView, 'sort' | 'page' | 'stop'>;
  /** The stop reason's name as the Pareto shows it; unknown when the range has no stop of it. */
  stopName: string | undefined;
  onChange: (view: Partial<Pick<ScreenView, 'sort' | 'page' | 'stop'>>) => void;
}) {
  const jobs = useJobs(filter, page, sort, stop);
  const rows = jobs.data?.rows ?? [];
  const total = jobs.data?.total ?? 0;
  const sortBy = (key: JobSortKey) => onChange({ sort: sort === `-${key}` ? key : `-${key}`, page: 1 });
  const reasonName = stopName ?? '選択した停止理由';
  const afterStops = columns.findIndex((column) => column.sort === 'stop_seconds') + 1;
  const shownColumns = stop === null ? columns : [...columns.slice(0, afterStops), reasonColumn(reasonName), ...columns.slice(afterStops)];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id={JOB_TABLE_HEADING} style={{ scrollMarginTop: 'calc(64px + var(--mantine-spacing-md))' }}>
          作業別原価
        </Title>
        <DownloadButtons path="/api/analytics/jobs/export" query={jobTableParams(sort, stop)} filter={filter} label="作業別原価" />
      </Group>
      {stop !== null && (
        <Alert color="orange" variant="light" role="status">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>{`停止理由「${reasonName}」で止まった作業だけを表示しています。`}</Text>
            {/* Every job again, in the order they were first shown in. */}
            <Button variant="default" onClick={() => onChange({ stop: null, sort: sortFor(sort, null), page: 1 })}>
              すべての作業を表示
            </Button>
          </Group>
        </Alert>
      )}
      <LoadedSection query={jobs}>
        <Box pos="relative">
          {/* While another page, order or reason is read, the rows shown are the last ones: covered, not read as the new. */}
          <LoadingOverlay visible={jobs.isPlaceholderData} />
          <ScrollTable label="作業別原価の表" minWidth={1700}>
            <Table striped withTableBorder aria-label="作業別原価">
              <Table.Thead>
                <Table.Tr>
                  {shownColumns.map((column) => (
                    <Table.Th
                      key={column.header}
                      ta={column.right ? 'right' : undefined}
                      style={lineStyle(column)}
                      aria-sort={ariaSort(sort, column.sort)}
                    >
                      {column.sort ? (
                        <UnstyledButton fw={700} onClick={() => sortBy(column.sort!)}>
                          <Group gap={4} wrap="nowrap" justify={column.right ? 'flex-end' : undefined}>
                            {column.header}
                            {sort === column.sort && <IconArrowUp size={16} aria-hidden />}
                            {sort === `-${column.sort}` && <IconArrowDown size={16} aria-hidden />}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {shownColumns.map((column) => (
                      <Table.Td key={column.header} ta={column.right ? 'right' : undefined} style={lineStyle(column)}>
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Box>
        <Group justify="space-between">
          <Text size="sm">{`全${count(total)}件`}</Text>
          <Box component="nav" aria-label="作業別原価のページ">
            <Pagination
              total={pageCount(total, JOB_PAGE_SIZE)}
              value={page}
              onChange={(next) => onChange({ page: next })}
              size="lg"
              hideWithOnePage
            />
          </Box>
        </Group>
      </LoadedSection>
    </Stack>
  );
}

function ariaSort(sort: string, key: JobSortKey | undefined): 'ascending' | 'descending' | undefined {
  if (!key) return undefined;
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return undefined;
}
