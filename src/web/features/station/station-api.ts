import type { CurrentStation, StationWorker } from '../../../domain/stations.ts';
import { api, ApiError } from '../../api/client.ts';

export const stationKeys = { current: ['station', 'current'] as const, workers: ['station', 'workers'] as const };

/** The station this browser is bound as, or null when it is none (the server answers 403). */
export async function fetchCurrentStation(): Promise<CurrentStation | null> {
  try {
    return await api<CurrentStation>('GET', '/api/station/current');
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const fetchStationWorkers = () => api<StationWorker[]>('GET', '/api/station/workers');

export const bindStation = (code: string) => api<{ station: CurrentStation }>('POST', '/api/station/bind', { code });
