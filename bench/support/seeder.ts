import { sql } from 'kysely';
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/password.ts';
import type { Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { workersName } from '../../src/server/records/record-totals.ts';
import { loadCostingRows } from '../../src/server/records/analytic-figures.ts';
import { rebuildRollup } from '../../src/server/records/analytic-rollup-repository.ts';
import { generateRecords, type GeneratedRecord, type MasterPool } from './record-generator.ts';
import { asTableRows, sqliteTables, type SqliteTable, type TableRows } from './sqlite-rows.ts';
import { startGeneratorThread } from './threaded-generator.ts';
import { userIdColumns } from '../../src/domain/user-id.ts';

/** Records per transaction: the log is synced once for ten thousand. */
const BATCH = 10_000;
/**
 * From how many records SQLite's are made on a thread of their own (threaded-generator.ts): its start,
 * 0.7 s, costs more than it saves below (a hundred thousand: 42,901 records/s against 34,996 on this
 * one; fifty thousand: 29,728 against 35,181).
 */
const THREADED_FROM = 100_000;
/**
 * Records generated and written to SQLite at a time, a transaction's worth in pieces: a piece's
 * objects die young instead of being copied into V8's old generation and collected there (a third of
 * the generator's time with whole batches).
 */
const PIECE = 500;

interface Sizes {
  batch: number;
  piece: number;
}

/**
 * Writes `total` generated records into the configured database, spread over the last `years`
 * years. SQLite is written through prepared statements in large transactions, the log synced once
 * per batch; PostgreSQL through multi-row inserts of unnested arrays. Answers records per second.
 */
export async function seedRecords(
  config: Config,
  options: {
    total: number;
    years: number;
    seed: number;
    onProgress?: (written: number) => void;
    /** Records per transaction and per piece; small ones let a test cross their boundaries. */
    sizes?: Sizes;
    /** From how many records SQLite's are made on a thread of their own; a test sets 0 to run that path. */
    threadedFrom?: number;
  },
): Promise<{ seconds: number; engine: string }> {
  // The generator's thread is started first, so that it loads its code while the database is made ready.
  const threadedFrom = options.threadedFrom ?? THREADED_FROM;
  const thread = config.database.engine === 'sqlite' && options.total >= threadedFrom ? startGeneratorThread() : undefined;
  const url = config.database.engine === 'postgres' ? config.database.url : '';
  let database: DatabaseHandle | undefined;
  try {
    ({ database } = await prepareDatabase(config));
    const pool = await ensureMasters(database, config.timeZone);
    const firstId = await nextRecordId(database);
    const began = performance.now();
    let written = 0;
    const report = (records: number) => {
      written += records;
      options.onProgress?.(written);
    };
    await asBulkLoad(database, async () => {
      const generatorOptions = (batchSize: number) => ({
        total: options.total,
        years: options.years,
        firstId,
        pool,
        seed: options.seed,
        batchSize,
      });
      const sizes = options.sizes ?? { batch: BATCH, piece: PIECE };
      const sqlite = database?.sqlite;
      if (sqlite) {
        const pieces = thread ? thread.records(generatorOptions(sizes.piece)) : asTableRows(generateRecords(generatorOptions(sizes.piece)));
        writeSqlite(sqlite, pieces, sizes, report);
      } else
        for (const batch of generateRecords(generatorOptions(sizes.batch)))
          await writePostgres(url, batch).then(() => report(batch.length));
    });
    // The records are written past the product's own paths: their sums for 分析 are built once at the end.
    await rebuildRollup(database.db);
    const seconds = (performance.now() - began) / 1000;
    if (database.engine === 'postgres') await resetSequences(url);
    // Fresh statistics, as autovacuum would gather them later: without them PostgreSQL plans the
    // list's queries for empty tables and answers a page in 95 ms instead of a few.
    await sql`analyze`.execute(database.db);
    return { seconds, engine: database.engine };
  } finally {
    thread?.stop();
    await postgres?.end();
    postgres = undefined;
    await database?.close();
  }
}

/** How many live records the configured database holds. */
export async function countRecords(config: Config): Promise<number> {
  const { database } = await prepareDatabase(config);
  try {
    const row = await database.db
      .selectFrom('product_costs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await database.close();
  }
}

/**
 * The workers, machines and companies a company-scale workshop has, with the rates and standard speeds
 * 分析 costs by (one rise of every rate half a year ago); added once.
 */
async function ensureMasters(handle: DatabaseHandle, timeZone: string): Promise<MasterPool> {
  const { db } = handle;
  const at = new Date().toISOString();
  const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null, deleted_at: null };
  const workerCount = await db.selectFrom('employees').select('id').where('user_name', 'like', 'bench%').execute();
  if (workerCount.length === 0) {
    const hash = await hashPassword('bench-pass');
    await db
      .insertInto('employees')
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          last_name: ['田中', '佐藤', '鈴木', '高橋', '伊藤', '渡辺', '山本', '中村'][index % 8]!,
          first_name: ['一郎', '花子', '健太', '美咲', '大輔'][index % 5]!,
          last_phonetic_name: '',
          first_phonetic_name: '',
          email: '',
          ...userIdColumns(`bench${index}`),
          password_hash: hash,
          is_admin: 0,
          is_responsible: 0,
          use_login: 1,
          display_order: index + 1,
          ...audit,
        })),
      )
      .execute();
    await db
      .insertInto('machines')
      .values(Array.from({ length: 12 }, (_, index) => ({ name: `加工機 ${index + 1}号`, display_order: index + 1, ...audit })))
      .execute();
    await db
      .insertInto('companies')
      .values(
        Array.from({ length: 30 }, (_, index) => ({ name: `取引先 ${index + 1}`, phonetic_name: '', display_order: index + 1, ...audit })),
      )
      .execute();
    await addRatesAndStandards(handle);
  }
  const ids = async (table: 'machines' | 'companies' | 'paper_sizes' | 'interruptions') =>
    (await db.selectFrom(table).select('id').where('deleted_at', 'is', null).execute()).map((row) => row.id);
  const workers = await db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name'])
    .where('user_name', 'like', 'bench%')
    .orderBy('display_order')
    .execute();
  const machines = await ids('machines');
  return {
    workers: workers.map((row) => row.id),
    costing: await loadCostingRows(db, { machineIds: machines, employeeIds: workers.map((row) => row.id) }),
    timeZone,
    workerNames: new Map(workers.map((row) => [row.id, workersName([row])])),
    machines,
    companies: await ids('companies'),
    paperSizes: await ids('paper_sizes'),
    reasons: await ids('interruptions'),
    details: await db.selectFrom('processing_details').select(['id', 'processing_id']).where('deleted_at', 'is', null).execute(),
  };
}

async function addRatesAndStandards({ db }: DatabaseHandle): Promise<void> {
  const rise = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
  const ratesOf = (ids: number[], base: (index: number) => number) =>
    ids.flatMap((id, index) =>
      [
        { valid_from: '2000-01-01', yen_per_hour: base(index) },
        { valid_from: rise, yen_per_hour: Math.round(base(index) * 1.05) },
      ].map((rate) => ({ id, ...rate })),
    );
  const machineIds = (await db.selectFrom('machines').select('id').execute()).map((row) => row.id);
  const employeeIds = (await db.selectFrom('employees').select('id').where('user_name', 'like', 'bench%').execute()).map((row) => row.id);
  await db
    .insertInto('machine_rates')
    .values(ratesOf(machineIds, (index) => 3000 + (index % 5) * 1000).map(({ id, ...rate }) => ({ machine_id: id, ...rate })))
    .execute();
  await db
    .insertInto('employee_rates')
    .values(ratesOf(employeeIds, (index) => 1800 + (index % 4) * 200).map(({ id, ...rate }) => ({ employee_id: id, ...rate })))
    .execute();
  // Two details in three have a standard speed, so that performance and OEE have something to say.
  const details = await db.selectFrom('processing_details').select('id').execute();
  for (const [index, detail] of details.entries()) {
    if (index % 3 === 2) continue;
    await db
      .updateTable('processing_details')
      .set({ standard_speed: 2000 + (index % 4) * 1000, standard_setup_minutes: 15 + (index % 3) * 5 })
      .where('id', '=', detail.id)
      .execute();
  }
}

async function nextRecordId(handle: DatabaseHandle): Promise<{ record: number; period: number }> {
  const max = async (table: 'product_costs' | 'setup_times' | 'setup_break_times' | 'break_times' | 'nowork_times') =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    );
  const periods = await Promise.all([max('setup_times'), max('setup_break_times'), max('break_times'), max('nowork_times')]);
  return { record: (await max('product_costs')) + 1, period: Math.max(...periods) + 1 };
}

const loadedTables = [
  'product_costs',
  'product_cost_workers',
  'product_cost_stops',
  'setup_times',
  'setup_break_times',
  'break_times',
  'nowork_times',
];

/**
 * SQLite builds an index from sorted rows far faster than it keeps one up to date row by row, so a
 * bulk load drops the loaded tables' secondary indexes and creates them again, unchanged, at the end.
 * It also leaves the foreign keys unchecked while it writes: the generator takes every id from the
 * masters and the records it has just written (test/api/kept-figures.test.ts checks the keys of what
 * it wrote), and a check at each row cost a tenth to a sixth of the load (a million and 200,000 records).
 */
async function asBulkLoad(handle: DatabaseHandle, load: () => Promise<void>): Promise<void> {
  if (!handle.sqlite) return load();
  const sqlite = handle.sqlite;
  const indexes = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${loadedTables.map(() => '?').join(', ')})`,
    )
    .all(...loadedTables) as Array<{ name: string; sql: string }>;
  for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
  sqlite.pragma('foreign_keys = off');
  try {
    await load();
  } finally {
    sqlite.pragma('foreign_keys = on');
    for (const index of indexes) sqlite.exec(index.sql);
  }
}

/**
 * One transaction per batch of records, written a piece at a time: the rows that fill no statement of
 * fifty are written at its end, so that each transaction holds whole records with all their rows.
 */
function writeSqlite(sqlite: Sqlite, pieces: Iterator<TableRows>, sizes: Sizes, written: (records: number) => void): void {
  const inserters = tableInserters(sqlite);
  const writeBatch = sqlite.transaction(() => {
    let more = true;
    for (let count = 0; more && count < sizes.batch; count += sizes.piece) {
      const piece = pieces.next();
      if (piece.done) more = false;
      else {
        for (const [table, inserter] of inserters) inserter.add(piece.value[table]);
        written(piece.value.recordCount);
      }
    }
    for (const [, inserter] of inserters) inserter.flush();
    return more;
  });
  while (writeBatch());
}

/** Rows per insert statement: a statement's call costs about as much as binding a row's values. */
const ROWS_PER_STATEMENT = 50;

/**
 * A table's rows inserted ROWS_PER_STATEMENT at a time through one prepared statement, the rest one
 * by one at `flush`.
 */
class RowInserter {
  private readonly many: Statement;
  private readonly one: Statement;
  private readonly width: number;
  private values: unknown[] = [];

  constructor(sqlite: Sqlite, into: string, row: string) {
    this.many = sqlite.prepare(`${into} values ${Array.from({ length: ROWS_PER_STATEMENT }, () => row).join(', ')}`);
    this.one = sqlite.prepare(`${into} values ${row}`);
    this.width = row.split('?').length - 1;
  }

  /** Rows' values one after another; what does not fill a statement waits for the next rows. */
  add(rows: unknown[]): void {
    const values = this.values.length ? this.values.concat(rows) : rows;
    const statement = this.width * ROWS_PER_STATEMENT;
    let at = 0;
    for (; at + statement <= values.length; at += statement) this.many.run(values.slice(at, at + statement));
    this.values = values.slice(at);
  }

  flush(): void {
    for (let at = 0; at < this.values.length; at += this.width) this.one.run(this.values.slice(at, at + this.width));
    this.values = [];
  }
}

type Sqlite = NonNullable<DatabaseHandle['sqlite']>;
type Statement = ReturnType<Sqlite['prepare']>;

function tableInserters(sqlite: Sqlite): Array<[SqliteTable, RowInserter]> {
  // A bulk load touches every index page again and again: keep them in memory, not in a 2 MB cache.
  sqlite.pragma('cache_size = -262144');
  return Object.entries(sqliteTables).map(([table, { into, row }]) => [table as SqliteTable, new RowInserter(sqlite, into, row)]);
}

let postgres: pg.Pool | undefined;

/** The figures 分析 reads that a finished record keeps (migration 202611240200_analytics). */
const analyticColumns = [
  'work_date',
  'planned_stop_seconds',
  'unplanned_stop_seconds',
  'worker_count',
  'machine_cost',
  'labour_cost',
  'machine_rate_missing',
  'labour_rate_missing',
] as const;

/** One statement per table per batch: arrays of columns, unnested on the server. */
async function writePostgres(url: string, batch: GeneratedRecord[]): Promise<void> {
  postgres ??= new pg.Pool({ connectionString: url, max: 2 });
  const client = await postgres.connect();
  const column = <T, K extends keyof T>(rows: T[], key: K) => rows.map((row) => row[key]);
  try {
    await client.query('begin');
    const rows = batch.map((record) => record.row);
    await client.query(
      `insert into product_costs (id, slip_no, paper_size_id, processing_id, processing_detail_id, machine_id, company_id, started_on, finished_on,
         superior, wound, size, miss, other, version, created_at, created_by, updated_at, updated_by,
         worked_seconds, breaked_seconds, setup_seconds, workers_name, ${analyticColumns.join(', ')})
       select id, slip_no, paper_size_id, processing_id, processing_detail_id, machine_id, company_id, started_on, finished_on,
         superior, wound, size, miss, other, 1, started_on, created_by, finished_on, created_by,
         worked_seconds, breaked_seconds, setup_seconds, workers_name, ${analyticColumns.join(', ')}
       from unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::timestamptz[], $9::timestamptz[],
         $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[], $18::int[], $19::text[],
         $20::text[], $21::int[], $22::int[], $23::int[], $24::bigint[], $25::bigint[], $26::int[], $27::int[])
         as t(id, slip_no, paper_size_id, processing_id, processing_detail_id, machine_id, company_id, started_on, finished_on, superior, wound, size, miss, other, created_by,
           worked_seconds, breaked_seconds, setup_seconds, workers_name, ${analyticColumns.join(', ')})`,
      (
        [
          'id',
          'slip_no',
          'paper_size_id',
          'processing_id',
          'processing_detail_id',
          'machine_id',
          'company_id',
          'started_on',
          'finished_on',
          'superior',
          'wound',
          'size',
          'miss',
          'other',
          'created_by',
          'worked_seconds',
          'breaked_seconds',
          'setup_seconds',
          'workers_name',
          ...analyticColumns,
        ] as const
      ).map((key) => column(rows, key)),
    );
    const stops = batch.flatMap((record) => record.stops.map((stop) => ({ product_cost_id: record.row.id, ...stop })));
    await client.query(
      'insert into product_cost_stops (product_cost_id, interruption_id, seconds, count) select * from unnest($1::int[], $2::int[], $3::int[], $4::int[])',
      [column(stops, 'product_cost_id'), column(stops, 'interruption_id'), column(stops, 'seconds'), column(stops, 'count')],
    );
    const workers = batch.flatMap((record) => record.workers.map((employee) => [record.row.id, employee] as const));
    await client.query('insert into product_cost_workers (product_cost_id, employee_id) select * from unnest($1::int[], $2::int[])', [
      workers.map((w) => w[0]),
      workers.map((w) => w[1]),
    ]);
    /**
     * A table of periods: their id, record and who opened and closed them, and the fields named, each
     * as the column of the same name (the generator names them as the tables do).
     */
    const periods = async <P extends { id: number; product_cost_id: number; by: number }>(
      table: string,
      list: P[],
      fields: Array<[name: keyof P & string, type: string]>,
    ) => {
      if (!list.length) return;
      const columns: Array<[name: string, type: string, values: unknown[]]> = [
        ['id', 'int[]', column(list, 'id')],
        ['product_cost_id', 'int[]', column(list, 'product_cost_id')],
        ['opened_by', 'int[]', column(list, 'by')],
        ['closed_by', 'int[]', column(list, 'by')],
        ...fields.map(([name, type]): [string, string, unknown[]] => [name, type, column(list, name)]),
      ];
      await client.query(
        `insert into ${table} (${columns.map(([name]) => name).join(', ')})
         select * from unnest(${columns.map(([, type], index) => `$${index + 1}::${type}`).join(', ')})`,
        columns.map(([, , values]) => values),
      );
    };
    const times = 'timestamptz[]';
    await periods(
      'setup_times',
      batch.flatMap((record) => record.setups),
      [
        ['started_on', times],
        ['finished_on', times],
      ],
    );
    await periods(
      'setup_break_times',
      batch.flatMap((record) => record.setupBreaks),
      [
        ['broken_on', times],
        ['restarted_on', times],
        ['setup_time_id', 'int[]'],
        ['interruption_id', 'int[]'],
      ],
    );
    await periods(
      'break_times',
      batch.flatMap((record) => record.breaks),
      [
        ['broken_on', times],
        ['restarted_on', times],
        ['interruption_id', 'int[]'],
        ['interruption_other', 'text[]'],
      ],
    );
    await periods(
      'nowork_times',
      batch.flatMap((record) => record.noworks),
      [
        ['started_on', times],
        ['finished_on', times],
      ],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Explicit ids leave the sequences behind; the application's next insert must not collide. */
async function resetSequences(url: string): Promise<void> {
  postgres ??= new pg.Pool({ connectionString: url, max: 2 });
  for (const table of ['product_costs', 'setup_times', 'setup_break_times', 'break_times', 'nowork_times']) {
    await postgres.query(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);
  }
}
