import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql, type Generated, type Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/connection.ts';

/**
 * The machine's ceiling for a work action: a bare Fastify route that writes one row, through the
 * same driver, pragmas and Kysely as the product, with none of its sessions, checks or periods.
 * Started by the work-action benchmark as a child process; prints its address when ready.
 */
interface CeilingDatabase {
  bench_writes: { id: Generated<number>; slip_no: string; written_at: string };
}

const databaseUrl = process.env.DATABASE_URL;
/** SQLite's file lives in a directory of its own, removed as the server stops. */
const sqliteDirectory = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'kosu-ceiling-'));
const handle = openDatabase(
  sqliteDirectory === null
    ? { engine: 'postgres', url: databaseUrl! }
    : { engine: 'sqlite', file: path.join(sqliteDirectory, 'ceiling.db') },
);
const db = handle.db as unknown as Kysely<CeilingDatabase>;
await sql`drop table if exists bench_writes`.execute(db);
await sql
  .raw(
    `create table bench_writes (id ${databaseUrl ? 'serial' : 'integer'} primary key, slip_no varchar(15) not null, written_at varchar(30) not null)`,
  )
  .execute(db);

const app = Fastify();
app.post('/write', async () => {
  const row = await db
    .insertInto('bench_writes')
    .values({ slip_no: '12345', written_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { result: true, id: row.id };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => handle.close())
      .then(() => sqliteDirectory !== null && rmSync(sqliteDirectory, { recursive: true, force: true }))
      .then(() => process.exit(0)),
);
