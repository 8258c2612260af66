import { Button, List, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatEditTime } from '../../../domain/edit-time.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import type { HistoryEntry } from '../../../domain/product-cost-edit.ts';
import { pressMessages } from '../../../domain/pressed-at.ts';
import type { RecordChange } from '../../../domain/record-changes.ts';
import { workActionLabels } from '../../../domain/work-state.ts';

const actionNames: Record<HistoryEntry['action'], string> = { create: '作成', update: '更新', delete: '削除' };

/** As many lines as a correction usually has: a longer list shows these and opens on ほか n項目を表示. */
const SHOWN_LINES = 4;

/** One change: 作業終了時間 before → after; a row added or removed with what it held. */
function ChangeLine({ change }: { change: RecordChange }) {
  const item = (
    <Text span fw={700} fz="sm">
      {change.item}
    </Text>
  );
  if (change.before === null)
    return (
      <>
        {item} を追加（{change.after}）
      </>
    );
  if (change.after === null)
    return (
      <>
        {item} を削除（{change.before}）
      </>
    );
  return (
    <>
      {item} {change.before} → {change.after}
    </>
  );
}

/** A correction's lines, all of them when few, else the first few and a button for the rest. */
function Changes({ changes }: { changes: RecordChange[] }) {
  const [open, setOpen] = useState(false);
  if (changes.length === 0) return null;
  const folds = changes.length > SHOWN_LINES + 1;
  const shown = folds && !open ? changes.slice(0, SHOWN_LINES) : changes;
  return (
    <>
      <List size="sm" listStyleType="none" spacing={2}>
        {shown.map((change, index) => (
          <List.Item key={index}>
            <ChangeLine change={change} />
          </List.Item>
        ))}
      </List>
      {folds && (
        <Button variant="subtle" size="compact-sm" px={0} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '一部のみ表示' : `ほか ${changes.length - SHOWN_LINES}項目を表示`}
        </Button>
      )}
    </>
  );
}

/** A press a tablet recorded offline: the entry's time is when it arrived, so the line says when it was pressed. */
function PressedLine({ pressed, timeZone }: { pressed: NonNullable<HistoryEntry['pressed']>; timeZone: string }) {
  return (
    <Text fz="sm">
      {pressMessages.recordedFromOutbox}：
      <Text span fw={700} fz="sm">
        {workActionLabels[pressed.action]}
      </Text>
      （押した時刻 {formatEditTime(pressed.pressed_at, timeZone)}）
    </Text>
  );
}

/** Who changed the record and when, newest first, and what each correction changed (the audit log, docs/PRODUCT.md#data-rules). */
export function HistoryTable({ history, timeZone }: { history: HistoryEntry[]; timeZone: string }) {
  if (history.length === 0) return <Text c="dimmed">変更履歴はありません。</Text>;
  return (
    <ScrollTable label="変更履歴" minWidth={720}>
      <Table striped withTableBorder fz="sm" maw={1280} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>日時</Table.Th>
            <Table.Th w={60}>操作</Table.Th>
            <Table.Th w={140}>担当者</Table.Th>
            <Table.Th>変更内容</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((entry) => (
            <Table.Tr key={entry.id} style={{ verticalAlign: 'top' }}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEditTime(entry.at, timeZone)}</Table.Td>
              <Table.Td>{actionNames[entry.action]}</Table.Td>
              <Table.Td>{entry.actor_name}</Table.Td>
              <Table.Td>
                {entry.pressed && <PressedLine pressed={entry.pressed} timeZone={timeZone} />}
                <Changes changes={entry.changes} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
