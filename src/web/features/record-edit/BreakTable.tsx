import { NativeSelect } from '@mantine/core';
import type { SelectorItem } from '../../../domain/masters.ts';
import { INTERRUPTION_OTHER_MAX_LENGTH, workMessages } from '../../../domain/product-cost.ts';
import { LimitedTextInput } from '../../components/LimitedTextInput.tsx';
import { EditTimeInput } from './EditTimeInput.tsx';
import { isOtherReason, newBreakRow, selectChoices, type BreakRow } from './record-edit-form.ts';
import { RowTable, type RowColumn } from './RowTable.tsx';

const columns: RowColumn[] = [
  { header: '中断開始', required: true, width: 220 },
  { header: '中断終了', width: 220 },
  { header: '中断内容', required: true, width: 180 },
  { header: 'その他の内容' },
];

interface BreakTableProps {
  /** 中断, or 段取り n の段取り中断. */
  name: string;
  rows: BreakRow[];
  onChange: (rows: BreakRow[]) => void;
  interruptions: SelectorItem[];
  /** The record's reasons that have been deleted since, to name them. */
  deletedInterruptions: SelectorItem[];
  disabled: boolean;
}

/** Interruptions of the work or of one setup: start, end, reason, and the その他 text for reason 5. */
export function BreakTable({ name, rows, onChange, interruptions, deletedInterruptions, disabled }: BreakTableProps) {
  const change = (key: string, patch: Partial<BreakRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <RowTable
      name={name}
      columns={columns}
      rows={rows}
      minWidth={880}
      disabled={disabled}
      onAdd={() => onChange([...rows, newBreakRow()])}
      onRemove={(key) => onChange(rows.filter((row) => row.key !== key))}
      cells={(row, rowName) => [
        <EditTimeInput
          size="md"
          aria-label={`${rowName} の中断開始`}
          value={row.broken_on}
          onChange={(broken_on) => change(row.key, { broken_on })}
          disabled={disabled}
        />,
        <EditTimeInput
          size="md"
          aria-label={`${rowName} の中断終了`}
          value={row.restarted_on}
          onChange={(restarted_on) => change(row.key, { restarted_on })}
          disabled={disabled}
        />,
        <NativeSelect
          size="md"
          aria-label={`${rowName} の中断内容`}
          data={selectChoices(interruptions, row.interruption_id, deletedInterruptions)}
          value={row.interruption_id}
          onChange={(event) => change(row.key, { interruption_id: event.currentTarget.value })}
          disabled={disabled}
        />,
        // The text is kept while another reason is chosen, so choosing その他 again brings it back.
        isOtherReason(row.interruption_id) && (
          <LimitedTextInput
            size="md"
            aria-label={`${rowName} のその他の内容`}
            value={row.interruption_other}
            onChange={(event) => change(row.key, { interruption_other: event.currentTarget.value })}
            maxLength={INTERRUPTION_OTHER_MAX_LENGTH}
            limitMessage={workMessages.interruptionOtherAtLimit}
            autoComplete="off"
            disabled={disabled}
          />
        ),
      ]}
    />
  );
}
