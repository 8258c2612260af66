import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth/password.ts';
import type { Engine } from './connection.ts';
import { defaultInterruptions, defaultPaperSizes, defaultProcessings } from './defaults.ts';
import type { Database } from './schema.ts';
import { userIdColumns } from '../../domain/user-id.ts';

export const nowIso = (): string => new Date().toISOString();

/** Fills the default masters into tables that have never held a row. */
export async function seedDefaultMasters(db: Kysely<Database>, engine: Engine): Promise<void> {
  const at = nowIso();
  const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null };
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'interruptions')) {
      await trx
        .insertInto('interruptions')
        .values(defaultInterruptions.map((reason) => ({ ...reason, display_order: reason.id, ...audit })))
        .execute();
      // Explicit ids leave PostgreSQL's sequence behind; the next reason must get id 6.
      if (engine === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('interruptions', 'id'), (select max(id) from interruptions))`.execute(trx);
      }
    }
    if (await isEmpty(trx, 'paper_sizes')) {
      await trx
        .insertInto('paper_sizes')
        .values(defaultPaperSizes.map((name, index) => ({ name, display_order: index + 1, ...audit })))
        .execute();
    }
    if (await isEmpty(trx, 'processings')) {
      for (const [index, processing] of defaultProcessings.entries()) {
        const { id } = await trx
          .insertInto('processings')
          .values({ name: processing.name, display_order: index + 1, ...audit })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('processing_details')
          .values(processing.details.map((name, order) => ({ processing_id: id, name, display_order: order + 1, ...audit })))
          .execute();
      }
    }
  });
}

async function isEmpty(db: Kysely<Database>, table: 'interruptions' | 'paper_sizes' | 'processings'): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

export interface CreatedAdministrator {
  userName: string;
  /** Present when the password was generated and must be shown to the person installing. */
  generatedPassword?: string;
}

/** Creates the first administrator when no active administrator can sign in. */
export async function ensureAdministrator(
  db: Kysely<Database>,
  options: { userName: string; password?: string },
): Promise<CreatedAdministrator | undefined> {
  const administrator = await db
    .selectFrom('employees')
    .select('id')
    .where('is_admin', '=', 1)
    .where('use_login', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (administrator) return undefined;

  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const at = nowIso();
  await db
    .insertInto('employees')
    .values({
      last_name: '管理者',
      first_name: '',
      last_phonetic_name: '',
      first_phonetic_name: '',
      email: '',
      ...userIdColumns(options.userName),
      password_hash: await hashPassword(options.password ?? generatedPassword!),
      is_admin: 1,
      is_responsible: 0,
      use_login: 1,
      display_order: 0,
      created_at: at,
      updated_at: at,
      created_by: null,
      updated_by: null,
      deleted_at: null,
    })
    .execute();
  return { userName: options.userName, generatedPassword };
}
