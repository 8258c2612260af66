import type { CurrentStation, StationWorker } from '../../../domain/stations.ts';
import { api, ApiError, setCsrfToken } from '../../api/client.ts';

export const stationKeys = { current: ['station', 'current'] as const, workers: ['station', 'workers'] as const };

/**
 * The station this browser is bound as, or null when it is none (the server answers 403). Its
 * session's CSRF token comes with it: after a worker's session ended on the server, the page's is
 * dead, and the next PIN sign-in would be refused as from an expired page.
 */
export async function fetchCurrentStation(): Promise<CurrentStation | null> {
  try {
    const { csrf_token, ...station } = await api<CurrentStation & { csrf_token: string }>('GET', '/api/station/current');
    setCsrfToken(csrf_token);
    return station;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export const fetchStationWorkers = () => api<StationWorker[]>('GET', '/api/station/workers');

export const bindStation = (code: string) => api<{ station: CurrentStation }>('POST', '/api/station/bind', { code });
