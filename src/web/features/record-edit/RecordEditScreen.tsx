import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { StepBackButton } from '../../components/BackButton.tsx';
import { RequiredLabel } from '../../components/RequiredBadge.tsx';
import { slipLabelPath } from '../slip-label/index.ts';
import { CountSection, type WorkOptions } from '../work/index.ts';
import { BreakTable } from './BreakTable.tsx';
import { CallTable } from './CallTable.tsx';
import { DurationSummary } from './DurationSummary.tsx';
import { EditSection } from './EditSection.tsx';
import { EditTimeInput } from './EditTimeInput.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { CostTerm, JobCostSection } from './JobCostSection.tsx';
import { JobFields } from './JobFields.tsx';
import { RecordStatus } from './RecordStatus.tsx';
import {
  editPayload,
  formDurations,
  formFromRecord,
  newNoworkRow,
  workerChoices,
  type BreakRow,
  type RecordForm,
} from './record-edit-form.ts';
import type { EditRecord } from '../../../domain/product-cost-edit.ts';
import { SetupTable } from './SetupTable.tsx';
import { SpanTable } from './SpanTable.tsx';
import { useRecordEditActions } from './use-record-edit-actions.ts';

/** The record editor of docs/PRODUCT.md#record-editor, top to bottom, over a record loaded whole. */
export function RecordEditScreen({ record, options }: { record: EditRecord; options: WorkOptions }) {
  const [form, setForm] = useState(() => formFromRecord(record));
  // Unsaved means what would be sent differs from what was loaded; a row added and removed again is no change.
  const loaded = useMemo(() => JSON.stringify(editPayload(formFromRecord(record), record)), [record]);
  const payload = editPayload(form, record);
  const actions = useRecordEditActions(record, JSON.stringify(payload) !== loaded);
  const set = (patch: Partial<RecordForm>) => setForm((current) => ({ ...current, ...patch }));
  const setSetupBreaks = (key: string, setup_break_times: BreakRow[]) =>
    setForm((current) => ({
      ...current,
      setup_times: current.setup_times.map((setup) => (setup.key === key ? { ...setup, setup_break_times } : setup)),
    }));
  const { busy } = actions;

  return (
    <Stack gap="xl">
      <RecordStatus state={record.state} workDate={record.work_date} stale={record.stale}>
        <CostTerm id={record.id} />
      </RecordStatus>
      <JobFields
        values={form}
        onChange={set}
        options={options}
        workers={workerChoices(options.employees, record)}
        deleted={record.deleted_choices}
        disabled={busy}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <EditTimeInput
          label={<RequiredLabel>作業開始時間</RequiredLabel>}
          // Its name without the 必須 badge: a refused save finds the field by it (edit-place.ts).
          aria-label="作業開始時間"
          aria-required
          value={form.started_on}
          onChange={(started_on) => set({ started_on })}
          disabled={busy}
        />
        <EditTimeInput
          label="作業終了時間"
          aria-label="作業終了時間"
          value={form.finished_on}
          onChange={(finished_on) => set({ finished_on })}
          disabled={busy}
        />
      </SimpleGrid>
      <EditSection title="中断">
        <BreakTable
          name="中断"
          rows={form.break_times}
          onChange={(break_times) => set({ break_times })}
          interruptions={options.interruptions}
          deletedInterruptions={record.deleted_choices.interruptions}
          disabled={busy}
        />
      </EditSection>
      <EditSection title="終業">
        {/* When 終業 was pressed and when 始業 was: a stop without 始業 is the record's 終業 state. */}
        <SpanTable
          name="終業"
          startHeader="終業時間"
          endHeader="始業時間"
          rows={form.nowork_times}
          onChange={(nowork_times) => set({ nowork_times })}
          newRow={newNoworkRow}
          disabled={busy}
        />
      </EditSection>
      <EditSection title="段取り">
        <SetupTable rows={form.setup_times} onChange={(setup_times) => set({ setup_times })} disabled={busy} />
      </EditSection>
      <EditSection title="段取り中断">
        {form.setup_times.length === 0 && <Text c="dimmed">段取りを追加すると、ここで段取り中断を入力できます。</Text>}
        {form.setup_times.map((setup, index) => {
          const name = `段取り ${index + 1} の段取り中断`;
          return (
            <EditSection key={setup.key} title={name} order={3}>
              <BreakTable
                name={name}
                rows={setup.setup_break_times}
                onChange={(rows) => setSetupBreaks(setup.key, rows)}
                interruptions={options.interruptions}
                deletedInterruptions={record.deleted_choices.interruptions}
                disabled={busy}
              />
            </EditSection>
          );
        })}
      </EditSection>
      <EditSection title="集計">
        <DurationSummary summary={formDurations(form, record.time_zone, new Date())} />
      </EditSection>
      <EditSection title="数量">
        <CountSection counts={form.counts} onChange={(counts) => set({ counts })} disabled={busy} />
      </EditSection>
      <Group justify="space-between">
        <Button color="red" variant="outline" onClick={() => void actions.remove()} disabled={busy}>
          この作業記録を削除する
        </Button>
        <Group>
          {/* The label of the slip as saved, to stick on a slip that has no barcode. */}
          <Button component={Link} to={slipLabelPath(record.slip_no)} variant="default" disabled={busy}>
            ラベル印刷
          </Button>
          <StepBackButton parent="product_cost" disabled={busy} />
          <Button onClick={() => void actions.save(payload)} loading={busy}>
            保存する
          </Button>
        </Group>
      </Group>
      <JobCostSection id={record.id} />
      <EditSection title="呼出履歴">
        <CallTable calls={record.calls} timeZone={record.time_zone} />
      </EditSection>
      <EditSection title="変更履歴">
        <HistoryTable history={record.history} timeZone={record.time_zone} />
      </EditSection>
    </Stack>
  );
}
