/**
 * The work list's quick ranges (docs/PRODUCT.md#work-time-list): 今日, 昨日, 今週 and 先週 as both ends
 * of a range of work dates, a week running Monday to Sunday, as the workshop plans its weeks.
 */
export const quickRangeKinds = ['today', 'yesterday', 'thisWeek', 'lastWeek'] as const;
export type QuickRangeKind = (typeof quickRangeKinds)[number];

export const quickRangeLabels: Record<QuickRangeKind, string> = { today: '今日', yesterday: '昨日', thisWeek: '今週', lastWeek: '先週' };

/** A YYYY-MM-DD date the given number of days later (earlier when negative), across months and years. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday of the week holding the date (the date itself on a Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  // getUTCDay counts from Sunday (0); Monday is the week's first day, Sunday its last.
  return addDays(date, -((weekday + 6) % 7));
}

/** Both ends of a quick range, from the work date of today. */
export function quickRange(kind: QuickRangeKind, today: string): { from: string; to: string } {
  switch (kind) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'thisWeek': {
      const monday = mondayOf(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'lastWeek': {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
  }
}

/**
 * A moment's date on the device's calendar (today's by default): the workshop's tablets and office
 * computers keep its time zone, which the work list's 今日 and 今週, 分析's 先月 and 今月 and the rates'
 * 適用中 assume (docs/DECISIONS.md).
 */
export function calendarDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
