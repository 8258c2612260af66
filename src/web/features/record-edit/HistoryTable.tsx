import { Table, Text } from '@mantine/core';
import { formatEditTime } from '../../../domain/edit-time.ts';
import type { HistoryEntry } from '../../../domain/product-cost-edit.ts';

const actionNames: Record<HistoryEntry['action'], string> = { create: '作成', update: '更新', delete: '削除' };

/** Who changed the record and when, newest first (the audit log, docs/PRODUCT.md#data-rules). */
export function HistoryTable({ history, timeZone }: { history: HistoryEntry[]; timeZone: string }) {
  if (history.length === 0) return <Text c="dimmed">変更履歴はありません。</Text>;
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table striped withTableBorder fz="sm" maw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>日時</Table.Th>
            <Table.Th>操作</Table.Th>
            <Table.Th>担当者</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatEditTime(entry.at, timeZone)}</Table.Td>
              <Table.Td>{actionNames[entry.action]}</Table.Td>
              <Table.Td>{entry.actor_name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
