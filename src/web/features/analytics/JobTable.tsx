import { Box, Group, Pagination, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { JobRow, JobSortKey } from '../../../domain/analytics-api.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { pageCount } from '../../components/paging.ts';
import { count, hours, percent, yen } from './analytics-format.ts';
import type { ScreenFilter } from './analytics-filters.ts';
import { JOB_PAGE_SIZE, useJobs } from './analytics-queries.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { LoadedSection } from './LoadedSection.tsx';

type Column = { header: string; sort?: JobSortKey; right?: boolean; cell: (row: JobRow) => string };

const columns: Column[] = [
  { header: '作業日', sort: 'work_date', cell: (row) => row.work_date.replaceAll('-', '/') },
  { header: '作業伝票No', sort: 'slip_no', cell: (row) => row.slip_no },
  { header: '加工機', cell: (row) => row.machine_name },
  { header: '加工内容', cell: (row) => [row.processing_name, row.processing_detail_name].filter(Boolean).join(' ') },
  { header: '作業者', cell: (row) => row.workers_name },
  { header: '作業時間', sort: 'worked_seconds', right: true, cell: (row) => hours(row.worked_seconds) },
  { header: '工数（人時）', sort: 'man_seconds', right: true, cell: (row) => hours(row.man_seconds) },
  {
    header: '段取り（標準）',
    sort: 'setup_seconds',
    right: true,
    cell: (row) => `${hours(row.setup_seconds)}${row.standard_setup_seconds === null ? '' : `（${hours(row.standard_setup_seconds)}）`}`,
  },
  { header: '良品数', sort: 'good', right: true, cell: (row) => count(row.good) },
  { header: '不良数', sort: 'defective', right: true, cell: (row) => count(row.defective) },
  { header: 'OEE', right: true, cell: (row) => percent(row.oee) },
  { header: '機械費', right: true, cell: (row) => yen(row.machine_cost) },
  { header: '労務費', right: true, cell: (row) => yen(row.labour_cost) },
  { header: '原価', sort: 'cost', right: true, cell: (row) => yen(row.cost) },
  { header: '1枚あたり', right: true, cell: (row) => (row.cost_per_good === null ? '—' : `${row.cost_per_good.toFixed(2)}円`) },
];

/** 作業別原価: one row per job, sorted by a header's press (again for the other way), paged, with downloads. */
export function JobTable({ filter }: { filter: ScreenFilter }) {
  const [sort, setSort] = useState('-work_date');
  const [page, setPage] = useState(1);
  const jobs = useJobs(filter, page, sort);
  const rows = jobs.data?.rows ?? [];
  const total = jobs.data?.total ?? 0;
  const sortBy = (key: JobSortKey) => {
    setSort(sort === `-${key}` ? key : `-${key}`);
    setPage(1);
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          作業別原価
        </Title>
        <DownloadButtons path="/api/analytics/jobs/export" query={{ sort }} filter={filter} label="作業別原価" />
      </Group>
      <LoadedSection query={jobs}>
        <ScrollTable label="作業別原価の表" minWidth={1500}>
          <Table striped withTableBorder aria-label="作業別原価">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} ta={column.right ? 'right' : undefined} aria-sort={ariaSort(sort, column.sort)}>
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
                  {columns.map((column) => (
                    <Table.Td key={column.header} ta={column.right ? 'right' : undefined}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group justify="space-between">
          <Text size="sm">{`全${count(total)}件`}</Text>
          <Box component="nav" aria-label="作業別原価のページ">
            <Pagination total={pageCount(total, JOB_PAGE_SIZE)} value={page} onChange={setPage} size="lg" hideWithOnePage />
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
