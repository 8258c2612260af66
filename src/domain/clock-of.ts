/**
 * The clock time ("8:05") a time written with its offset reads where that offset holds: for the
 * API's times, which carry the workshop's offset, the workshop's clock. Without dayjs, so that the
 * work screen can show a time without loading it.
 */
export function clockOf(isoWithOffset: string): string {
  return `${Number(isoWithOffset.slice(11, 13))}:${isoWithOffset.slice(14, 16)}`;
}
