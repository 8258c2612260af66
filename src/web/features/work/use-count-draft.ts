import { useEffect, useRef } from 'react';
import type { WorkRecord } from '../../../domain/product-cost.ts';
import { WorkState } from '../../../domain/work-state.ts';
import { dropCountDraft, keepCountDraft } from './count-drafts.ts';
import { countsOf, type CountValues } from './work-form.ts';
import type { WorkSession } from './work-session.ts';

/**
 * Keeps the counts typed on the job on the tablet (count-drafts.ts) until 終業 or 終了 sends them,
 * each copy with the counts the server holds as far as this screen knows: the record's when it was
 * resumed, those sent with 開始 for a job started here, then those sent with 終業. A job started
 * offline keeps none until its 開始 is sent and it has its id. Answers what a change of the counts
 * calls, with the counts before it.
 */
export function useCountDraft(session: WorkSession, record: WorkRecord | null, counts: CountValues) {
  const { recordId, state } = session;
  const held = useRef<CountValues | null>(record ? countsOf(record) : null);
  const stateBefore = useRef(state);

  useEffect(() => {
    if (typeof recordId !== 'number') return;
    const entered = stateBefore.current !== state;
    stateBefore.current = state;
    if (state === WorkState.Finished) return dropCountDraft(recordId);
    if (entered && state === WorkState.EndOfDay) {
      held.current = counts;
      dropCountDraft(recordId);
    }
  }, [recordId, state, counts]);

  return (before: CountValues, next: CountValues) => {
    if (typeof recordId !== 'number' || state === WorkState.Finished) return;
    // A job started here: 開始 sent the counts on screen before the first change.
    held.current ??= before;
    keepCountDraft(recordId, held.current, next);
  };
}
