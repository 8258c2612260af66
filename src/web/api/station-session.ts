import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '../../domain/user.ts';
import { api, setCsrfToken } from './client.ts';
import { userKeys } from './user.ts';

/**
 * Whether this tab's session was signed in by PIN on a station: its sign-out returns to the tiles,
 * and it signs itself out after a while without a touch. The server limits what the session reaches
 * whatever this says (docs/API.md#stations).
 */
const MARK = 'kosu-station-session';

export function isStationSession(): boolean {
  return sessionStorage.getItem(MARK) === '1';
}

export function forgetStationSession(): void {
  sessionStorage.removeItem(MARK);
}

/** POST /api/login/pin: the same answer as a password sign-in. */
export async function signInByPin(queryClient: QueryClient, employeeId: number, pin: string): Promise<void> {
  const { user, csrf_token } = await api<LoginResponse>('POST', '/api/login/pin', { employee_id: employeeId, pin });
  setCsrfToken(csrf_token);
  sessionStorage.setItem(MARK, '1');
  queryClient.clear();
  queryClient.setQueryData(userKeys.current, user);
}
