import { Box, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SLIP_NO_MAX_LENGTH } from '../../../domain/field-limits.ts';
import { KeypadField } from '../../components/KeypadField.tsx';
import type { KeypadRules } from '../../components/keypad-input.ts';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import { lockedInputStyle, selectData, touchSelectProps } from '../../components/select-props.ts';
import type { JobFields } from './work-form.ts';
import type { WorkOptions } from './work-queries.ts';
import { ScanButton } from './ScanButton.tsx';
import { WorkerChecks, type PickableWorker } from './WorkerChecks.tsx';

const slipRules: KeypadRules = { maxLength: SLIP_NO_MAX_LENGTH, wholeNumber: false };

interface JobSectionProps {
  fields: JobFields;
  onChange: (fields: JobFields) => void;
  options: WorkOptions;
  workers: PickableWorker[];
  /** The signed-in worker, shown first among the workers. */
  signedInId: number | undefined;
  /** Once the work has started, what identifies the job is fixed (docs/PRODUCT.md#work-screen). */
  locked: boolean;
  busy: boolean;
  /** What the camera's スキャン read: null when it filled 作業伝票No, else the refusal to show. */
  onScan: (text: string) => Promise<string | null>;
  /** The labels of the fields the slip's last job filled (用紙サイズ, 会社), said under the slip. */
  filledFromSlip: string[];
}

/** What the job is: slip, workers, paper size, processing and its detail, and optionally machine and company. */
export function JobSection({ fields, onChange, options, workers, signedInId, locked, busy, onScan, filledFromSlip }: JobSectionProps) {
  const set = (patch: Partial<JobFields>) => onChange({ ...fields, ...patch });
  // The 必須 marks say what 開始 needs; once started there is nothing left to fill in.
  const label = (text: string): ReactNode => (locked ? text : <RequiredLabel>{text}</RequiredLabel>);
  const disabled = locked || busy;
  const details = options.details.filter((detail) => String(detail.processing_id) === fields.processing_id);
  // Once started, only the job's own workers are listed: the rest could not be ticked anyway.
  const listed = locked ? workers.filter((worker) => fields.employees.includes(String(worker.id))) : workers;
  const slip = (
    <KeypadField
      label="作業伝票No"
      labelNode={label('作業伝票No')}
      value={fields.slip_no}
      onChange={(slip_no) => set({ slip_no })}
      rules={slipRules}
      disabled={disabled}
      placeholder="タップして入力"
      inputStyle={lockedInputStyle}
    />
  );
  const workerChecks = (
    <WorkerChecks
      label={label('作業者')}
      workers={listed}
      value={fields.employees}
      onChange={(employees) => set({ employees })}
      disabled={disabled}
      firstId={signedInId}
    />
  );
  const paperSize = (
    <Select
      label={label('用紙サイズ')}
      data={selectData(options.paperSizes)}
      value={fields.paper_size_id}
      onChange={(paper_size_id) => set({ paper_size_id })}
      disabled={disabled}
      {...touchSelectProps}
    />
  );
  const processing = (
    <>
      <Select
        label={label('加工内容')}
        data={selectData(options.processings)}
        value={fields.processing_id}
        // Only the chosen processing's details are offered, so another processing clears the detail.
        onChange={(processing_id) => set({ processing_id, processing_detail_id: null })}
        disabled={disabled}
        {...touchSelectProps}
      />
      <Select
        label={label('詳細')}
        data={selectData(details)}
        value={fields.processing_detail_id}
        onChange={(processing_detail_id) => set({ processing_detail_id })}
        disabled={disabled || fields.processing_id === null}
        placeholder={fields.processing_id === null ? '先に加工内容' : undefined}
        {...touchSelectProps}
      />
    </>
  );
  const machineAndCompany = (
    <>
      <Select
        label="加工機"
        data={selectData(options.machines)}
        value={fields.machine_id}
        onChange={(machine_id) => set({ machine_id })}
        disabled={disabled}
        {...touchSelectProps}
        allowDeselect
        clearable
      />
      <Select
        label="会社"
        data={selectData(options.companies)}
        value={fields.company_id}
        onChange={(company_id) => set({ company_id })}
        disabled={disabled}
        {...touchSelectProps}
        allowDeselect
        clearable
      />
    </>
  );
  if (locked) {
    // Started, the job is only read: its six fields close up, three a row on an upright tablet, so that the
    // state, the times, the buttons and the counts below still fit its screen. スキャン has nothing left to fill.
    return (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, xs: 3, md: 2 }} spacing="sm" verticalSpacing="xs">
          {slip}
          {paperSize}
          {processing}
          {machineAndCompany}
        </SimpleGrid>
        {workerChecks}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <Box flex={1} miw={0}>
          {slip}
        </Box>
        {/* The camera reads the slip's code while the slip can still be typed: until 開始. */}
        <ScanButton disabled={busy} onRead={onScan} />
      </Group>
      {filledFromSlip.length > 0 && (
        <Text c="blue.8" role="status" mt={-8}>
          {`この伝票の前回の作業から${filledFromSlip.join('と')}を入れました。`}
        </Text>
      )}
      {workerChecks}
      {paperSize}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {processing}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {machineAndCompany}
      </SimpleGrid>
    </Stack>
  );
}
