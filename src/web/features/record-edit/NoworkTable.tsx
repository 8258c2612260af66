import { newNoworkRow, type NoworkRow } from './record-edit-form.ts';
import { SpanTable } from './SpanTable.tsx';

/**
 * The end-of-day stops: when 終業 was pressed and when 始業 was. A stop without 始業 is the record's
 * 終業 state, which only a record in progress can be in.
 */
export function NoworkTable({ rows, onChange, disabled }: { rows: NoworkRow[]; onChange: (rows: NoworkRow[]) => void; disabled: boolean }) {
  return (
    <SpanTable
      name="終業"
      startHeader="終業時間"
      endHeader="始業時間"
      rows={rows}
      onChange={onChange}
      newRow={newNoworkRow}
      disabled={disabled}
    />
  );
}
