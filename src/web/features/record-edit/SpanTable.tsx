import { EditTimeInput } from './EditTimeInput.tsx';
import { RowTable } from './RowTable.tsx';

interface Span {
  key: string;
  started_on: string;
  finished_on: string;
}

interface SpanTableProps<T extends Span> {
  /** What a row is, e.g. 段取り: row n is named "<name> n". */
  name: string;
  /** The headers of the required start and the optional end. */
  startHeader: string;
  endHeader: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  newRow: () => T;
  /** Asked before a row goes; false keeps it. */
  confirmRemove?: (row: T, rowName: string) => Promise<boolean>;
  disabled: boolean;
}

/** A table of periods that are only a start and an end: the setups, the end-of-day stops. */
export function SpanTable<T extends Span>({
  name,
  startHeader,
  endHeader,
  rows,
  onChange,
  newRow,
  confirmRemove,
  disabled,
}: SpanTableProps<T>) {
  const change = (key: string, patch: Partial<Span>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = async (key: string) => {
    const index = rows.findIndex((row) => row.key === key);
    if (confirmRemove && !(await confirmRemove(rows[index]!, `${name} ${index + 1}`))) return;
    onChange(rows.filter((row) => row.key !== key));
  };
  return (
    <RowTable
      name={name}
      columns={[
        { header: startHeader, required: true, width: 230 },
        { header: endHeader, width: 230 },
      ]}
      rows={rows}
      minWidth={560}
      maxWidth={640}
      disabled={disabled}
      onAdd={() => onChange([...rows, newRow()])}
      onRemove={(key) => void remove(key)}
      cells={(row, rowName) => [
        <EditTimeInput
          size="md"
          aria-label={`${rowName} の${startHeader}`}
          value={row.started_on}
          onChange={(started_on) => change(row.key, { started_on })}
          disabled={disabled}
        />,
        <EditTimeInput
          size="md"
          aria-label={`${rowName} の${endHeader}`}
          value={row.finished_on}
          onChange={(finished_on) => change(row.key, { finished_on })}
          disabled={disabled}
        />,
      ]}
    />
  );
}
