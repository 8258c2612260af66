import { z } from 'zod';
import { openCallSchema } from './calls.ts';
import { heldSince, type RecordTimes } from './product-cost-metrics.ts';
import { workStateSchema } from './product-cost.ts';

/** What the floor board (現場モニター) shows of one job in progress (docs/API.md#floor-board-any-signed-in-user). */
export const boardJobSchema = z.object({
  id: z.number().int(),
  slip_no: z.string(),
  machine_id: z.number().int().nullable(),
  processing_name: z.string(),
  processing_detail_name: z.string(),
  workers_name: z.string(),
  state: workStateSchema,
  /** When the current state began, with the workshop's offset: the board counts the time in it from here. */
  state_since: z.string(),
  /** The interruption's reason while 段取り中断 or 作業中断. */
  reason: z.string().nullable(),
  /** Worked time so far at `now` of the answer; the board adds the seconds since while it runs (workedTimeRuns: all but 終業). */
  worked_seconds: z.number().int(),
  /** The good count so far: 良品数 as last saved (at the start, at 終業, by a correction); null when none was given. */
  superior: z.number().int().nullable(),
  stale: z.boolean(),
  call: openCallSchema.nullable(),
});
export type BoardJob = z.infer<typeof boardJobSchema>;

const boardMachineSchema = z.object({ id: z.number().int(), name: z.string() });

export const boardSchema = z.object({
  /** The server's time of the answer: the board ticks from it, not from its own clock. */
  now: z.string(),
  /** The active machines, in the board's order. */
  machines: z.array(boardMachineSchema),
  /** Deleted machines the board still names: those a job in progress is still on, and the one asked for by `machine_id`. */
  deleted_machines: z.array(boardMachineSchema),
  jobs: z.array(boardJobSchema),
});
export type Board = z.infer<typeof boardSchema>;

/**
 * When a job in progress entered its current state: the open interruption, setup or 終業 that holds
 * it, else (作業中) the latest moment a period closed, else its start.
 */
export function stateSince(times: RecordTimes): string {
  const openSetup = times.setup_times.find((setup) => setup.finished_on === null);
  const holding = heldSince({
    nowork: times.nowork_times.find((stop) => stop.finished_on === null)?.started_on ?? null,
    workBreak: times.break_times.find((pause) => pause.restarted_on === null)?.broken_on ?? null,
    setupBreak: openSetup?.setup_break_times.find((pause) => pause.restarted_on === null)?.broken_on ?? null,
    setup: openSetup?.started_on ?? null,
  });
  if (holding !== null) return holding;
  const closed = [
    ...times.break_times.map((pause) => pause.restarted_on),
    ...times.setup_times.flatMap((setup) => [setup.finished_on, ...setup.setup_break_times.map((pause) => pause.restarted_on)]),
    ...times.nowork_times.map((stop) => stop.finished_on),
  ].filter((moment): moment is string => moment !== null);
  return [times.started_on, ...closed].sort().at(-1)!;
}
