import type { Kysely } from 'kysely';
import type { RateItem } from '../../domain/rates.ts';
import type { Database } from '../db/schema.ts';

/** The rates of a machine or an employee (時間チャージ, 労務単価), kept as a whole list per item. */
export const rateTables = {
  machine: { table: 'machine_rates', owner: 'machine_id' },
  employee: { table: 'employee_rates', owner: 'employee_id' },
} as const;

export type RateOwner = keyof typeof rateTables;

export async function findRates(db: Kysely<Database>, owner: RateOwner, id: number): Promise<RateItem[]> {
  const { table, owner: column } = rateTables[owner];
  return db
    .selectFrom(table as 'machine_rates')
    .select(['valid_from', 'yen_per_hour'])
    .where(column as 'machine_id', '=', id)
    .orderBy('valid_from')
    .execute();
}

export async function replaceRates(db: Kysely<Database>, owner: RateOwner, id: number, rates: readonly RateItem[]): Promise<void> {
  const { table, owner: column } = rateTables[owner];
  await db
    .deleteFrom(table as 'machine_rates')
    .where(column as 'machine_id', '=', id)
    .execute();
  if (rates.length > 0) {
    await db
      .insertInto(table as 'machine_rates')
      .values(rates.map((rate) => ({ [column]: id, valid_from: rate.valid_from, yen_per_hour: rate.yen_per_hour }) as never))
      .execute();
  }
}
