import { LoadingOverlay } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/LoadError.tsx';
import { BindForm } from './BindForm.tsx';
import { fetchCurrentStation, stationKeys } from './station-api.ts';
import { isWaitingForConnection, stationReadRetry } from './station-reads.ts';
import { WaitingForConnection } from './WaitingForConnection.tsx';
import { WorkerTiles } from './WorkerTiles.tsx';

/** /station: the tablet's first screen — its binding while it is none, then the workers' tiles. */
export function StationPage() {
  const station = useQuery({ queryKey: stationKeys.current, queryFn: fetchCurrentStation, ...stationReadRetry });
  if (isWaitingForConnection(station)) return <WaitingForConnection />;
  if (station.isPending) return <LoadingOverlay visible />;
  if (station.isError) return <LoadError error={station.error} onRetry={() => void station.refetch()} />;
  if (!station.data) return <BindForm onBound={() => void station.refetch()} />;
  return <WorkerTiles station={station.data} />;
}
