import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRandom } from '../../scripts/support/random.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';

/**
 * The CSV's bytes for a fixed generated data set, held to a reference. The first references were
 * the SHA-256 of the two downloads below as the code of main at aeb758a (csv-stringify and iconv-lite,
 * batch by batch) answered them, before the export was made faster. The two columns of calls for help
 * (呼出回数, 呼出待ち時間) changed the format on purpose: the references were taken again from the code
 * that added them, by running this test with the constants empty and copying what it printed as
 * "expected", on both engines alike — and the UTF-8 download without those two columns is still,
 * byte for byte, the reference of before (BEFORE_CALL_COLUMNS), so nothing else moved. The Shift_JIS
 * reference was taken again when the wave dash of 〜波ダッシュ〜社 came to be written as CP932's ～ instead
 * of ?; the test below it shows that nothing else moved. A deliberate change of the CSV's format must
 * take them again, before any change that is meant to keep the bytes.
 */
const REFERENCE = {
  utf8: '9269087c6e1eb1ead357a6ecc3ca808d6feafb84531b822c218adb96872c2408',
  shiftJis: '53820e182a5506e183331e1978e5c559b41c4f941de023b7e5049dbb24da28a6',
};
const BEFORE_CALL_COLUMNS = 'ca230b5dcdc989f90d30d5ad8a2d4a24322d9ef3400406e57e07b63db68b51fe';

/** The workshop's clock stands still, so that records in progress have the same durations every run. */
const NOW = new Date('2025-10-01T03:00:00.000Z');
const RECORDS = 2600;
const FIRST_DAY = Date.parse('2025-03-01T00:00:00.000Z');
const MINUTE = 60_000;

/**
 * Names that test the encoder: commas, quotes, line breaks, cells Excel would take for formulas,
 * characters Shift_JIS lacks or holds only in its vendor extensions, and deleted masters.
 */
const machineNames = ['断裁機 1号', '折り機 "A", 2号', '=SUM(A1)', '+81 印刷機', '中綴じ機\n3号', '髙橋製 ①号'];
const companyNames = ['株式会社 山田紙工', '-有限会社 佐藤', '@取引先', '𠮷野家印刷', '株式会社,カンマ', '〜波ダッシュ〜社'];
const workerNames: Array<[string, string]> = [
  ['田中', '一郎'],
  ['髙橋', '花子'],
  ['山"本', '次郎'],
  ['=佐藤', ''],
  ['鈴木', 'ｶﾀｶﾅ'],
  ['渡辺', '美咲'],
];

let t: TestApp;
let worker: TestClient;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  t = await createTestApp();
  await seedFixedRecords(t.database.db);
  worker = await t.signIn();
}, 120_000);
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const download = async (encoding: 'utf-8' | 'shift_jis') => {
  const response = await worker.request({
    method: 'POST',
    url: '/api/productcost/download',
    payload: { from: '2025-03-01', to: '2025-09-30', encoding },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the CSV of a fixed data set', () => {
  it('is byte for byte the reference, in UTF-8', async () => {
    const bytes = await download('utf-8');
    expect(bytes.toString('utf8').split('\r\n').length).toBeGreaterThan(RECORDS * 0.9);
    expect(sha256(bytes)).toBe(REFERENCE.utf8);
  });

  it('is byte for byte the reference, in Shift_JIS', async () => {
    expect(sha256(await download('shift_jis'))).toBe(REFERENCE.shiftJis);
  });

  it('is in Shift_JIS the text of the UTF-8 download, with the CP932 wave dash and ? for what CP932 lacks', async () => {
    const asExcelReadsIt = iconv.decode(await download('shift_jis'), 'cp932');
    const utf8 = (await download('utf-8')).toString('utf8').slice(1);
    expect(asExcelReadsIt).toContain('～波ダッシュ～社');
    expect(asExcelReadsIt).toBe(utf8.replaceAll('〜', '～').replaceAll('𠮷', '?'));
  });

  it('is, without its two columns of calls, the bytes of before they were added', async () => {
    const text = (await download('utf-8')).toString('utf8');
    // The two call cells end every line and are never quoted: a count and an H:MM.
    const lines = text.split('\r\n');
    expect(lines[0]!.endsWith(',呼出回数,呼出待ち時間')).toBe(true);
    expect(lines.slice(1, -1).filter((line) => /,[1-9]\d*,\d+:\d\d$/.test(line)).length).toBeGreaterThan(50);
    const withoutCalls = text.replace(',呼出回数,呼出待ち時間\r\n', '\r\n').replace(/,\d+,\d+:\d\d\r\n/g, '\r\n');
    expect(sha256(Buffer.from(withoutCalls, 'utf8'))).toBe(BEFORE_CALL_COLUMNS);
  });
});

const audit = (at: string) => ({ created_at: at, updated_at: at, created_by: null, updated_by: null });

/**
 * Records of every kind the export meets, from a seeded random generator and with explicit ids, so
 * that both engines hold the same rows: finished ones with their totals kept, finished ones from
 * before totals were kept (worked out from their periods), ones in progress in every state, deleted
 * ones, empty names and counts, and a run of records started in the same minute across the first
 * batch boundary of the export.
 */
async function seedFixedRecords(db: Kysely<Database>): Promise<void> {
  const { between, pick, next } = createRandom(16);
  const at = new Date(FIRST_DAY).toISOString();
  const names = (list: string[]) => list.map((name, index) => ({ id: 100 + index, name, display_order: index, ...audit(at) }));
  const deletedNow = (index: number) => (index === 1 ? at : null);
  await db
    .insertInto('machines')
    .values(names(machineNames).map((row, index) => ({ ...row, deleted_at: deletedNow(index) })))
    .execute();
  await db
    .insertInto('companies')
    .values(names(companyNames).map((row, index) => ({ ...row, phonetic_name: '', deleted_at: deletedNow(index) })))
    .execute();
  await db
    .insertInto('employees')
    .values(
      workerNames.map(([last_name, first_name], index) => ({
        id: 100 + index,
        last_name,
        first_name,
        last_phonetic_name: '',
        first_phonetic_name: '',
        email: '',
        user_name: null,
        password_hash: null,
        is_admin: 0,
        is_responsible: 0,
        use_login: 0,
        display_order: workerNames.length - index,
        ...audit(at),
        deleted_at: deletedNow(index),
      })),
    )
    .execute();

  const iso = (ms: number) => new Date(ms).toISOString();
  const starts = Array.from({ length: RECORDS }, () => FIRST_DAY + between(0, 213 * 24 * 60) * MINUTE);
  // The export reads 1,000 rows at a time: eighty records of one minute straddle the first boundary
  // (deleted records, about one in thirty, are not exported).
  const sorted = [...starts].sort((a, b) => a - b);
  const shared = sorted[990]!;
  for (let index = 0; index < 80; index++) starts[starts.indexOf(sorted[990 + index]!)] = shared;

  const records: Array<Insertable<Database['product_costs']>> = [];
  const workers: Array<Insertable<Database['product_cost_workers']>> = [];
  const setups: Array<Insertable<Database['setup_times']>> = [];
  const setupBreaks: Array<Insertable<Database['setup_break_times']>> = [];
  const breaks: Array<Insertable<Database['break_times']>> = [];
  const noworks: Array<Insertable<Database['nowork_times']>> = [];
  let periodId = 1;
  const people = { opened_by: null, closed_by: null };
  starts.forEach((start, index) => {
    const id = index + 1;
    const kind = pick(['kept', 'kept', 'kept', 'kept', 'legacy', 'open'] as const);
    const inProgress = kind === 'open' || start + 10 * 60 * MINUTE > NOW.getTime();
    const end = start + between(20, 600) * MINUTE;
    const finished = inProgress ? null : iso(end);
    const count = () => (next() < 0.15 ? null : between(0, 5000));
    const crew = [...new Set([pick([100, 101, 102, 103, 104, 105]), ...(next() < 0.3 ? [pick([100, 101, 102, 103, 104, 105])] : [])])];
    records.push({
      id,
      slip_no: next() < 0.02 ? '-0042' : String(between(1, 999999)),
      paper_size_id: next() < 0.05 ? null : between(1, 7),
      processing_id: next() < 0.05 ? null : 2,
      processing_detail_id: pick([3, 4, 5, null]),
      machine_id: next() < 0.1 ? null : pick([100, 101, 102, 103, 104, 105]),
      company_id: next() < 0.1 ? null : pick([100, 101, 102, 103, 104, 105]),
      started_on: iso(start),
      finished_on: finished,
      superior: count(),
      wound: count(),
      size: count(),
      miss: count(),
      other: count(),
      process2: null,
      ...audit(iso(start)),
      deleted_at: next() < 0.03 ? iso(end) : null,
      ...(kind === 'kept' && finished
        ? {
            worked_seconds: between(0, 40_000),
            breaked_seconds: between(0, 4_000),
            setup_seconds: between(0, 4_000),
            workers_name: crew.map((worker) => workerNames[worker - 100]!.join(' ')).join('、'),
          }
        : {}),
    });
    for (const employee_id of crew) workers.push({ product_cost_id: id, employee_id });
    // Periods follow the record's life; in progress, the last one of a kind may still be open.
    const open = inProgress ? pick(['none', 'setup', 'setupBreak', 'workBreak', 'nowork'] as const) : undefined;
    const setupId = periodId++;
    const setupEnd = start + between(5, 40) * MINUTE;
    setups.push({
      id: setupId,
      product_cost_id: id,
      started_on: iso(start),
      finished_on: open === 'setup' || open === 'setupBreak' ? null : iso(setupEnd),
      ...people,
    });
    if (open === 'setupBreak' || next() < 0.3) {
      setupBreaks.push({
        id: periodId++,
        product_cost_id: id,
        setup_time_id: setupId,
        broken_on: iso(start + MINUTE),
        restarted_on: open === 'setupBreak' ? null : iso(start + 3 * MINUTE),
        interruption_id: between(1, 5),
        interruption_other: null,
        ...people,
      });
    }
    if (open === 'workBreak' || next() < 0.4) {
      breaks.push({
        id: periodId++,
        product_cost_id: id,
        broken_on: iso(setupEnd + 7 * MINUTE),
        restarted_on: open === 'workBreak' ? null : iso(setupEnd + between(8, 30) * MINUTE),
        interruption_id: between(1, 5),
        interruption_other: null,
        ...people,
      });
    }
    if (open === 'nowork' || next() < 0.1) {
      noworks.push({
        id: periodId++,
        product_cost_id: id,
        started_on: iso(setupEnd + 40 * MINUTE),
        finished_on: open === 'nowork' ? null : iso(setupEnd + 60 * MINUTE),
        ...people,
      });
    }
  });
  const insertAll = async <T extends keyof Database>(table: T, rows: Array<Insertable<Database[T]>>) => {
    for (let from = 0; from < rows.length; from += 200) {
      await db
        .insertInto(table)
        .values(rows.slice(from, from + 200) as never)
        .execute();
    }
  };
  await insertAll('product_costs', records);
  await insertAll('product_cost_workers', workers);
  await insertAll('setup_times', setups);
  await insertAll('setup_break_times', setupBreaks);
  await insertAll('break_times', breaks);
  await insertAll('nowork_times', noworks);
  await insertAll('calls', fixedCalls(records));
}

/**
 * Calls for help on about one record in eight, from a generator of their own so that the records
 * above stay those of before: answered ones, and on records in progress an open one that waits up
 * to the workshop's still clock.
 */
function fixedCalls(records: Array<Insertable<Database['product_costs']>>): Array<Insertable<Database['calls']>> {
  const { between, next } = createRandom(17);
  const calls: Array<Insertable<Database['calls']>> = [];
  for (const record of records) {
    if (next() >= 0.125) continue;
    const start = Date.parse(record.started_on as string);
    for (let index = between(1, 3); index > 0; index--) {
      const calledAt = start + between(1, 200) * 60_000 + between(0, 59) * 1000;
      if (calledAt >= NOW.getTime()) continue;
      const open = record.finished_on === null && index === 1;
      calls.push({
        product_cost_id: record.id!,
        call_reason_id: between(1, 4),
        called_at: new Date(calledAt).toISOString(),
        called_by: null,
        answered_at: open ? null : new Date(calledAt + between(10, 3600) * 1000).toISOString(),
        answered_by: null,
      });
    }
  }
  return calls;
}
