import type { QueryClient } from '@tanstack/react-query';
import type { CurrentStation } from '../../domain/stations.ts';
import type { LoginResponse } from '../../domain/user.ts';
import { renewPressCredential } from '../outbox/press-credential.ts';
import { api, ApiError, setCsrfToken } from './client.ts';
import { owedSignOutAfter } from './owed-sign-out.ts';
import { ATTEMPT_TIMEOUT_MS, retryDelay } from './press-retry.ts';
import { OWED_SIGN_OUT, adoptSignedInSession, signOut, userKeys } from './user.ts';

/**
 * Whether this tab's session was signed in by PIN on a station: its sign-out returns to the tiles,
 * and it signs itself out after a while without a touch. The server limits what the session reaches
 * whatever this says (docs/API.md#stations).
 */
const MARK = 'kosu-station-session';
/** The mark's value while a signed-out station's tab is on its way back to the tiles, which forget it there. */
const SIGNED_OUT = 'signed-out';
/** The machine of the station the worker signed in on, preselected as 加工機 on 開始. */
const MACHINE = 'kosu-station-machine';

export function isStationSession(): boolean {
  return sessionStorage.getItem(MARK) === '1';
}

/** The station's machine id as the work screen's field holds it, or null; perhaps deleted since (initialMachine). */
export function stationMachineId(): string | null {
  return isStationSession() ? sessionStorage.getItem(MACHINE) : null;
}

/**
 * Whether this tab's station worker signed out and the tiles are not yet on screen: a signed-out frame
 * drawn meanwhile goes back to the tiles, never to the password sign-in.
 */
export function isLeavingStationSession(): boolean {
  return sessionStorage.getItem(MARK) === SIGNED_OUT;
}

/** Forgets that this tab's session was a station's, once the tiles are on screen (StationPage). */
export function forgetStationSession(): void {
  sessionStorage.removeItem(MARK);
  sessionStorage.removeItem(MACHINE);
}

/** The tiles' location state after a worker's session ended on the server, so that they say why. */
export const stationSessionEnded = { sessionEnded: true } as const;

export function isAfterSessionEnded(locationState: unknown): boolean {
  return (locationState as Partial<typeof stationSessionEnded> | null)?.sessionEnded === true;
}

/**
 * Signs the worker out; on a station, the screen then returns to the tiles. A station without a
 * network signs the worker out on the screen at once (their presses wait in the outbox with their
 * own credential) and tells the server as soon as it can.
 */
export async function endSession(queryClient: QueryClient): Promise<void> {
  try {
    await signOut(queryClient);
  } catch (error) {
    if (!(isStationSession() && error instanceof ApiError && error.status === 0)) throw error;
    localStorage.setItem(OWED_SIGN_OUT, '1');
    queryClient.clear();
    queryClient.setQueryData(userKeys.current, null);
  }
  // Not forgotten yet: the frame may be drawn signed out before the way to the tiles is taken, and must
  // then know where it goes (AppLayout). A password user's tab carries no mark to change.
  if (isStationSession()) {
    sessionStorage.setItem(MARK, SIGNED_OUT);
    sessionStorage.removeItem(MACHINE);
  }
}

let owedSignOutRetry: ReturnType<typeof setTimeout> | undefined;
/** The owed sign-out's call while it is out, which a PIN sign-in waits for (signInByPin). */
let owedSignOutCall: Promise<void> | undefined;
/** Set while a PIN sign-in is out: no owed sign-out may start beside it. */
let signingIn = false;

/**
 * Sends a sign-out the station owes the server, if any (called as the page opens and when the
 * network returns). A browser calls itself online as soon as its Wi-Fi is back, often before a
 * request gets through, so an attempt that got no answer is made again with the presses' growing
 * pause (press-retry.ts) until one is answered or a worker signs in, which settles it too
 * (owed-sign-out.ts says what each answer leaves). One attempt is out at a time.
 */
export function settleOwedSignOut(): Promise<void> {
  return attemptOwedSignOut(1);
}

function attemptOwedSignOut(attempt: number): Promise<void> {
  clearTimeout(owedSignOutRetry);
  if (localStorage.getItem(OWED_SIGN_OUT) !== '1' || isStationSession() || signingIn) return Promise.resolve();
  owedSignOutCall ??= sendOwedSignOut(attempt).finally(() => (owedSignOutCall = undefined));
  return owedSignOutCall;
}

/**
 * The call alone: the screen signed the worker out when it went offline, and whoever uses the
 * tablet now must not lose what the screen holds when the answer comes.
 */
async function sendOwedSignOut(attempt: number): Promise<void> {
  try {
    const { csrf_token } = await api<{ csrf_token: string }>('POST', '/api/logout', undefined, {
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    setCsrfToken(csrf_token);
    localStorage.removeItem(OWED_SIGN_OUT);
  } catch (error) {
    const outcome = owedSignOutAfter(error);
    if (outcome === 'settled') localStorage.removeItem(OWED_SIGN_OUT);
    if (outcome === 'retry') owedSignOutRetry = setTimeout(() => void attemptOwedSignOut(attempt + 1), retryDelay(attempt));
  }
}

/** POST /api/login/pin: the same answer as a password sign-in. */
export async function signInByPin(queryClient: QueryClient, station: CurrentStation, employeeId: number, pin: string): Promise<void> {
  // An owed sign-out that crossed this sign-in would end the session both carry first, and the
  // later of the two would be refused as from a page that has expired (419): the sign-in waits for
  // one that is out, and none starts until it has its answer. Refused, the sign-in leaves it owed.
  signingIn = true;
  clearTimeout(owedSignOutRetry);
  let answer: LoginResponse;
  try {
    await owedSignOutCall;
    answer = await api<LoginResponse>('POST', '/api/login/pin', { employee_id: employeeId, pin });
  } catch (error) {
    signingIn = false;
    void settleOwedSignOut();
    throw error;
  }
  signingIn = false;
  const { user, csrf_token } = answer;
  adoptSignedInSession(csrf_token);
  sessionStorage.setItem(MARK, '1');
  if (station.machine_id === null) sessionStorage.removeItem(MACHINE);
  else sessionStorage.setItem(MACHINE, String(station.machine_id));
  queryClient.clear();
  queryClient.setQueryData(userKeys.current, user);
  // The worker's presses made offline are sent with it even after they signed out. Without one (the
  // network dropped just now), they are sent only while this worker is signed in on the tablet.
  await renewPressCredential(user.employee_id).catch(() => undefined);
}
