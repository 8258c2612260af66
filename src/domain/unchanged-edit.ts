import type { ValidBreak, ValidRecordTimes } from './product-cost-edit.ts';
import type { CountField } from './product-cost.ts';

/**
 * A record as a correction writes it: the edit once read and checked (times in UTC, as
 * validateRecordTimes gives them), or the record as it is stored.
 */
export interface RecordContent extends Record<CountField, number | null> {
  slip_no: string;
  employees: readonly number[];
  paper_size_id: number | null;
  processing_id: number | null;
  processing_detail_id: number | null;
  machine_id: number | null;
  company_id: number | null;
  process2?: string | null;
  times: ValidRecordTimes;
}

/**
 * Whether saving `edit` over `stored` would change nothing (docs/PRODUCT.md#record-editor), so that
 * nothing is written: no new version, no history entry, no event, and 要確認 stays. Times count to
 * the second, as the editor shows and reads them (a press stamped at 08:30:12.345 is 08:30:12 typed
 * back); the workers are a set; the periods of a kind count in the order of their times, whichever
 * order the rows came in, and their row ids do not count (a row deleted and typed again alike is the
 * same period). An empty count is not 0; その他の内容 counts as it is saved, trimmed.
 */
export function isUnchangedEdit(edit: RecordContent, stored: RecordContent): boolean {
  return canonical(edit) === canonical(stored);
}

/** The content as one text, equal for two contents exactly when a save of one over the other changes nothing. */
function canonical(content: RecordContent): string {
  const { times } = content;
  return JSON.stringify({
    slip_no: content.slip_no,
    employees: [...new Set(content.employees)].sort((a, b) => a - b),
    paper_size_id: content.paper_size_id,
    processing_id: content.processing_id,
    processing_detail_id: content.processing_detail_id,
    machine_id: content.machine_id,
    company_id: content.company_id,
    counts: [content.superior, content.wound, content.size, content.miss, content.other],
    process2: content.process2 ?? null,
    started_on: toSecond(times.started_on),
    finished_on: toSecond(times.finished_on),
    break_times: inAnyOrder(times.break_times.map(breakKey)),
    setup_times: inAnyOrder(
      times.setup_times.map((setup) =>
        JSON.stringify([toSecond(setup.start), toSecond(setup.end), inAnyOrder(setup.setup_break_times.map(breakKey))]),
      ),
    ),
    nowork_times: inAnyOrder(times.nowork_times.map((nowork) => JSON.stringify([toSecond(nowork.start), toSecond(nowork.end)]))),
  });
}

/** Whole seconds since the epoch: what of a moment the editor shows. */
const toSecond = (utcIso: string | null) => (utcIso === null ? null : Math.floor(Date.parse(utcIso) / 1000));

/** An interruption as one text: its times, its reason, and its その他の内容 as the editor saves it (trimmed, empty as none). */
const breakKey = (row: ValidBreak) =>
  JSON.stringify([toSecond(row.start), toSecond(row.end), row.interruption_id, row.interruption_other?.trim() || null]);

/** Periods as texts, sorted: the same periods listed in another order read the same. */
const inAnyOrder = (keys: string[]) => [...keys].sort();
