import { Divider, Paper, Stack } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { LoadedWorkRecord, WorkRecord } from '../../../domain/product-cost.ts';
import { WorkState } from '../../../domain/work-state.ts';
import { alertDialog } from '../../components/dialogs.tsx';
import { useCurrentUser } from '../../api/user.ts';
import { stationMachineId } from '../../api/station-session.ts';
import { StepBackButton } from '../../components/BackButton.tsx';
import { Page } from '../../components/Page.tsx';
import { OutboxStatus } from '../../outbox/OutboxStatus.tsx';
import { ActionPanel } from './ActionPanel.tsx';
import { clockAfterPresses, clockOfRecord } from './job-clock.ts';
import { callPanelCode } from './call-panel-code.ts';
import type { CallPanelProps } from './CallPanel.tsx';
import { CountSection } from './CountSection.tsx';
import { JobSection } from './JobSection.tsx';
import { problemOf } from './load-work-checks.ts';
import { StateBanner } from './StateBanner.tsx';
import { useScannerKeystrokes } from './use-scanner-keystrokes.ts';
import { useSlipDefaults } from './use-slip-defaults.ts';
import { useWorkActions } from './use-work-actions.ts';
import {
  countsOf,
  emptyCounts,
  emptyJobFields,
  initialMachine,
  initialWorkers,
  interruptionOf,
  jobFieldsOf,
  noInterruption,
  workerChoices,
  type CountValues,
  type InterruptionChoice,
  type StartPress,
} from './work-form.ts';
import { readCountDraft } from './count-drafts.ts';
import { useCountDraft } from './use-count-draft.ts';
import type { WorkOptions } from './work-queries.ts';
import { newSession, sessionFromRecord, type WorkSession } from './work-session.ts';
import classes from './work-screen.module.css';

export const WORK_SCREEN_TITLE = '作業時間管理';

/** 呼出's panel, drawn once its code has come (call-panel-code.ts); without it, nothing. */
const CallPanel = lazy(async (): Promise<{ default: ComponentType<CallPanelProps> }> => ({
  default: (await callPanelCode)?.CallPanel ?? (() => null),
}));

/** A job's presses still in the outbox: the state they lead to, and the reason of the 中断 when that is the last. */
export interface UnsentJob {
  session: WorkSession;
  interruption: InterruptionChoice | null;
  /** Each press's time and the state after it, in the order pressed: the job's times count from them. */
  presses: ReadonlyArray<{ pressedAt: string; after: WorkSession }>;
}

interface WorkScreenProps {
  options: WorkOptions;
  /** The record to resume, or null to start a new one. */
  record: LoadedWorkRecord | null;
  /** When the record's answer came, on the tablet's clock (ms): its 作業時間 ticks on from then. */
  readAt: number;
  /** 要確認 as last read: no action for longer than 要確認までの時間 (docs/PRODUCT.md#stale-jobs). */
  stale: boolean;
  /** Where the job stands after its presses still in the outbox, if it has any. */
  unsent: UnsentJob | undefined;
  onStarted: (record: WorkRecord) => void;
  keptStart: StartPress | null;
  onStartPressed: (press: StartPress) => void;
}

/**
 * 作業時間管理 (docs/PRODUCT.md#work-screen): the job on the left, or on top in portrait; the state, the work buttons,
 * 中断内容 and the counts on the right.
 */
export function WorkScreen({ options, record, readAt, stale, unsent, onStarted, keptStart, onStartPressed }: WorkScreenProps) {
  const signedInId = useCurrentUser().data?.employee_id;
  const [fields, setFields] = useState(
    () =>
      (record && jobFieldsOf(record)) ??
      keptStart?.fields ?? {
        ...emptyJobFields,
        employees: initialWorkers(options.employees, signedInId),
        machine_id: initialMachine(options.machines, stationMachineId()),
      },
  );
  const [counts, setCounts] = useState(
    () =>
      (record && ((record.finished_on === null && readCountDraft(record.id, countsOf(record))) || countsOf(record))) ??
      keptStart?.counts ??
      emptyCounts,
  );
  // Behind unsent presses the record read (perhaps the tablet's copy, offline) no longer tells the reason.
  const [interruption, setInterruption] = useState(() =>
    unsent ? (unsent.interruption ?? noInterruption) : record ? interruptionOf(record) : noInterruption,
  );
  const readSession = record ? sessionFromRecord(record) : newSession;
  const work = useWorkActions(unsent?.session ?? readSession, {
    // Created once, as the hook's first state: the presses still unsent moved the job on from the record read.
    clock: () => clockAfterPresses(record && clockOfRecord(record, readAt), readSession, unsent?.presses ?? []),
    fields,
    counts,
    interruption,
    setInterruption,
    interruptions: options.interruptions,
    // Behind unsent presses the server's last action is older than the tablet's.
    stale: stale && !unsent,
    onStarted,
    keptStart,
    onStartPressed,
    // What another tablet recorded shows here too; a reason chosen for a refused 中断 stays for a retry.
    onReloaded: (loaded) => {
      const open = interruptionOf(loaded);
      if (open.interruption_id !== null) setInterruption(open);
    },
  });

  // Counts typed on a started job are kept on the tablet until 終業 or 終了 takes them.
  const keepDraft = useCountDraft(work.session, record, counts);
  const changeCounts = (next: CountValues) => {
    keepDraft(counts, next);
    setCounts(next);
  };

  const filledFromSlip = useSlipDefaults(fields, setFields, options, work.session.recordId === null && !work.busy);

  // A barcode scanner's keystrokes fill 作業伝票No until the job is started.
  // 呼出 needs the record's id: not before a 開始 made offline is sent.
  const inProgress = typeof work.session.recordId === 'number' && work.session.state !== WorkState.Finished;
  // The camera's スキャン takes what it read the same way, and shows a refusal in its own dialog.
  const takeScan = (scanned: string): Promise<string | null> =>
    problemOf((checks) => {
      const read = checks.readScannedSlip(scanned);
      if ('refused' in read) return read.refused;
      setFields((current) => ({ ...current, slip_no: read.slipNo }));
      return null;
    });
  useScannerKeystrokes(work.session.recordId === null && !work.busy, async (scanned) => {
    const refused = await takeScan(scanned);
    if (refused !== null) await alertDialog(refused);
  });

  return (
    <Page title={WORK_SCREEN_TITLE} size="xl" actions={<StepBackButton parent="product_cost" disabled={work.busy} />}>
      <div className={classes.columns}>
        <JobSection
          fields={fields}
          onChange={setFields}
          options={options}
          workers={workerChoices(options.employees, record)}
          signedInId={signedInId}
          locked={work.session.recordId !== null}
          busy={work.busy}
          onScan={takeScan}
          filledFromSlip={filledFromSlip}
        />
        <Stack gap="sm">
          <Divider hiddenFrom="md" />
          <StateBanner state={work.screenState} connection={work.connection} stale={work.stale} clock={work.clock} />
          <OutboxStatus />
          <ActionPanel
            state={work.screenState}
            settling={work.settling}
            actions={work.actions}
            interruptions={options.interruptions}
            interruption={interruption}
            onInterruptionChange={setInterruption}
            onStart={work.start}
            onSetup={work.toggleSetup}
            onInterrupt={work.interrupt}
            onRestart={work.restart}
            onNowork={work.nowork}
            onFinish={work.finish}
          />
          <Suspense fallback={<CallPanelPlace />}>
            <CallPanel recordId={inProgress ? (work.session.recordId as number) : null} state={work.session.state} unsent={work.unsent} />
          </Suspense>
          <CountSection counts={counts} onChange={changeCounts} disabled={work.busy || work.session.state === WorkState.Finished} />
        </Stack>
      </div>
    </Page>
  );
}

/** Where the 呼出 panel comes, as tall as it is closed, so that the counts below do not move when it arrives. */
function CallPanelPlace() {
  return <Paper withBorder radius="md" bg="red.0" h={{ base: 183, xs: 107 }} />;
}
