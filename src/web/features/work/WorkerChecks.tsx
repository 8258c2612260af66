import { Button, Checkbox, Loader, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { messages } from '../../../domain/messages.ts';
import { WorkerTiles, type PickableWorker } from './WorkerCards.tsx';

export type { PickableWorker } from './WorkerCards.tsx';

/** Up to this many workers are all shown as tiles; more, and the others wait behind a picker. */
const ALL_SHOWN_UP_TO = 8;

interface WorkerChecksProps {
  label: ReactNode;
  workers: PickableWorker[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
  /** Shown first: the signed-in worker on the work screen. */
  firstId?: number;
}

const otherWorkersCode = () => import('./OtherWorkersPanel.tsx');
type PanelProps = Parameters<typeof import('./OtherWorkersPanel.tsx').OtherWorkersPanel>[0] & { onRetry: () => void };
const lazyPanel = () =>
  lazy<ComponentType<PanelProps>>(() =>
    otherWorkersCode().then(
      (module) => ({ default: module.OtherWorkersPanel }),
      // Not loaded (the network lost before the tablet ever kept it): said in the panel, the tiles in view still tick.
      () => ({ default: ({ onRetry }) => <LoadError error={new ApiError(0, messages.http.network)} onRetry={onRetry} /> }),
    ),
  );
let OtherWorkersPanel = lazyPanel();
/**
 * A lazy component resolves once, here to the message when the code could not be fetched: 再読み込み
 * makes a new one, whose import() is tried again (docs/DECISIONS.md says which browsers fetch it anew).
 */
function fetchPanelAgain() {
  OtherWorkersPanel = lazyPanel();
}

/**
 * 作業者: one large card per worker, several allowed; the whole card is the touch target. With more
 * than eight workers, the signed-in worker and those ticked stay in view and the others are behind
 * ほかの作業者を選ぶ, found by kana row (あ か さ … of the フリガナ) or by a search, so that twenty or
 * thirty staff do not push the job's fields below the fold.
 */
export function WorkerChecks({ label, workers, value, onChange, disabled, firstId }: WorkerChecksProps) {
  const ordered = [...workers.filter((worker) => worker.id === firstId), ...workers.filter((worker) => worker.id !== firstId)];
  // Those in view stay in view until the screen is left, ticked or not, so that a tile never jumps away under a finger.
  const [inView, setInView] = useState(() => new Set([...value, ...(firstId === undefined ? [] : [String(firstId)])]));
  const picked = (next: string[]) => {
    setInView((current) => new Set([...current, ...next]));
    onChange(next);
  };
  const all = ordered.length <= ALL_SHOWN_UP_TO;
  const shown = all ? ordered : ordered.filter((worker) => inView.has(String(worker.id)));
  const others = ordered.filter((worker) => !shown.includes(worker));
  return (
    <Checkbox.Group label={label} value={value} onChange={picked} disabled={disabled} size="lg">
      <Stack gap="xs" mt={4}>
        {shown.length > 0 && <WorkerTiles workers={shown} value={value} disabled={disabled} />}
        {!all && <OtherWorkers workers={others} value={value} disabled={disabled} />}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * The compact picker: closed, one button; open, the kana rows, a search and the matching tiles
 * (OtherWorkersPanel), whose code is fetched once the screen is drawn, before a finger reaches it.
 */
function OtherWorkers({ workers, value, disabled }: { workers: PickableWorker[]; value: string[]; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  // Counts 再読み込み's presses: the render each brings draws the new panel of fetchPanelAgain.
  const [, setAttempts] = useState(0);
  const panelId = useId();
  useEffect(() => void otherWorkersCode().catch(() => undefined), []);
  const Chevron = open ? IconChevronUp : IconChevronDown;
  return (
    <>
      <Button
        variant="light"
        size="lg"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        rightSection={<Chevron size={20} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        ほかの作業者を選ぶ（{workers.length}人）
      </Button>
      {open && (
        <Suspense fallback={<Loader size="md" aria-label="読み込み中" />}>
          <OtherWorkersPanel
            id={panelId}
            workers={workers}
            value={value}
            disabled={disabled}
            onRetry={() => {
              fetchPanelAgain();
              setAttempts((attempts) => attempts + 1);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
