import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginResponse, UserInfoResponse } from '../../domain/user.ts';
import { api, ApiError, setCsrfToken, takeSignedOutAtLoad } from './client.ts';

/** The signed-in user's one query. */
export const userKeys = { current: ['user'] as const };

const currentUserQuery = { queryKey: userKeys.current, queryFn: fetchCurrentUser, staleTime: Infinity };

/**
 * Asks for the user as the app starts, before the router has the screen's code, so that the two
 * load side by side.
 */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery);
}

/** The signed-in user, or null when signed out: from the request already under way, if there is one. */
export function ensureCurrentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.ensureQueryData(currentUserQuery);
}

/** The signed-in user, or null when signed out; loaded once when the root is created. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, retry: false });
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (takeSignedOutAtLoad()) return null;
  try {
    const { csrf_token, ...user } = await api<UserInfoResponse>('GET', '/api/user/info');
    setCsrfToken(csrf_token);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Set while a station's sign-out could not reach the server: it is sent once the network carries it (station-session.ts). */
export const OWED_SIGN_OUT = 'kosu-station-sign-out-owed';

/**
 * Takes on the session a sign-in started: its CSRF token, and, since every sign-in ends on the server
 * the session the browser carried (docs/API.md#sign-in), a sign-out still owed for that one is settled.
 */
export function adoptSignedInSession(csrfToken: string): void {
  setCsrfToken(csrfToken);
  localStorage.removeItem(OWED_SIGN_OUT);
}

export async function signIn(queryClient: QueryClient, userName: string, password: string): Promise<CurrentUser> {
  const login = () => api<LoginResponse>('POST', '/api/login', { user_name: userName, password });
  const { user, csrf_token } = await login().catch(async (error: unknown) => {
    // Refusals that came together to a browser without a cookie each started a session: the page may
    // hold another one's token than the cookie kept. One more refusal brings the two together again.
    if (!(error instanceof ApiError && error.status === 419)) throw error;
    await api('GET', '/api/user/info').catch(() => undefined);
    return login();
  });
  adoptSignedInSession(csrf_token);
  queryClient.clear();
  queryClient.setQueryData(userKeys.current, user);
  return user;
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  const { csrf_token } = await api<{ csrf_token: string }>('POST', '/api/logout');
  setCsrfToken(csrf_token);
  queryClient.clear();
  queryClient.setQueryData(userKeys.current, null);
}
