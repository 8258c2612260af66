import { Badge, Group, Paper, Text } from '@mantine/core';
import { formatDurationToSecond, workedTimeRuns } from '../../../domain/product-cost-metrics.ts';
import { STALE_LABEL, type ScreenState } from '../../../domain/work-state.ts';
import { pressConnectionTexts, type PressConnection } from '../../api/press-retry.ts';
import { useClockReading } from '../../components/use-ticking-clock.ts';
import { stateColors } from '../../components/work-state-colors.ts';
import { jobTimesAt, steadyNow, type JobClock } from './job-clock.ts';
import { screenStateName } from './work-session.ts';

interface StateBannerProps {
  state: ScreenState;
  connection: PressConnection | null;
  stale: boolean;
  /** The job's times; null before 開始. */
  clock: JobClock | null;
}

/**
 * The current state, large enough to read from across the machine, with 要確認 on a job left without
 * an action for too long; while a press's call is out, how it goes (通信中…, or 接続できません。再送しています…
 * while it is resent); under it, once started, the job's 作業時間 and, while a setup or an interruption holds
 * it, この状態, as the board names them.
 */
export function StateBanner({ state, connection, stale, clock }: StateBannerProps) {
  const color = stateColors[state];
  return (
    <Paper radius="md" px="lg" py={6} bg={`${color}.0`} bd={`2px solid var(--mantine-color-${color}-5)`}>
      <Group justify="center" gap="lg" wrap="nowrap">
        <Text size="lg" c="dimmed" fw={600}>
          状態
        </Text>
        <Text fz={34} fw={800} c={`${color}.8`} role="status" data-testid="work-state">
          {screenStateName(state)}
        </Text>
        {stale && (
          <Badge color="red" size="xl" data-testid="work-stale">
            {STALE_LABEL}
          </Badge>
        )}
        {connection && (
          <Text size="lg" fw={700} c={connection === 'resending' ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="press-connection">
            {pressConnectionTexts[connection]}
          </Text>
        )}
      </Group>
      {clock && <JobTimesLine clock={clock} />}
    </Paper>
  );
}

/** The job's times, ticking every second while they grow; large enough to read a step away from the tablet. */
function JobTimesLine({ clock }: { clock: JobClock }) {
  const times = jobTimesAt(clock, useClockReading(steadyNow, 1000, workedTimeRuns(clock.state)));
  return (
    <Group justify="center" gap="xl" wrap="wrap" style={{ rowGap: 0 }}>
      <JobTime label="作業時間" milliseconds={times.workedMs} testId="work-worked-time" />
      {times.heldMs !== null && <JobTime label="この状態" milliseconds={times.heldMs} testId="work-held-time" />}
    </Group>
  );
}

function JobTime({ label, milliseconds, testId }: { label: string; milliseconds: number; testId: string }) {
  return (
    <Text fz={30} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
      <Text span size="lg" c="dimmed" fw={600}>
        {label}
      </Text>{' '}
      {formatDurationToSecond(milliseconds)}
    </Text>
  );
}
