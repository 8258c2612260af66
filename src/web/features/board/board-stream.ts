/** How long a board waits before its next attempt to reconnect: doubling from 1 s up to 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}
