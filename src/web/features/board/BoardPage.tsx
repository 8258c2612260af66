import { Alert, Badge, Box, Button, Group, Select, Text, Title } from '@mantine/core';
import { BackButton } from '../../components/BackButton.tsx';
import type { CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import { parseIdText } from '../../../domain/field-limits.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { boardTiles, callingMachines, floorSummary, missingMachine, PAGE_HOLD_MS, PAGE_TURN_MS } from './board-layout.ts';
import { useAnswerCall, useBoard } from './board-queries.ts';
import { BoardTile, UnseenTileCopies } from './BoardTile.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import classes from './board.module.css';
import { useBoardEvents } from './use-board-events.ts';
import { useBoardPages, useHeldJobOrder, usePageTurner } from './use-board-pages.ts';
import { useTickingClock } from '../../components/use-ticking-clock.ts';

export const DISCONNECTED_MESSAGE = '接続が切れました。再接続しています…';

/** 現場モニター (docs/PRODUCT.md#floor-board): every machine's jobs in progress, live. */
export function BoardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const machineId = parseIdText(searchParams.get('machine_id') ?? '');
  const board = useBoard(machineId);
  const connected = useBoardEvents();
  const clientNow = useTickingClock();
  const answer = useAnswerCall();
  const tiles = board.data ? boardTiles(board.data, machineId) : [];
  const missing = board.data ? missingMachine(board.data, machineId) : null;
  const machineOptions = (board.data?.machines ?? []).map((machine) => ({ value: String(machine.id), label: machine.name }));
  // A machine no longer there stays the select's choice, named, rather than reading as すべての加工機.
  if (missing) machineOptions.push({ value: String(machineId), label: missing.label });
  const { pages, roomHeight, screen, grid, copies } = useBoardPages(tiles.map((tile) => tile.key));
  const pageCount = pages.length;
  const { page, hold, held } = usePageTurner(pages, tiles, PAGE_TURN_MS, PAGE_HOLD_MS, machineId);
  const shownTiles = useHeldJobOrder(tiles, held);
  const shown = pages[page]!;

  // The server's time now: its answer's `now` plus what the client's clock has run since the answer came.
  const tickedSeconds = board.data ? Math.max(0, (clientNow - board.dataUpdatedAt) / 1000) : 0;
  const serverNowMs = board.data ? Date.parse(board.data.now) + tickedSeconds * 1000 : 0;

  // A failed 対応済み is said until the board reads again (an event, or the minute's reread): by then
  // the tiles show what holds, and the message would only contradict them.
  const answerError = answer.error && board.dataUpdatedAt <= answer.submittedAt ? answer.error : null;

  const tileProps = {
    serverNowMs,
    tickedSeconds,
    answeringCallId: answer.isPending ? answer.variables : null,
    onAnswer: (callId: number) => answer.mutate(callId),
  };

  const chooseMachine = (value: string | null) => setSearchParams(value ? { machine_id: value } : {});

  return (
    <Box p="xs" ref={screen} onPointerDownCapture={hold}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            現場モニター
          </Title>
          {board.data && (
            // One machine's TV shows its own tile: its call needs no name.
            <FloorSummary
              summary={floorSummary(tiles.flatMap((tile) => tile.jobs))}
              calling={tiles.length > 1 ? callingMachines(tiles) : []}
            />
          )}
        </Group>
        <Group gap="sm">
          {pageCount > 1 && <Text size="lg">{`${page + 1} / ${pageCount}`}</Text>}
          <Select
            aria-label="加工機"
            placeholder="すべての加工機"
            clearable
            data={machineOptions}
            value={machineId === null ? null : String(machineId)}
            onChange={chooseMachine}
          />
          <FullscreenButton />
          <BackButton to="home" />
        </Group>
      </Group>
      {(!connected || (board.data && board.isError)) && (
        <Alert color="red" variant="filled" mb="xs" role="status">
          <Text size="xl" fw={700}>
            {DISCONNECTED_MESSAGE}
          </Text>
        </Alert>
      )}
      {missing && (
        <Alert color="yellow" variant="filled" mb="xs" role="alert">
          <Group gap="md">
            <Text size="xl" fw={700}>
              {missing.message}
            </Text>
            <Button variant="white" color="dark" onClick={() => chooseMachine(null)}>
              すべての加工機
            </Button>
          </Group>
        </Alert>
      )}
      {answerError && (
        <Alert color="red" mb="xs" role="alert">
          {answerError.message}
        </Alert>
      )}
      {board.error && !board.data ? (
        <LoadError error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <div className={classes.pages}>
          <div
            className={`${classes.grid} ${classes.shown}`}
            ref={grid}
            style={roomHeight === null ? undefined : ({ '--board-room': `${roomHeight}px` } as CSSProperties)}
          >
            {shownTiles.slice(shown.start, shown.end).map((tile) => (
              <BoardTile key={tile.key} tile={tile} {...tileProps} />
            ))}
          </div>
          {/* Every tile once more, unseen, for the height it takes: a page holds the rows that fit the screen. */}
          <div className={classes.copies} aria-hidden inert>
            <div className={`${classes.grid} ${classes.copyGrid}`} ref={copies}>
              <UnseenTileCopies>
                {tiles.map((tile) => (
                  <div key={tile.key} data-key={tile.key}>
                    <BoardTile tile={tile} {...tileProps} />
                  </div>
                ))}
              </UnseenTileCopies>
            </div>
          </div>
        </div>
      )}
    </Box>
  );
}

/** What is wrong on the floor, in one line beside the title: seen at a glance even when a call's tile is on another page. */
function FloorSummary({ summary, calling }: { summary: ReturnType<typeof floorSummary>; calling: string[] }) {
  const names = calling.join('・');
  const items = [
    { count: summary.calls, label: '呼出', color: 'red', variant: 'filled', names },
    { count: summary.interrupted, label: '中断', color: 'orange', variant: 'filled', names: '' },
    { count: summary.stale, label: '要確認', color: 'red', variant: 'outline', names: '' },
  ].filter((item) => item.count > 0);
  return (
    <Group gap="xs" data-testid="board-summary">
      {items.map((item) => (
        <Badge
          key={item.label}
          color={item.color}
          variant={item.variant}
          radius="sm"
          classNames={{ root: classes.summary, label: classes.summaryLabel }}
          // Many names end in … rather than push the title's row apart; the whole list on pointing at it.
          maw="40rem"
          title={item.names || undefined}
        >
          {item.names ? `${item.label} ${item.count}：${item.names}` : `${item.label} ${item.count}`}
        </Badge>
      ))}
    </Group>
  );
}
