import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { defectiveRate, formatDuration, recordDurations, totalDefective, type RecordTimes } from '../../../domain/product-cost-metrics.ts';
import { toWorkshopIso, toWorkshopIsoOrNull, workDate } from '../../../domain/time.ts';
import { fullName } from '../../../domain/user.ts';
import { deriveState } from '../../../domain/work-state.ts';
import type { ListRecord, PeriodsOf } from './list-repository.ts';

const WORKER_SEPARATOR = '、';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The list rows of records, every derived value computed by the domain functions. */
export function toListRows(records: readonly ListRecord[], periods: PeriodsOf, now: Date, timeZone: string): ProductCostListRow[] {
  const workers = groupBy(periods.workers, (w) => w.product_cost_id);
  const breaks = groupBy(periods.breaks, (b) => b.product_cost_id);
  const setups = groupBy(periods.setups, (s) => s.product_cost_id);
  const setupBreaks = groupBy(periods.setupBreaks, (b) => b.setup_time_id);
  const noworks = groupBy(periods.noworks, (n) => n.product_cost_id);

  return records.map((record) => {
    const times: RecordTimes = {
      started_on: record.started_on,
      finished_on: record.finished_on,
      break_times: breaks.get(record.id) ?? [],
      setup_times: (setups.get(record.id) ?? []).map((setup) => ({ ...setup, setup_break_times: setupBreaks.get(setup.id) ?? [] })),
      nowork_times: noworks.get(record.id) ?? [],
    };
    const durations = recordDurations(times, now);
    const counts = { superior: record.superior, wound: record.wound, size: record.size, miss: record.miss, other: record.other };
    return {
      id: record.id,
      state: deriveState({
        finished: record.finished_on !== null,
        setup: times.setup_times.some((s) => s.finished_on === null),
        setupBreak: times.setup_times.some((s) => s.setup_break_times.some((b) => b.restarted_on === null)),
        workBreak: times.break_times.some((b) => b.restarted_on === null),
        nowork: times.nowork_times.some((n) => n.finished_on === null),
      }),
      slip_no: record.slip_no,
      started_on: toWorkshopIso(record.started_on, timeZone),
      finished_on: toWorkshopIsoOrNull(record.finished_on, timeZone),
      work_date: workDate(record.started_on, timeZone),
      workers_name: (workers.get(record.id) ?? []).map(fullName).join(WORKER_SEPARATOR),
      paper_size_name: record.paper_size_name ?? '',
      processing_name: record.processing_name ?? '',
      processing_detail_name: record.processing_detail_name ?? '',
      machine_name: record.machine_name ?? '',
      company_name: record.company_name ?? '',
      worked_time: formatDuration(durations.worked),
      total_breaked_time: formatDuration(durations.interruption),
      setup_time: formatDuration(durations.setup),
      worked_seconds: Math.floor(durations.worked / 1000),
      breaked_seconds: Math.floor(durations.interruption / 1000),
      setup_seconds: Math.floor(durations.setup / 1000),
      ...counts,
      total_defective: totalDefective(counts),
      defective_rate: defectiveRate(counts),
      working_rate: durations.workingRate,
    };
  });
}
