import { Center, Loader } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { WorkRecord } from '../../../domain/product-cost.ts';
import { isWaitingForConnection } from '../../api/read-retry.ts';
import { StepBackButton } from '../../components/BackButton.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Page } from '../../components/Page.tsx';
import { WaitingForConnection } from '../../components/WaitingForConnection.tsx';
import { parseRouteId, pathTo } from '../../route-paths.ts';
import type { Ref } from '../../outbox/outbox-press.ts';
import { useOutbox } from '../../outbox/use-outbox.ts';
import { NotFoundPage } from '../not-found/index.ts';
import { interruptionOfPress, startPressOf, type StartPress } from './work-form.ts';
import { useWorkOptions, useWorkRecord, type WorkOptions } from './work-queries.ts';
import type { WorkSession } from './work-session.ts';
import { WORK_SCREEN_TITLE, WorkScreen, type UnsentJob } from './WorkScreen.tsx';

/**
 * product_cost.create and product_cost.resume. 開始 replaces the address with the new record's
 * resume address, so that a reload resumes it; the screen that started it stays as it is. A 開始 is
 * kept in the create entry's history state before it is sent, so that Forward or a reload back to
 * that entry shows the same form with the same key. A job with presses still in the outbox opens
 * where those presses left it (docs/PRODUCT.md#offline-presses).
 */
export function WorkPage() {
  const raw = useParams().product_cost_id;
  const id = raw === undefined ? undefined : parseRouteId(raw);
  const [startedId, setStartedId] = useState<number>();
  const navigate = useNavigate();
  const location = useLocation();
  const { options, error, retry, waitingForConnection } = useWorkOptions();
  const outbox = useOutbox();

  if (id === null) return <NotFoundPage />;
  if (error) {
    return (
      <Frame>
        <LoadError error={error} onRetry={retry} />
      </Frame>
    );
  }
  if (!options || !outbox) {
    return <Frame>{waitingForConnection ? <WaitingForConnection /> : <Loading />}</Frame>;
  }
  /** Where the job stands after its presses still in the outbox, if it has any. */
  const unsentOf = (job: Ref): UnsentJob | undefined => {
    const kept = outbox.unsent.filter((press) => press.job === job);
    // The outbox keeps the screen's state as this screen gave it (use-work-actions.ts), knowing nothing of its shape.
    const presses = kept.map((press) => ({ pressedAt: press.pressedAt, after: press.after as unknown as WorkSession }));
    const last = kept.at(-1);
    return last && { session: presses.at(-1)!.after, interruption: interruptionOfPress(last.body), presses };
  };

  const started = (record: WorkRecord) => {
    setStartedId(record.id);
    navigate(pathTo('product_cost.resume', { product_cost_id: record.id }), { replace: true });
  };
  const startPressed = (press: StartPress) =>
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { startPress: press } });
  if (id === undefined || id === startedId) {
    const keptStart = startPressOf(location.state);
    return (
      <WorkScreen
        key="new"
        options={options}
        record={null}
        readAt={0}
        stale={false}
        unsent={keptStart ? unsentOf(keptStart.key) : undefined}
        onStarted={started}
        keptStart={keptStart}
        onStartPressed={startPressed}
      />
    );
  }
  // Keyed by record, so that nothing of one record's screen survives into another's.
  return <ResumedWork key={id} id={id} options={options} onStarted={started} unsent={unsentOf(id)} />;
}

interface ResumedWorkProps {
  id: number;
  options: WorkOptions;
  onStarted: (record: WorkRecord) => void;
  unsent: UnsentJob | undefined;
}

function ResumedWork({ id, options, onStarted, unsent }: ResumedWorkProps) {
  const record = useWorkRecord(id);
  if (record.isError) {
    return (
      <Frame>
        <LoadError error={record.error} onRetry={() => void record.refetch()} />
      </Frame>
    );
  }
  if (!record.data) {
    return <Frame>{isWaitingForConnection(record) ? <WaitingForConnection /> : <Loading />}</Frame>;
  }
  return (
    <WorkScreen
      options={options}
      record={record.data}
      readAt={record.dataUpdatedAt}
      stale={record.data.stale}
      unsent={unsent}
      onStarted={onStarted}
      keptStart={null}
      onStartPressed={() => {}}
    />
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Page title={WORK_SCREEN_TITLE} size="xl" actions={<StepBackButton parent="product_cost" />}>
      {children}
    </Page>
  );
}

function Loading() {
  return (
    <Center mih={240}>
      <Loader size="xl" aria-label="読み込み中" />
    </Center>
  );
}
