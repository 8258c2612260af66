import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp();

/** The statements this connection has prepared; the reading itself is not one of them. */
async function prepared(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(t.database.db);
  return rows.map((row) => row.statement);
}

// One query at a time, so the pool hands out the same connection each time.
describe.runIf(t.engine === 'postgres')('statements on PostgreSQL', () => {
  it('are prepared once per connection, then only bound and run', async () => {
    const findEmployee = (id: number) => t.database.db.selectFrom('employees').select('id').where('id', '=', id);
    await findEmployee(1).execute();
    const afterFirst = await prepared();
    expect(afterFirst.filter((statement) => statement === findEmployee(1).compile().sql)).toHaveLength(1);

    await findEmployee(2).execute();
    expect(await prepared()).toEqual(afterFirst);
  });

  it('leave the statements without parameters unprepared', async () => {
    await sql`select 1 as one`.execute(t.database.db);
    expect((await prepared()).filter((statement) => statement.includes('select 1 as one'))).toEqual([]);
  });
});
