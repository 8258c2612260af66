import { sql, type Kysely } from 'kysely';
import { userIdKey } from '../../../domain/user-id.ts';
import { columnTypes } from './helpers.ts';

/**
 * Said on the console, where the operator watching the upgrade reads it: the migration has no other
 * voice, and failing would leave every employee unable to sign in instead of a few.
 */
function reportCollision(key: string, [kept, ...others]: Array<{ id: number; userName: string }>): void {
  const rest = others.map((employee) => `${employee.id} (${employee.userName})`).join(', ');
  console.warn(
    `User ID "${key}" names several employees. Employee ${kept!.id} (${kept!.userName}) keeps it; ` +
      `employees ${rest} cannot sign in until an administrator gives them another user ID under 設定管理 → 従業員.`,
  );
}

/**
 * Sign-in hardening (issue: nobody can lock others out, nothing anonymous grows without bound):
 *
 * - User IDs get a normalised key (`userIdKey`: NFKC, then full case folding), and the unique index
 *   moves from `lower(user_name)` to it. SQLite's lower() folds ASCII only, so `ÄBC` and `äbc`
 *   could both exist there and full-width IDs could never sign in. Existing IDs whose keys collide
 *   do not stop the upgrade: the first registered keeps its key, the others are reported and left
 *   without one, which makes their sign-in fail until an administrator renames them.
 * - Anonymous sessions are no longer stored (the CSRF token before sign-in is derived from the
 *   cookie), so the rows earlier versions wrote for every page view go.
 * - Throttle keys are now hashes of the user ID, so the old counters go too (they last 15 minutes).
 * - `request_counts` keeps the per-address limit of anonymous requests, shared by every server
 *   process. On PostgreSQL it is UNLOGGED: counters need no crash safety, and writing them then
 *   costs no WAL flush.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, postgres } = columnTypes(db);

  await db.schema.alterTable('employees').addColumn('user_key', 'varchar(100)').execute();
  const employees = await sql<{ id: number; user_name: string; active: number }>`
    select id, user_name, case when deleted_at is null then 1 else 0 end as active
    from employees where user_name is not null order by id`.execute(db);
  const activeByKey = new Map<string, Array<{ id: number; userName: string }>>();
  for (const employee of employees.rows) {
    const key = userIdKey(employee.user_name);
    if (Number(employee.active) === 1) {
      const holders = activeByKey.get(key) ?? [];
      holders.push({ id: employee.id, userName: employee.user_name });
      activeByKey.set(key, holders);
      if (holders.length > 1) continue;
    }
    await sql`update employees set user_key = ${key} where id = ${employee.id}`.execute(db);
  }
  for (const [key, holders] of activeByKey) if (holders.length > 1) reportCollision(key, holders);

  await db.schema.dropIndex('employees_user_name_unique').execute();
  await db.schema
    .createIndex('employees_user_key_unique')
    .on('employees')
    .unique()
    .column('user_key')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await sql`delete from sessions where employee_id is null`.execute(db);
  await sql`delete from login_throttles`.execute(db);

  let requestCounts = db.schema.createTable('request_counts');
  if (postgres) requestCounts = requestCounts.modifyFront(sql`unlogged`);
  await requestCounts
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_counts').execute();
  await db.schema.dropIndex('employees_user_key_unique').execute();
  await db.schema
    .createIndex('employees_user_name_unique')
    .on('employees')
    .unique()
    .expression(sql`lower(user_name)`)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.alterTable('employees').dropColumn('user_key').execute();
}
