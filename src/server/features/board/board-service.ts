import type { Kysely } from 'kysely';
import { stateSince, type Board } from '../../../domain/board.ts';
import { isStale } from '../../../domain/settings.ts';
import { toWorkshopIso } from '../../../domain/time.ts';
import { deriveState } from '../../../domain/work-state.ts';
import type { Database } from '../../db/schema.ts';
import { findOpenCalls } from '../../records/open-calls-repository.ts';
import { findPeriodsOf } from '../../records/record-repository.ts';
import { indexPeriods, totalsOf, workersName } from '../../records/record-totals.ts';
import { staleAfterHoursOf } from '../../settings/settings-repository.ts';
import * as repository from './board-repository.ts';

/**
 * What the floor board shows (docs/PRODUCT.md#floor-board): every job in progress with its state, since
 * when, its worked time and good count so far, its open call and whether it is 要確認; and the machines,
 * with the deleted ones a job in progress is still on (or asked for) by name.
 * Times are the server's, so that every board ticks from the same clock.
 */
export class BoardService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
    private readonly clock: () => Date,
  ) {}

  async board(machineId: number | undefined): Promise<Board> {
    const now = this.clock();
    const [records, machines] = await Promise.all([
      repository.findJobsInProgress(this.db, machineId),
      repository.findActiveMachines(this.db),
    ]);
    const ids = records.map((record) => record.id);
    const machinesNamed = new Set(records.flatMap((record) => (record.machine_id === null ? [] : [record.machine_id])));
    if (machineId !== undefined) machinesNamed.add(machineId);
    const [periods, reasons, calls, deletedMachines] = await Promise.all([
      findPeriodsOf(this.db, { ids }),
      repository.findOpenReasons(this.db, ids),
      findOpenCalls(this.db, ids),
      repository.findDeletedMachines(this.db, [...machinesNamed]),
    ]);
    const index = indexPeriods(periods);
    const iso = (utc: string) => toWorkshopIso(utc, this.timeZone);
    const jobs = records.map((record) => {
      const times = index.timesOf(record);
      const state = deriveState({
        finished: false,
        setup: times.setup_times.some((setup) => setup.finished_on === null),
        setupBreak: times.setup_times.some((setup) => setup.setup_break_times.some((pause) => pause.restarted_on === null)),
        workBreak: times.break_times.some((pause) => pause.restarted_on === null),
        nowork: times.nowork_times.some((stop) => stop.finished_on === null),
      });
      const call = calls.get(record.id);
      return {
        id: record.id,
        slip_no: record.slip_no,
        machine_id: record.machine_id,
        processing_name: record.processing_name ?? '',
        processing_detail_name: record.processing_detail_name ?? '',
        workers_name: record.workers_name ?? workersName(index.workersOf(record.id)),
        state,
        state_since: iso(stateSince(times)),
        reason: reasons.get(record.id) ?? null,
        worked_seconds: totalsOf(times, now).worked_seconds,
        superior: record.superior,
        stale: isStale(state, record.updated_at, now, staleAfterHoursOf(record.stale_after_hours)),
        call: call ? { id: call.id, reason: call.reason, called_at: iso(call.called_at) } : null,
      };
    });
    return { now: iso(now.toISOString()), machines, deleted_machines: deletedMachines, jobs };
  }
}
