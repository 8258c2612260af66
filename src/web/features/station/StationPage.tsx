import { LoadingOverlay, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isWaitingForConnection, waitOutLostConnection } from '../../api/read-retry.ts';
import { forgetStationSession, isAfterSessionEnded, isLeavingStationSession } from '../../api/station-session.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { WaitingForConnection } from '../../components/WaitingForConnection.tsx';
import { OutboxStatus } from '../../outbox/OutboxStatus.tsx';
import { BindForm } from './BindForm.tsx';
import { fetchCurrentStation, stationKeys } from './station-api.ts';
import { WorkerTiles } from './WorkerTiles.tsx';

/** /station: the tablet's first screen — its binding while it is none, then the workers' tiles. */
export function StationPage() {
  const station = useQuery({ queryKey: stationKeys.current, queryFn: fetchCurrentStation, ...waitOutLostConnection });
  // Sent here by a worker's session that ended, on the server or by signing out, the tab is a signed-in
  // station's no more: forgotten here, once it has arrived, and not on the way, where the frame, drawn
  // again before the tiles came, took the tab for a password user's and sent it to ログイン.
  const arrivedAfterSessionEnded = isAfterSessionEnded(useLocation().state) || isLeavingStationSession();
  useEffect(() => {
    if (arrivedAfterSessionEnded) forgetStationSession();
  }, [arrivedAfterSessionEnded]);
  // With the presses the tablet keeps to send meanwhile: a job finished offline signs its worker out to here.
  if (isWaitingForConnection(station))
    return (
      <Stack p="md" gap="md">
        <OutboxStatus />
        <WaitingForConnection />
      </Stack>
    );
  if (station.isPending) return <LoadingOverlay visible />;
  if (station.isError) return <LoadError error={station.error} onRetry={() => void station.refetch()} />;
  if (!station.data) return <BindForm onBound={() => void station.refetch()} />;
  return <WorkerTiles station={station.data} />;
}
