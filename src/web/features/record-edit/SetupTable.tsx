import { EditTimeInput } from './EditTimeInput.tsx';
import { newSetupRow, type SetupRow } from './record-edit-form.ts';
import { RowTable, type RowColumn } from './RowTable.tsx';

const columns: RowColumn[] = [
  { header: '段取り開始', required: true, width: 230 },
  { header: '段取り終了', width: 230 },
];

/** The setups: start and end. Deleting a setup deletes its setup interruptions with it. */
export function SetupTable({ rows, onChange, disabled }: { rows: SetupRow[]; onChange: (rows: SetupRow[]) => void; disabled: boolean }) {
  const change = (key: string, patch: Partial<SetupRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <RowTable
      name="段取り"
      columns={columns}
      rows={rows}
      minWidth={560}
      maxWidth={640}
      disabled={disabled}
      onAdd={() => onChange([...rows, newSetupRow()])}
      onRemove={(key) => onChange(rows.filter((row) => row.key !== key))}
      cells={(row, rowName) => [
        <EditTimeInput
          size="md"
          aria-label={`${rowName} の段取り開始`}
          value={row.started_on}
          onChange={(started_on) => change(row.key, { started_on })}
          disabled={disabled}
        />,
        <EditTimeInput
          size="md"
          aria-label={`${rowName} の段取り終了`}
          value={row.finished_on}
          onChange={(finished_on) => change(row.key, { finished_on })}
          disabled={disabled}
        />,
      ]}
    />
  );
}
