import { Button, Fieldset, Group, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCalendarDate } from './use-calendar-date.ts';
import { rateLimits, rateStandings, type RateItem, type RateStanding } from '../../domain/rates.ts';
import { readTypedNumber } from './typed-number.ts';

/** A rate as its row holds it while typed: the yen as text, so that a half-typed number is kept as typed. */
export interface RateRow {
  valid_from: string;
  yen_per_hour: string;
}

export const toRateRows = (rates: readonly RateItem[]): RateRow[] =>
  rates.map((rate) => ({ valid_from: rate.valid_from, yen_per_hour: String(rate.yen_per_hour) }));

/** What the rows send: the yen as the number typed, full-width or with commas (the rates schema tells what is wrong with it). */
export const fromRateRows = (rows: readonly RateRow[]) =>
  rows.map((row) => ({ valid_from: row.valid_from, yen_per_hour: readTypedNumber(row.yen_per_hour) }));

/** The cell a refused rate points at, from the path of the schema's first issue. */
export interface RateCell {
  index: number;
  field: keyof RateRow;
}

export function rateCellOf(path: readonly PropertyKey[]): RateCell | null {
  const [list, index, field] = path;
  if (list !== 'rates' || typeof index !== 'number') return null;
  return { index, field: field === 'valid_from' ? 'valid_from' : 'yen_per_hour' };
}

/** The message for a refused rate, after the row it is in (「労務単価 2行目：…」), as a form lists several. */
export function rateIssueMessage(legend: string, issue: { path: readonly PropertyKey[]; message: string }): string {
  const cell = rateCellOf(issue.path);
  return cell ? `${legend} ${cell.index + 1}行目：${issue.message}` : issue.message;
}

/** The mark beside a rate: which one costs today's jobs, and which are yet to come. A replaced one has none. */
const standingBadges: Partial<Record<RateStanding, { label: string; color: string }>> = {
  applies: { label: '適用中', color: 'green' },
  planned: { label: '予定', color: 'blue' },
};

/**
 * 時間チャージ of a machine or 労務単価 of an employee (docs/PRODUCT.md#analytics): one row per start
 * date, with 適用開始日, 単価（円/時）, 適用中 or 予定 as the dates typed stand today, and its own 削除,
 * and 追加 below, which starts a row dated today.
 */
export function RatesTable({
  legend,
  value,
  onChange,
  invalid = null,
}: {
  legend: string;
  value: RateRow[];
  onChange: (rows: RateRow[]) => void;
  /** The cell the red area speaks of, outlined in red until the next save attempt. */
  invalid?: RateCell | null;
}) {
  const isInvalid = (index: number, field: keyof RateRow) => invalid?.index === index && invalid.field === field;
  const change = (index: number, patch: Partial<RateRow>) => onChange(value.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  // Today as 追加 dates a new row: the device's calendar, turning at midnight on a form left open.
  const today = useCalendarDate();
  const standings = rateStandings(value, today);
  const add = () => onChange([...value, { valid_from: today, yen_per_hour: '' }]);
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      styles={{
        root: { margin: 0, padding: 0 },
        legend: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600, marginBottom: 'var(--mantine-spacing-xs)' },
      }}
    >
      {value.length === 0 ? (
        <Text c="dimmed" mb="sm">
          単価は登録されていません。
        </Text>
      ) : (
        <Table maw={680} mb="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>適用開始日</Table.Th>
              <Table.Th>単価（円/時）</Table.Th>
              <Table.Th />
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((row, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    type="date"
                    aria-label={`${legend} ${index + 1} 適用開始日`}
                    error={isInvalid(index, 'valid_from')}
                    value={row.valid_from}
                    onChange={(event) => change(index, { valid_from: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    inputMode="numeric"
                    autoComplete="off"
                    aria-label={`${legend} ${index + 1} 単価（円/時）`}
                    styles={{ input: { textAlign: 'right' } }}
                    error={isInvalid(index, 'yen_per_hour')}
                    value={row.yen_per_hour}
                    onChange={(event) => change(index, { yen_per_hour: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td miw="5.5rem">
                  <StandingBadge standing={standings[index] ?? null} />
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={20} />}
                    aria-label={`${legend} ${index + 1} を削除`}
                    onClick={() => onChange(value.filter((_, at) => at !== index))}
                  >
                    削除
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={20} />} onClick={add} disabled={value.length >= rateLimits.ratesMax}>
          追加
        </Button>
      </Group>
    </Fieldset>
  );
}

/**
 * A badge's look drawn with Text, which the entry already carries: Mantine's Badge would add its chunk to
 * the master forms' imports, and their order to the entry's preload lists, which the work screen loads first.
 */
function StandingBadge({ standing }: { standing: RateStanding | null }) {
  const badge = standing && standingBadges[standing];
  if (!badge) return null;
  return (
    <Text
      span
      fz="sm"
      fw={700}
      c={`${badge.color}.9`}
      bg={`${badge.color}.1`}
      px="sm"
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
    >
      {badge.label}
    </Text>
  );
}
