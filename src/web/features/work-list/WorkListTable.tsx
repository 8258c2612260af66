import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { columns, type Column } from './work-list-columns.tsx';
import type { Sort, SortKey } from './work-list-sort.ts';

const noWrapping = { whiteSpace: 'nowrap' } as const;
// Names break between words (after 、 or a space), never inside a name.
const wrapping = { minWidth: '8rem', wordBreak: 'keep-all' } as const;

/** Below this width (a tablet held upright) the table scrolls sideways inside its area, not the page. */
const TABLE_MIN_WIDTH = 1160;

function SortHeader({ column, sort, onSort }: { column: Column; sort: Sort; onSort: (key: SortKey) => void }) {
  const active = sort.key === column.key;
  const Icon = !active ? IconSelector : sort.isAsc ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th p={0} aria-sort={active ? (sort.isAsc ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(column.key)} w="100%" mih={48} px="xs" fw={700}>
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
          <span style={{ whiteSpace: 'nowrap' }}>{column.header}</span>
          <Icon size={16} aria-hidden style={{ flexShrink: 0, opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface WorkListTableProps {
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

export function WorkListTable({ rows, sort, onSort, onOpen }: WorkListTableProps) {
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native">
      <Table
        aria-label="作業時間一覧"
        highlightOnHover={onOpen !== undefined}
        verticalSpacing={4}
        horizontalSpacing="xs"
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
                <Table.Td key={column.key} ta={column.numeric ? 'right' : undefined} style={column.wraps ? wrapping : noWrapping}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
