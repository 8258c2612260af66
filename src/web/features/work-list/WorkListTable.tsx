import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEvent } from 'react';
import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { lineCell, ScrollTable, stuckCell } from '../../components/ScrollTable.tsx';
import { columns, type Column } from './work-list-columns.tsx';
import type { Sort, SortKey } from './work-list-sort.ts';

// A column of names no narrower than this: narrow enough that, with the jobs in progress' buttons, all
// eleven columns fit a tablet held sideways (1280 px), where a column overflowing would lie half under
// the pinned 稼働率.
const NAMES_MIN_WIDTH = '6.5rem';

/** Below this width (a tablet held upright) the table scrolls sideways inside its area, not the page. */
const TABLE_MIN_WIDTH = 1160;

/** A cell's and a header's padding at each side, the same so that a header lines up with its column. */
const CELL_PADDING = 6;

/**
 * Fixed, since the date column sticks beside it: a usual slip (20261122-015) fits on one line, the
 * longest (15 characters) wraps onto a second.
 */
const SLIP_WIDTH = '9rem';
const fixedWidth = (width: string): CSSProperties => ({ width, minWidth: width, maxWidth: width, overflowWrap: 'anywhere' });

/**
 * The key columns — 作業伝票No and 作業日 on the left, 稼働率 on the right — stay in view while the
 * others scroll beneath them on a tablet held upright.
 */
const keyColumns: Partial<Record<SortKey, CSSProperties>> = {
  slip_no: { ...stuckCell('left'), ...fixedWidth(SLIP_WIDTH) },
  started_on: stuckCell('left', SLIP_WIDTH),
  working_rate: stuckCell('right'),
};

function SortHeader({ column, sort, onSort }: { column: Column; sort: Sort; onSort: (key: SortKey) => void }) {
  const active = sort.key === column.key;
  const Icon = !active ? IconSelector : sort.isAsc ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th p={0} style={keyColumns[column.key]} aria-sort={active ? (sort.isAsc ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(column.key)} w="100%" mih={48} px={CELL_PADDING} fw={700}>
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
          <span style={{ whiteSpace: 'nowrap' }}>{column.header}</span>
          <Icon size={16} aria-hidden style={{ flexShrink: 0, opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface WorkListTableProps {
  /** What the table is called for assistive technology: 作業時間一覧, or 作業中の作業. */
  label: string;
  rows: readonly ProductCostListRow[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** Only administrators open a record (docs/PRODUCT.md#roles-and-access); without it rows neither react nor look clickable. */
  onOpen?: (id: number) => void;
}

/** What makes a row open its record: a click, or Enter on the row itself (Enter on 作業中 is that button's). */
function opening(id: number, onOpen: (id: number) => void) {
  return {
    onClick: () => onOpen(id),
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(id);
    },
    tabIndex: 0,
    style: { cursor: 'pointer' },
  };
}

export function WorkListTable({ label, rows, sort, onSort, onOpen }: WorkListTableProps) {
  return (
    <ScrollTable label={label} minWidth={TABLE_MIN_WIDTH}>
      <Table
        aria-label={label}
        highlightOnHover={onOpen !== undefined}
        verticalSpacing={4}
        horizontalSpacing={CELL_PADDING}
        fz="md"
        tabularNums
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} h={56} {...(onOpen && opening(row.id, onOpen))}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.numeric ? 'right' : undefined}
                  style={{ ...lineCell(column.wraps, NAMES_MIN_WIDTH), ...keyColumns[column.key] }}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
