import type { EditPlace } from '../../../domain/product-cost-edit.ts';

/** What the fields of a row are called after its name, as the tables label them (BreakTable, SpanTable). */
const fieldNames: Record<string, Partial<Record<EditPlace['field'], string>>> = {
  break_times: { broken_on: '中断開始', restarted_on: '中断終了', interruption_id: '中断内容' },
  setup_break_times: { broken_on: '中断開始', restarted_on: '中断終了', interruption_id: '中断内容' },
  setup_times: { started_on: '段取り開始', finished_on: '段取り終了' },
  nowork_times: { started_on: '終業時間', finished_on: '始業時間' },
};

/**
 * The accessible name of the input a problem is in, as the screen labels it: 作業終了時間, or a row's
 * name and its column (中断 2 の中断終了, 段取り 1 の段取り中断 3 の中断開始, 終業 1 の始業時間).
 */
export function editPlaceLabel({ row, field }: EditPlace): string {
  if (!row) return field === 'started_on' ? '作業開始時間' : '作業終了時間';
  const rowName =
    row.list === 'setup_break_times'
      ? `段取り ${row.setup + 1} の段取り中断 ${row.index + 1}`
      : `${{ break_times: '中断', setup_times: '段取り', nowork_times: '終業' }[row.list]} ${row.index + 1}`;
  return `${rowName} の${fieldNames[row.list]![field]}`;
}

/** Brings the input of a refused correction's problem into view with the cursor in it, so the one correcting sees which it is. */
export function focusEditPlace(place: EditPlace): void {
  const label = CSS.escape(editPlaceLabel(place));
  // A time is a text input, an interruption's reason a native select.
  const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(`input[aria-label="${label}"], select[aria-label="${label}"]`);
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
  if (field instanceof HTMLInputElement) field.select();
}
