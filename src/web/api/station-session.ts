import type { QueryClient } from '@tanstack/react-query';
import type { CurrentStation } from '../../domain/stations.ts';
import type { LoginResponse } from '../../domain/user.ts';
import { api, setCsrfToken } from './client.ts';
import { signOut, userKeys } from './user.ts';

/**
 * Whether this tab's session was signed in by PIN on a station: its sign-out returns to the tiles,
 * and it signs itself out after a while without a touch. The server limits what the session reaches
 * whatever this says (docs/API.md#stations).
 */
const MARK = 'kosu-station-session';
/** The machine of the station the worker signed in on, preselected as 加工機 on 開始. */
const MACHINE = 'kosu-station-machine';

export function isStationSession(): boolean {
  return sessionStorage.getItem(MARK) === '1';
}

/** The station's machine id as the work screen's field holds it, or null. */
export function stationMachineId(): string | null {
  return isStationSession() ? sessionStorage.getItem(MACHINE) : null;
}

/** Signs the worker out; on a station, the screen then returns to the tiles. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  await signOut(queryClient);
  sessionStorage.removeItem(MARK);
  sessionStorage.removeItem(MACHINE);
}

/** POST /api/login/pin: the same answer as a password sign-in. */
export async function signInByPin(queryClient: QueryClient, station: CurrentStation, employeeId: number, pin: string): Promise<void> {
  const { user, csrf_token } = await api<LoginResponse>('POST', '/api/login/pin', { employee_id: employeeId, pin });
  setCsrfToken(csrf_token);
  sessionStorage.setItem(MARK, '1');
  if (station.machine_id === null) sessionStorage.removeItem(MACHINE);
  else sessionStorage.setItem(MACHINE, String(station.machine_id));
  queryClient.clear();
  queryClient.setQueryData(userKeys.current, user);
}
