import { Box, SimpleGrid, TextInput } from '@mantine/core';
import { COUNT_MAX } from '../../../domain/field-limits.ts';
import { countLabels, type CountField } from '../../../domain/product-cost-fields.ts';
import { defectiveRate, formatCount, formatRate, totalDefective } from '../../../domain/product-cost-metrics.ts';
import { KeypadField } from '../../components/KeypadField.tsx';
import type { KeypadRules } from '../../components/keypad-input.ts';
import type { CountValues } from './work-form.ts';

/** A count is a whole number no larger than the server keeps. */
const countRules: KeypadRules = { maxLength: String(COUNT_MAX).length, wholeNumber: true };
const defects: CountField[] = ['wound', 'size', 'miss', 'other'];
/** A typed count with its thousands grouped (12,000); empty stays empty, for the placeholder. */
const groupedCount = (value: string) => (value === '' ? '' : formatCount(Number(value)));

/** 良品数 and the four defect counts on keypads, with 不良数合計 and 不良率 following them as they change. */
export function CountSection({
  counts,
  onChange,
  disabled,
}: {
  counts: CountValues;
  onChange: (counts: CountValues) => void;
  disabled: boolean;
}) {
  const field = (name: CountField) => (
    <KeypadField
      key={name}
      label={countLabels[name]}
      value={counts[name]}
      onChange={(value) => onChange({ ...counts, [name]: value })}
      rules={countRules}
      format={groupedCount}
      disabled={disabled}
      placeholder="0"
    />
  );
  const readOnly = {
    readOnly: true,
    variant: 'filled',
    styles: { input: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } },
  } as const;
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" verticalSpacing="sm">
      {field('superior')}
      <TextInput label="不良数合計" value={formatCount(totalDefective(counts))} {...readOnly} />
      <TextInput label="不良率" value={formatRate(defectiveRate(counts))} {...readOnly} />
      {/* Keeps the defects on a row of their own where four fit a row; on a phone it would only leave a hole. */}
      <Box visibleFrom="xs" />
      {defects.map(field)}
    </SimpleGrid>
  );
}
