import { editMessages } from '../../../domain/product-cost-edit.ts';
import { confirmDialog } from '../../components/dialogs.tsx';
import { newSetupRow, type SetupRow } from './record-edit-form.ts';
import { SpanTable } from './SpanTable.tsx';

/**
 * The setups: start and end. Deleting a setup deletes its setup interruptions with it, so a setup
 * that has some is deleted only once that is confirmed.
 */
export function SetupTable({ rows, onChange, disabled }: { rows: SetupRow[]; onChange: (rows: SetupRow[]) => void; disabled: boolean }) {
  return (
    <SpanTable
      name="段取り"
      startHeader="段取り開始"
      endHeader="段取り終了"
      rows={rows}
      onChange={onChange}
      newRow={newSetupRow}
      confirmRemove={(row, rowName) =>
        row.setup_break_times.length === 0
          ? Promise.resolve(true)
          : confirmDialog(editMessages.confirmSetupDelete(rowName, row.setup_break_times.length), { action: '削除する' })
      }
      disabled={disabled}
    />
  );
}
