import { z } from 'zod';
import { isoDateSchema } from './fields.ts';

/** 時間チャージ of a machine and 労務単価 of an employee: yen an hour from a work date on (docs/PRODUCT.md#analytics). */
export const rateLimits = { yenMax: 10_000_000, ratesMax: 100 } as const;

export const rateMessages = {
  badYen: '単価（円/時）は0から10,000,000までの整数で入力してください。',
  badDate: '適用開始日は正しい日付で入力してください。',
  duplicateDate: (date: string) => `適用開始日 ${date} が重複しています。`,
  tooMany: `単価は${rateLimits.ratesMax}件以内で入力してください。`,
  notList: '単価の指定が正しくありません。',
} as const;

export const rateSchema = z.object({
  valid_from: z.string({ error: rateMessages.badDate }).refine((date) => isoDateSchema.safeParse(date).success, rateMessages.badDate),
  yen_per_hour: z
    .number({ error: rateMessages.badYen })
    .int(rateMessages.badYen)
    .min(0, rateMessages.badYen)
    .max(rateLimits.yenMax, rateMessages.badYen),
});

/** The rates of one machine or employee; a work date starts at most one of them. */
export const ratesSchema = z
  .array(rateSchema, { error: rateMessages.notList })
  .max(rateLimits.ratesMax, rateMessages.tooMany)
  .superRefine((rates, context) => {
    const dates = new Set<string>();
    for (const [index, rate] of rates.entries()) {
      if (dates.has(rate.valid_from)) {
        context.addIssue({ code: 'custom', path: [index, 'valid_from'], message: rateMessages.duplicateDate(rate.valid_from) });
      }
      dates.add(rate.valid_from);
    }
  });

/** As the API answers them: oldest first. */
export const rateItemSchema = z.object({ valid_from: z.iso.date(), yen_per_hour: z.number().int().min(0) });
export type RateItem = z.infer<typeof rateItemSchema>;

/**
 * Whether a new list differs from the stored one: the same rates listed in another order are the same
 * list, since a start date names each. Costs are worked out again only when a rate changed, and a save
 * whose rates are the stored ones changes nothing (unchanged-master.ts).
 */
export function ratesChanged(before: readonly RateItem[], after: readonly RateItem[]): boolean {
  const key = (rates: readonly RateItem[]) =>
    JSON.stringify([...rates].sort((a, b) => a.valid_from.localeCompare(b.valid_from)).map((rate) => [rate.valid_from, rate.yen_per_hour]));
  return key(before) !== key(after);
}

/** A rate from a work date on: 時間チャージ of a machine, 労務単価 of an employee. */
export interface Rate {
  valid_from: string;
  yen_per_hour: number;
}

/** Which of the rates is valid on a work date: the one with the latest valid_from on or before it; -1 when none is. */
export function rateIndexOn(rates: ReadonlyArray<Pick<Rate, 'valid_from'>>, workDate: string): number {
  let found = -1;
  for (const [index, rate] of rates.entries()) {
    if (rate.valid_from <= workDate && (found < 0 || rate.valid_from > rates[found]!.valid_from)) found = index;
  }
  return found;
}

/** The rate valid on a work date (rateIndexOn); null when none is. */
export function rateOn(rates: readonly Rate[], workDate: string): number | null {
  const index = rateIndexOn(rates, workDate);
  return index < 0 ? null : rates[index]!.yen_per_hour;
}

/** How a rate stands on a date: the one costing that day's jobs, one dated later, or one replaced before it. */
export type RateStanding = 'applies' | 'planned' | 'past';

/**
 * Each rate's standing on a date, in the rates' order, as the rates' forms mark them (適用中, 予定). A
 * rate whose start is no date yet (being typed) has none and takes no part.
 */
export function rateStandings(rates: ReadonlyArray<Pick<Rate, 'valid_from'>>, date: string): Array<RateStanding | null> {
  const dated = rates.map((rate) => (/^\d{4}-\d{2}-\d{2}$/.test(rate.valid_from) ? rate.valid_from : null));
  const candidates = dated.flatMap((validFrom, index) => (validFrom === null ? [] : [{ valid_from: validFrom, index }]));
  const applying = candidates[rateIndexOn(candidates, date)]?.index;
  return dated.map((validFrom, index) => {
    if (validFrom === null) return null;
    if (index === applying) return 'applies';
    return validFrom > date ? 'planned' : 'past';
  });
}
