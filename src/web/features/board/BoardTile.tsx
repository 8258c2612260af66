import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import type { BoardJob } from '../../../domain/board.ts';
import { formatCount, formatDurationToSecond, workedTimeRuns } from '../../../domain/product-cost-metrics.ts';
import { WorkState, workStateNames } from '../../../domain/work-state.ts';
import { leadingState, type BoardTileData } from './board-layout.ts';
import classes from './board.module.css';

/** The board's colours (docs/PRODUCT.md#floor-board): 終業 is grey here, since nobody is at the machine. */
const boardStateColors: Record<WorkState, string> = {
  [WorkState.Working]: 'green',
  [WorkState.SettingUp]: 'blue',
  [WorkState.SetupInterrupted]: 'orange',
  [WorkState.WorkInterrupted]: 'orange',
  [WorkState.EndOfDay]: 'gray',
  [WorkState.Finished]: 'gray',
};

/** True inside the board's unseen copies of its tiles (use-board-pages.ts), which carry no test ids: a test finds each tile once. */
const UnseenCopy = createContext(false);

/** Tiles drawn here are copies, measured for their height and never seen. */
export function UnseenTileCopies({ children }: { children: ReactNode }) {
  return <UnseenCopy value={true}>{children}</UnseenCopy>;
}

/** The test id to give an element: none in a copy. */
function useTestIds(): (id: string) => string | undefined {
  const copy = useContext(UnseenCopy);
  return (id) => (copy ? undefined : id);
}

const since = (moment: string, serverNowMs: number) => formatDurationToSecond(serverNowMs - Date.parse(moment));

/**
 * One machine: 空き, or each job in progress on it with its state, times and call. Its left edge takes
 * the colour of its most urgent job, so that a stopped machine is seen from across the floor.
 */
export function BoardTile({
  tile,
  serverNowMs,
  tickedSeconds,
  answeringCallId,
  onAnswer,
}: {
  tile: BoardTileData;
  /** The server's time now, as the client reckons it from the board's answer. */
  serverNowMs: number;
  /** Seconds since the board's answer: what a job adds to its worked time while it runs (every state but 終業). */
  tickedSeconds: number;
  /** The call whose 対応済み is out, if any: its button waits, so that a double tap sends once. */
  answeringCallId: number | null;
  onAnswer: (callId: number) => void;
}) {
  const calling = tile.jobs.some((job) => job.call !== null);
  const leading = leadingState(tile.jobs);
  const edge = calling ? 'red' : leading === null ? 'gray' : boardStateColors[leading];
  const testId = useTestIds();
  return (
    <Paper
      withBorder
      radius="md"
      className={calling ? `${classes.tile} ${classes.calling}` : classes.tile}
      style={{ borderLeft: `12px solid var(--mantine-color-${edge}-${leading === null ? 3 : 6})` }}
      data-testid={testId('board-tile')}
    >
      <Text className={classes.machine}>{tile.name}</Text>
      {tile.jobs.length === 0 ? (
        <Text className={classes.state} c="dimmed">
          空き
        </Text>
      ) : (
        <Stack gap="xs">
          {tile.jobs.map((job) => (
            <BoardJobView
              key={job.id}
              job={job}
              serverNowMs={serverNowMs}
              tickedSeconds={tickedSeconds}
              answering={job.call !== null && job.call.id === answeringCallId}
              onAnswer={onAnswer}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function BoardJobView({
  job,
  serverNowMs,
  tickedSeconds,
  answering,
  onAnswer,
}: {
  job: BoardJob;
  serverNowMs: number;
  tickedSeconds: number;
  answering: boolean;
  onAnswer: (callId: number) => void;
}) {
  const worked = job.worked_seconds + (workedTimeRuns(job.state) ? tickedSeconds : 0);
  const testId = useTestIds();
  return (
    <Box data-testid={testId('board-job')}>
      <Group gap="xs" wrap="wrap" align="center" style={{ rowGap: 0 }}>
        <Text className={classes.state} c={boardStateColors[job.state]} data-testid={testId('board-state')}>
          {workStateNames[job.state]}
        </Text>
        {job.reason && (
          // その他's own words may run to 200 characters: two lines, so that twenty tiles still fit the TV.
          <Text className={classes.reason} c={boardStateColors[job.state]} lineClamp={2} title={job.reason}>
            {job.reason}
          </Text>
        )}
        {job.stale && (
          <Badge color="red" variant="filled" radius="sm" className={classes.stale}>
            要確認
          </Badge>
        )}
      </Group>
      {job.call && (
        <div className={classes.call} data-testid={testId('board-call')}>
          <Text className={classes.reason} fw={700}>
            呼出 {job.call.reason} {since(job.call.called_at, serverNowMs)}
          </Text>
          <Button color="dark" size="lg" className={classes.answer} loading={answering} onClick={() => onAnswer(job.call!.id)}>
            対応済み
          </Button>
        </div>
      )}
      <Text className={classes.slip} truncate>
        {[job.slip_no, job.processing_name, job.processing_detail_name].filter(Boolean).join(' ')}
      </Text>
      <Text size="xl" lineClamp={2} className={classes.line}>
        {job.workers_name}
      </Text>
      <div className={classes.figures}>
        <Figure label="この状態" value={since(job.state_since, serverNowMs)} testId="board-state-time" />
        <Figure label="作業時間" value={formatDurationToSecond(worked * 1000)} testId="board-worked-time" />
        <Figure label="良品" value={job.superior === null ? '—' : formatCount(job.superior)} testId="board-good" />
      </div>
    </Box>
  );
}

/** A figure of the job: its name small, its value large enough for the far side of the floor. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  const testIds = useTestIds();
  return (
    <Text span className={classes.figure} data-testid={testIds(testId)}>
      <Text span size="md" c="dimmed" className={classes.figureLabel}>
        {label}
      </Text>{' '}
      {value}
    </Text>
  );
}
