import { Badge, Button, Group } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { processingContent, shownMachineName, slashDate, type ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { formatRate, formatShownDuration } from '../../../domain/product-cost-metrics.ts';
import { STALE_LABEL, WorkState, workStateNames } from '../../../domain/work-state.ts';
import { stateColors } from '../../components/work-state-colors.ts';
import { pathTo } from '../../route-paths.ts';
import type { SortKey } from './work-list-sort.ts';

export interface Column {
  key: SortKey;
  header: string;
  cell: (row: ProductCostListRow) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Names may wrap onto a second line; every other column keeps to one. */
  wraps?: boolean;
}

/**
 * A job in progress shows its state as the work screen names and colours it (作業中, 段取り中, 終業…)
 * on the button that resumes it; the click stops here, so the row does not open the record as well.
 * A job nobody touched for longer than 要確認までの時間 carries a red 要確認 beside it.
 */
function StateCell({ row }: { row: ProductCostListRow }) {
  const navigate = useNavigate();
  if (row.state === WorkState.Finished) return workStateNames[WorkState.Finished];
  const resume = (
    <Button
      // As tall as the work screen's buttons are at least (48 px): a worker resumes a job here, gloved;
      // narrower at the sides than a large button, for the list's columns to fit at 1280 px.
      size="lg"
      px="sm"
      color={stateColors[row.state]}
      autoContrast
      leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
      onClick={(event) => {
        event.stopPropagation();
        navigate(pathTo('product_cost.resume', { product_cost_id: row.id }));
      }}
    >
      {workStateNames[row.state]}
    </Button>
  );
  if (!row.stale) return resume;
  return (
    <Group gap="xs" wrap="nowrap">
      {resume}
      <Badge color="red" size="lg" variant="filled">
        {STALE_LABEL}
      </Badge>
    </Group>
  );
}

/** The columns of docs/PRODUCT.md#work-time-list, in order, with their headers. */
export const columns: readonly Column[] = [
  { key: 'state', header: '状態', cell: (row) => <StateCell row={row} /> },
  { key: 'slip_no', header: '作業伝票No', cell: (row) => row.slip_no },
  { key: 'started_on', header: '作業日', cell: (row) => slashDate(row.work_date) },
  // A name keeps its family and given names together; the list breaks only between people.
  { key: 'workers_name', header: '作業者', cell: (row) => row.workers_name.replaceAll(' ', '\u00a0'), wraps: true },
  { key: 'paper_size_name', header: '用紙サイズ', cell: (row) => row.paper_size_name },
  { key: 'processing', header: '加工内容', cell: processingContent, wraps: true },
  { key: 'machine_name', header: '加工機', cell: shownMachineName, wraps: true },
  // From the seconds, so that a job of less than a minute does not read 0:00 beside its working rate.
  { key: 'worked_seconds', header: '作業時間', cell: (row) => formatShownDuration(row.worked_seconds * 1000), numeric: true },
  { key: 'breaked_seconds', header: '中断時間', cell: (row) => formatShownDuration(row.breaked_seconds * 1000), numeric: true },
  { key: 'total_defective', header: '不良数', cell: (row) => row.total_defective, numeric: true },
  { key: 'working_rate', header: '稼働率', cell: (row) => formatRate(row.working_rate), numeric: true },
];
