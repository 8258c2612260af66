import path from 'node:path';
import { apiSession } from '../../e2e/support/api.ts';
import { startServer, type RunningServer } from '../../e2e/support/server.ts';
import type { ApiSession, WorkClient } from './work-client.ts';

/** The test page stands in for the client: these suites drive the API of the built server only. */
const webRoot = path.resolve(import.meta.dirname, '../fixtures/web');

/** The real server on a new SQLite data directory, or again on `dataDir` (a restart). */
export const startWorkServer = (dataDir?: string): Promise<RunningServer> => startServer({ WEB_ROOT: webRoot }, { dataDir });

/**
 * One signed-in session per tablet, all as the administrator, who may also read records whole. One
 * after another: sign-in counts an attempt before checking the password, so more than five at once
 * for one user ID would be throttled.
 */
export async function signIn(server: RunningServer, count: number): Promise<ApiSession[]> {
  const sessions: ApiSession[] = [];
  for (let index = 0; index < count; index++) sessions.push(await apiSession(server.baseUrl));
  return sessions;
}

/** Every tablet presses on its own session until `running()` turns false; the first error of any is thrown once all have stopped. */
export async function driveLoad(clients: WorkClient[], sessions: ApiSession[], running: () => boolean): Promise<void> {
  const results = await Promise.allSettled(clients.map((client, index) => client.run(sessions[index]!, running)));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
