import { Alert, Button, Chip, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { kanaRowOf, kanaRows, type KanaRow } from '../../../domain/kana-rows.ts';
import { stationLimits, stationMessages, type CurrentStation, type StationWorker } from '../../../domain/stations.ts';
import { failureMessage } from '../../api/client.ts';
import { isWaitingForConnection, waitOutLostConnection } from '../../api/read-retry.ts';
import { isAfterSessionEnded, signInByPin } from '../../api/station-session.ts';
import { OutboxStatus } from '../../outbox/OutboxStatus.tsx';
import { Keypad } from '../../components/Keypad.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { WaitingForConnection } from '../../components/WaitingForConnection.tsx';
import { pathTo } from '../../route-paths.ts';
import { fetchStationWorkers, stationKeys } from './station-api.ts';

const ALL = 'all';
const pinRules = { maxLength: stationLimits.pinMax, minLength: stationLimits.pinMin, wholeNumber: false, digitsOnly: true };
/** The kana rows' chips as tall as the tiles' other targets for a gloved finger (Mantine's xl chip is 40 px). */
const rowChipStyles = { label: { height: 48, paddingInline: 20 } };
/** A long name breaks between family and given name first, and inside a word only when one is wider than the tile. */
const nameWrap = { wordBreak: 'keep-all', overflowWrap: 'anywhere' } as const;

/** 作業者を選択: a tile per worker with a PIN, found by the kana row of their reading, then the PIN. */
export function WorkerTiles({ station }: { station: CurrentStation }) {
  const workers = useQuery({ queryKey: stationKeys.workers, queryFn: fetchStationWorkers, ...waitOutLostConnection });
  const [row, setRow] = useState<KanaRow | typeof ALL>(ALL);
  const [chosen, setChosen] = useState<StationWorker | null>(null);
  const location = useLocation();
  // Sent here by a session that ended on the server, the worker reads why the PIN is asked again.
  const [error, setError] = useState<string | null>(isAfterSessionEnded(location.state) ? stationMessages.sessionEnded : null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (workers.isError) return <LoadError error={workers.error} onRetry={() => void workers.refetch()} />;
  const shown = (workers.data ?? []).filter((worker) => row === ALL || kanaRowOf(worker.phonetic_name) === row);

  const signIn = async (worker: StationWorker, pin: string) => {
    setError(null);
    try {
      await signInByPin(queryClient, station, worker.id, pin);
      navigate(pathTo('product_cost'), { replace: true });
    } catch (failure) {
      // Shown above everyone's tiles: whose PIN was refused or locked, lest the next worker read it as theirs.
      setError(`${worker.name}さん：${failureMessage(failure)}`);
    }
  };

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          作業者を選択
        </Title>
        <Text c="dimmed">{station.name}</Text>
      </Group>
      <OutboxStatus />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {isWaitingForConnection(workers) ? (
        <WaitingForConnection />
      ) : (
        <>
          <Chip.Group multiple={false} value={row} onChange={(value) => setRow(value as KanaRow | typeof ALL)}>
            <Group gap="xs" role="group" aria-label="行で絞り込む">
              <Chip value={ALL} size="xl" styles={rowChipStyles}>
                すべて
              </Chip>
              {kanaRows.map((kana) => (
                <Chip key={kana} value={kana} size="xl" styles={rowChipStyles}>
                  {kana}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
            {shown.map((worker) => (
              <Button
                key={worker.id}
                variant="light"
                h="auto"
                mih={112}
                py="sm"
                onClick={() => setChosen(worker)}
                // A long name wraps inside its tile instead of being cut off.
                styles={{
                  inner: { height: 'auto' },
                  label: { flexDirection: 'column', whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' },
                }}
              >
                <Text fz={28} fw={700} lh={1.3} style={nameWrap}>
                  {worker.name}
                </Text>
                <Text fz="md" c="dimmed" style={nameWrap}>
                  {worker.phonetic_name}
                </Text>
              </Button>
            ))}
          </SimpleGrid>
        </>
      )}
      {/* No tile at all is a setting still to make, not a kana row without names. */}
      {workers.data && shown.length === 0 && (
        <Text c="dimmed">{workers.data.length === 0 ? stationMessages.noWorkerHasPin : '該当する作業者はいません。'}</Text>
      )}
      <Keypad
        opened={chosen !== null}
        label={chosen ? `${chosen.name}さんの暗証番号` : ''}
        value=""
        rules={pinRules}
        masked
        onCommit={(pin) => chosen && void signIn(chosen, pin)}
        onClose={() => setChosen(null)}
      />
    </Stack>
  );
}
