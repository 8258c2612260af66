import { Table, Text } from '@mantine/core';
import type { CallEndingAction } from '../../../domain/calls.ts';
import { formatEditTime } from '../../../domain/edit-time.ts';
import type { CallEntry } from '../../../domain/product-cost-edit.ts';
import { formatDurationToSecond } from '../../../domain/product-cost-metrics.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';

/** What 対応者 reads for a call nobody answered, by the action that ended it. */
const endedWithAnswerer: Record<CallEndingAction, string> = { finish: '（作業終了）', noworkStart: '（終業）' };

/**
 * The record's calls for help, oldest first: who called, why and when, who answered and when, and how
 * long it waited. A call still open when its job finished, or stopped for the night, ended with it:
 * its 対応者 reads （作業終了） or （終業）.
 */
export function CallTable({ calls, timeZone }: { calls: CallEntry[]; timeZone: string }) {
  if (calls.length === 0) return <Text c="dimmed">呼出はありません。</Text>;
  return (
    <ScrollTable label="呼出履歴" minWidth={640}>
      <Table striped withTableBorder fz="sm" maw={960}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>呼出日時</Table.Th>
            <Table.Th>呼出内容</Table.Th>
            <Table.Th>呼出者</Table.Th>
            <Table.Th>対応日時</Table.Th>
            <Table.Th>対応者</Table.Th>
            <Table.Th>待ち時間</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => (
            <Table.Tr key={call.id}>
              <Table.Td>{formatEditTime(call.called_at, timeZone)}</Table.Td>
              <Table.Td>{call.reason}</Table.Td>
              <Table.Td>{call.called_by_name}</Table.Td>
              <Table.Td>{call.answered_at === null ? '呼出中' : formatEditTime(call.answered_at, timeZone)}</Table.Td>
              <Table.Td>{call.ended_with === null ? call.answered_by_name : endedWithAnswerer[call.ended_with]}</Table.Td>
              <Table.Td>{formatDurationToSecond(call.waited_seconds * 1000)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
