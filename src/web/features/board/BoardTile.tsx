import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { BoardJob } from '../../../domain/board.ts';
import { WorkState, workStateNames } from '../../../domain/work-state.ts';
import { formatSeconds, type BoardTileData } from './board-layout.ts';
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

const secondsSince = (moment: string, serverNowMs: number) => (serverNowMs - Date.parse(moment)) / 1000;

/** One machine: 空き, or each job in progress on it with its state, times and call. */
export function BoardTile({
  tile,
  serverNowMs,
  tickedSeconds,
  onAnswer,
}: {
  tile: BoardTileData;
  /** The server's time now, as the client reckons it from the board's answer. */
  serverNowMs: number;
  /** Seconds since the board's answer: what 作業中 adds to the worked time. */
  tickedSeconds: number;
  onAnswer: (callId: number) => void;
}) {
  const calling = tile.jobs.some((job) => job.call !== null);
  return (
    <Paper withBorder radius="md" p="sm" className={calling ? classes.calling : undefined} data-testid="board-tile">
      <Text fw={700} size="xl" truncate>
        {tile.name}
      </Text>
      {tile.jobs.length === 0 ? (
        <Text className={classes.state} c="dimmed">
          空き
        </Text>
      ) : (
        <Stack gap="xs">
          {tile.jobs.map((job) => (
            <BoardJobView key={job.id} job={job} serverNowMs={serverNowMs} tickedSeconds={tickedSeconds} onAnswer={onAnswer} />
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
  onAnswer,
}: {
  job: BoardJob;
  serverNowMs: number;
  tickedSeconds: number;
  onAnswer: (callId: number) => void;
}) {
  const worked = job.worked_seconds + (job.state === WorkState.Working ? tickedSeconds : 0);
  return (
    <Box data-testid="board-job">
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Text className={classes.state} c={boardStateColors[job.state]} data-testid="board-state">
          {workStateNames[job.state]}
        </Text>
        {job.reason && (
          <Text className={classes.reason} c={boardStateColors[job.state]} truncate>
            {job.reason}
          </Text>
        )}
        {job.stale && (
          <Badge color="red" size="xl" variant="filled">
            要確認
          </Badge>
        )}
      </Group>
      {job.call && (
        <Group gap="xs" justify="space-between" className={classes.call} data-testid="board-call">
          <Text className={classes.reason} fw={700}>
            呼出 {job.call.reason} {formatSeconds(secondsSince(job.call.called_at, serverNowMs))}
          </Text>
          <Button color="dark" size="md" onClick={() => onAnswer(job.call!.id)}>
            対応済み
          </Button>
        </Group>
      )}
      <Text size="xl" fw={600} truncate>
        {[job.slip_no, job.processing_name, job.processing_detail_name, job.workers_name].filter(Boolean).join(' / ')}
      </Text>
      <Group gap="lg" wrap="wrap">
        <Text size="xl" data-testid="board-state-time">
          この状態 {formatSeconds(secondsSince(job.state_since, serverNowMs))}
        </Text>
        <Text size="xl" data-testid="board-worked-time">
          作業時間 {formatSeconds(worked)}
        </Text>
        <Text size="xl" data-testid="board-good">
          良品 {job.superior === null ? '—' : job.superior.toLocaleString('ja-JP')}
        </Text>
      </Group>
    </Box>
  );
}
