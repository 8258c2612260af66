import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { defectiveRate, formatDuration, totalDefective, workingRate, type RecordTimes } from '../../../domain/product-cost-metrics.ts';
import { toWorkshopIso, toWorkshopIsoOrNull, workDate } from '../../../domain/time.ts';
import { isStale } from '../../../domain/settings.ts';
import { deriveState, WorkState } from '../../../domain/work-state.ts';
import type { PeriodsOf } from '../../records/record-repository.ts';
import { staleAfterHoursOf } from '../../settings/settings-repository.ts';
import type { ListRecord } from './work-list-repository.ts';
import { indexPeriods, totalsOf, workersName, type StoredTotals } from '../../records/record-totals.ts';

/** What of a record decides whether its derived values need its periods. */
type RecordKeeping = Pick<
  ListRecord,
  'id' | 'started_on' | 'finished_on' | 'worked_seconds' | 'breaked_seconds' | 'setup_seconds' | 'workers_name'
>;

/** Whether a record's list values need its periods: it is in progress, or its totals were never kept. */
export function needsPeriods(record: RecordKeeping): boolean {
  return keptTotals(record) === undefined || record.workers_name === null;
}

function keptTotals(record: RecordKeeping): StoredTotals | undefined {
  if (record.finished_on === null || record.worked_seconds === null || record.breaked_seconds === null || record.setup_seconds === null)
    return undefined;
  return { worked_seconds: record.worked_seconds, breaked_seconds: record.breaked_seconds, setup_seconds: record.setup_seconds };
}

function stateOf(times: RecordTimes): WorkState {
  return deriveState({
    finished: times.finished_on !== null,
    setup: times.setup_times.some((s) => s.finished_on === null),
    setupBreak: times.setup_times.some((s) => s.setup_break_times.some((b) => b.restarted_on === null)),
    workBreak: times.break_times.some((b) => b.restarted_on === null),
    nowork: times.nowork_times.some((n) => n.finished_on === null),
  });
}

/** A record's state, totals and workers' names: what the list and the CSV derive the rest from. */
export interface RecordStatus extends StoredTotals {
  state: WorkState;
  workers_name: string;
}

/**
 * The status of records, by the same rule for the list and the CSV: a finished record's totals and
 * workers' names were kept on it when it was finished or corrected; the others' are worked out from
 * their periods, which `periods` holds.
 */
export function recordStatuses(periods: PeriodsOf, now: Date): (record: RecordKeeping) => RecordStatus {
  const index = indexPeriods(periods);
  return (record) => {
    const workers_name = record.workers_name ?? workersName(index.workersOf(record.id));
    const kept = keptTotals(record);
    if (kept) return { state: WorkState.Finished, ...kept, workers_name };
    const times = index.timesOf(record);
    return { state: stateOf(times), ...totalsOf(times, now), workers_name };
  };
}

/** The list rows of records, every derived value computed by the domain functions from their status. */
export function toListRows(records: readonly ListRecord[], periods: PeriodsOf, now: Date, timeZone: string): ProductCostListRow[] {
  const statusOf = recordStatuses(periods, now);
  return records.map((record) => {
    const status = statusOf(record);
    const counts = { superior: record.superior, wound: record.wound, size: record.size, miss: record.miss, other: record.other };
    return {
      id: record.id,
      state: status.state,
      stale: isStale(status.state, record.updated_at, now, staleAfterHoursOf(record.stale_after_hours)),
      slip_no: record.slip_no,
      started_on: toWorkshopIso(record.started_on, timeZone),
      finished_on: toWorkshopIsoOrNull(record.finished_on, timeZone),
      work_date: workDate(record.started_on, timeZone),
      workers_name: status.workers_name,
      paper_size_name: record.paper_size_name ?? '',
      processing_name: record.processing_name ?? '',
      processing_detail_name: record.processing_detail_name ?? '',
      machine_id: record.machine_id,
      machine_name: record.machine_name ?? '',
      machine_deleted: record.machine_deleted_at !== null,
      company_name: record.company_name ?? '',
      worked_time: formatDuration(status.worked_seconds * 1000),
      total_breaked_time: formatDuration(status.breaked_seconds * 1000),
      setup_time: formatDuration(status.setup_seconds * 1000),
      worked_seconds: status.worked_seconds,
      breaked_seconds: status.breaked_seconds,
      setup_seconds: status.setup_seconds,
      ...counts,
      total_defective: totalDefective(counts),
      defective_rate: defectiveRate(counts),
      working_rate: workingRate(status.worked_seconds, status.breaked_seconds),
    };
  });
}
