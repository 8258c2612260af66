import { Grid, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import type { SelectorItem } from '../../../domain/masters.ts';
import type { DeletedChoices } from '../../../domain/product-cost-edit.ts';
import { SLIP_NO_MAX_LENGTH } from '../../../domain/field-limits.ts';
import { KeypadField } from '../../components/KeypadField.tsx';
import type { KeypadRules } from '../../components/keypad-input.ts';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import { WorkerChecks, type WorkOptions } from '../work/index.ts';
import { selectChoices, type RecordForm } from './record-edit-form.ts';

const slipRules: KeypadRules = { maxLength: SLIP_NO_MAX_LENGTH, wholeNumber: false };

type JobValues = Pick<
  RecordForm,
  'slip_no' | 'employees' | 'paper_size_id' | 'processing_id' | 'processing_detail_id' | 'machine_id' | 'company_id'
>;

interface JobFieldsProps {
  values: JobValues;
  onChange: (patch: Partial<JobValues>) => void;
  options: WorkOptions;
  workers: SelectorItem[];
  /** The record's choices that have left the lists, to name them. */
  deleted: DeletedChoices;
  disabled: boolean;
}

/**
 * What the job is: slip on the keypad, workers, and the selects, each with an empty option (docs/PRODUCT.md#record-editor);
 * native selects, quick with a keyboard on the office desktop and a picker on a tablet.
 */
export function JobFields({ values, onChange, options, workers, deleted, disabled }: JobFieldsProps) {
  const details = options.details.filter((detail) => String(detail.processing_id) === values.processing_id);
  const select = (
    label: string,
    field: keyof Omit<JobValues, 'slip_no' | 'employees'>,
    items: readonly SelectorItem[],
    deletedItems: readonly SelectorItem[],
  ) => (
    <NativeSelect
      label={label}
      size="lg"
      data={selectChoices(items, values[field], deletedItems)}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.currentTarget.value })}
      disabled={disabled}
    />
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <KeypadField
          label="作業伝票No"
          labelNode={<RequiredLabel>作業伝票No</RequiredLabel>}
          value={values.slip_no}
          onChange={(slip_no) => onChange({ slip_no })}
          rules={slipRules}
          disabled={disabled}
        />
      </SimpleGrid>
      <WorkerChecks
        label={<RequiredLabel>作業者</RequiredLabel>}
        workers={workers}
        value={values.employees}
        onChange={(employees) => onChange({ employees })}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {select('用紙サイズ', 'paper_size_id', options.paperSizes, deleted.paper_sizes)}
        <NativeSelect
          label="加工内容"
          size="lg"
          data={selectChoices(options.processings, values.processing_id, deleted.processings)}
          value={values.processing_id}
          // Only the chosen processing's details are offered, so another processing clears the detail.
          onChange={(event) => onChange({ processing_id: event.currentTarget.value, processing_detail_id: '' })}
          disabled={disabled}
        />
        {select('詳細', 'processing_detail_id', details, deleted.processing_details)}
      </SimpleGrid>
      {/* 加工機 under 用紙サイズ; 会社 takes the rest of the row, since a company's name (株式会社…ホールディングス) is the longest. */}
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>{select('加工機', 'machine_id', options.machines, deleted.machines)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>{select('会社', 'company_id', options.companies, deleted.companies)}</Grid.Col>
      </Grid>
    </Stack>
  );
}
