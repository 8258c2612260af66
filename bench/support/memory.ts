import { readFileSync } from 'node:fs';

/** A process's resident memory now and at its peak, in MB, as Linux counts them. */
export function processMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kilobytes('VmRSS') / 1024, peakMb: kilobytes('VmHWM') / 1024 };
}
