import { Box, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { columns } from './work-list-columns.tsx';
import type { Sort, SortKey } from './work-list-sort.ts';

interface WorkListCardsProps {
  label: string;
  rows: readonly ProductCostListRow[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  onOpen?: (id: number) => void;
  /** The sort's select and direction, shown once on a screen: above its first list of cards. */
  sortControls?: boolean;
}

// The card's heading shows these; the rest of the columns are listed under it.
const headingKeys: readonly SortKey[] = ['slip_no', 'started_on', 'state'];
const byKey = (key: SortKey) => columns.find((column) => column.key === key)!;

/**
 * The work-time list on a phone: one card per record, 作業伝票No, 作業日 and the state on top and
 * every other column of the table below, so that nothing needs a sideways scroll. The sort of the
 * table's headers is a select and a direction button here.
 */
export function WorkListCards({ label, rows, sort, onSort, onOpen, sortControls = true }: WorkListCardsProps) {
  const DirectionIcon = sort.isAsc ? IconSortAscending : IconSortDescending;
  return (
    <Stack gap="sm" aria-label={label} role="list">
      {sortControls && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label="並べ替え"
            size="md"
            style={{ flex: 1, minWidth: 0 }}
            data={columns.map((column) => ({ value: column.key, label: column.header }))}
            value={sort.key}
            onChange={(event) => onSort(event.currentTarget.value as SortKey)}
          />
          <Button size="md" variant="default" onClick={() => onSort(sort.key)} leftSection={<DirectionIcon size={20} aria-hidden />}>
            {sort.isAsc ? '昇順' : '降順'}
          </Button>
        </Group>
      )}
      {rows.map((row) => (
        <Card
          key={row.id}
          role="listitem"
          withBorder
          radius="md"
          padding="sm"
          {...(onOpen && { onClick: () => onOpen(row.id), style: { cursor: 'pointer' } })}
        >
          <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {byKey('slip_no').cell(row)}
              </Text>
              <Text size="sm" c="dimmed">
                作業日 {byKey('started_on').cell(row)}
              </Text>
            </Stack>
            {/* The state's button keeps its whole label; a long slip number wraps instead. */}
            <Box style={{ flex: 'none' }}>{byKey('state').cell(row)}</Box>
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
            {columns
              .filter((column) => !headingKeys.includes(column.key))
              .map((column) => (
                <Stack key={column.key} gap={0} miw={0}>
                  <Text size="xs" c="dimmed">
                    {column.header}
                  </Text>
                  <Text size="md" style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Text>
                </Stack>
              ))}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
