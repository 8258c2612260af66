import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { WorkState } from '../../src/domain/work-state.ts';
import { listMessages } from '../../src/domain/product-cost-list.ts';
import { csvHeaders } from '../../src/server/features/work-list/csv-export.ts';
import { createTestApp } from '../support/test-app.ts';
import { createWorkRecord } from '../support/records.ts';
import { createEmployee } from '../support/employees.ts';

let queries: string[] = [];
const t = await createTestApp({}, { onQuery: (sql) => queries.push(sql) });
const admin = await t.signIn();
const tanaka = await createEmployee(t, { last_name: '田中', first_name: '一郎', user_name: 'tanaka', password: 'tanaka-pass' });
const sato = await createEmployee(t, { last_name: '佐藤', first_name: '花子', user_name: 'sato', password: 'sato-pass' });
const worker = await t.signIn('tanaka', 'tanaka-pass');
let overnightId: number;
let nestedId: number;

beforeAll(async () => {
  // 2026-11-20 23:59 JST and 2026-11-21 00:00 JST: one minute apart, on two work dates.
  await createWorkRecord(t, {
    slip_no: 'late',
    started_on: '2026-11-20T14:59:00.000Z',
    finished_on: '2026-11-20T15:29:00.000Z',
    workers: [tanaka],
  });
  await createWorkRecord(t, {
    slip_no: 'early',
    started_on: '2026-11-20T15:00:00.000Z',
    finished_on: '2026-11-20T16:00:00.000Z',
    workers: [sato],
  });
  // 16:00–17:30 JST, stopped overnight, 08:30–10:00 JST: 3 hours worked, 30 minutes interrupted.
  overnightId = await createWorkRecord(t, {
    slip_no: 'night',
    started_on: '2026-11-10T07:00:00.000Z',
    finished_on: '2026-11-11T01:00:00.000Z',
    workers: [tanaka, sato],
    counts: { superior: 400, wound: 3, size: 1 },
    breaks: [['2026-11-11T00:00:00.000Z', '2026-11-11T00:30:00.000Z']],
    noworks: [['2026-11-10T08:30:00.000Z', '2026-11-10T23:30:00.000Z']],
  });
  // 4 hours; setups of 60 and 30 minutes, the first interrupted for 10 and 5.
  nestedId = await createWorkRecord(t, {
    slip_no: 'nested',
    started_on: '2026-11-12T00:00:00.000Z',
    finished_on: '2026-11-12T04:00:00.000Z',
    workers: [sato],
    setups: [
      {
        span: ['2026-11-12T00:00:00.000Z', '2026-11-12T01:00:00.000Z'],
        breaks: [
          ['2026-11-12T00:10:00.000Z', '2026-11-12T00:20:00.000Z'],
          ['2026-11-12T00:30:00.000Z', '2026-11-12T00:35:00.000Z'],
        ],
      },
      { span: ['2026-11-12T02:00:00.000Z', '2026-11-12T02:30:00.000Z'] },
    ],
  });
});

const list = async (query: string) => {
  const response = await worker.get(`/api/productcost${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

describe('GET /api/productcost', () => {
  it('filters by work date in the workshop time zone, both ends inclusive', async () => {
    expect((await list('?started_from=2026-11-21&started_to=2026-11-21')).map((r) => r.slip_no)).toEqual(['early']);
    expect((await list('?started_from=2026-11-20&started_to=2026-11-20')).map((r) => r.slip_no)).toEqual(['late']);
    expect((await list('?started_from=2026-11-20&started_to=2026-11-21')).map((r) => r.slip_no)).toEqual(['early', 'late']);
    expect((await list('?started_to=2026-11-10')).map((r) => r.slip_no)).toEqual(['night']);
    expect((await list('?started_from=2026-11-21')).map((r) => r.slip_no)).toEqual(['early']);
    expect((await list('?started_from=&started_to=')).length).toBe(4);
    expect((await list('')).length).toBe(4);
  });

  it('answers the rows of docs/PRODUCT.md#work-time-list with the derived values of a record that spans a night', async () => {
    const [row] = await list('?started_from=2026-11-10&started_to=2026-11-10');
    expect(row).toMatchObject({
      id: overnightId,
      state: 0,
      slip_no: 'night',
      started_on: '2026-11-10T16:00:00+09:00',
      work_date: '2026-11-10',
      workers_name: '田中 一郎、佐藤 花子',
      paper_size_name: 'A3',
      processing_detail_name: '全断',
      worked_time: '3:00',
      total_breaked_time: '0:30',
      total_defective: 4,
      defective_rate: 1,
      working_rate: 83.3,
    });
  });

  it('computes nested setup interruptions', async () => {
    const [row] = await list('?started_from=2026-11-12&started_to=2026-11-12');
    expect(row).toMatchObject({ id: nestedId, worked_time: '4:00', total_breaked_time: '0:15', setup_time: '1:15', working_rate: 93.8 });
  });

  it('shows a record in progress as truthy state, its time running to now', async () => {
    const started = new Date(Date.now() - 90 * 60_000).toISOString();
    const id = await createWorkRecord(t, {
      slip_no: 'running',
      started_on: started,
      workers: [tanaka],
      breaks: [[new Date(Date.now() - 30 * 60_000).toISOString(), null]],
    });
    const rows = await list('');
    const row = rows.find((r) => r.id === id)!;
    expect(row.state).toBe(4);
    expect(row.worked_time).toBe('1:30');
    expect(row.total_breaked_time).toBe('0:30');
    await t.database.db.deleteFrom('product_costs').where('id', '=', id).execute();
  });

  it('lists the jobs in progress alone with in_progress=true, whatever their date, newest first, with paging', async () => {
    const hour = 60 * 60_000;
    const older = await createWorkRecord(t, {
      slip_no: 'left-overnight',
      started_on: new Date(Date.now() - 30 * hour).toISOString(),
      workers: [sato],
    });
    const newer = await createWorkRecord(t, {
      slip_no: 'running-now',
      started_on: new Date(Date.now() - hour).toISOString(),
      workers: [tanaka],
    });
    const deleted = await createWorkRecord(t, {
      slip_no: 'deleted',
      started_on: new Date(Date.now() - hour).toISOString(),
      workers: [tanaka],
    });
    await t.database.db.updateTable('product_costs').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted).execute();
    try {
      const rows = await list('?in_progress=true');
      expect(rows.map((row) => [row.slip_no, row.state, row.workers_name])).toEqual([
        ['running-now', WorkState.Working, '田中 一郎'],
        ['left-overnight', WorkState.Working, '佐藤 花子'],
      ]);
      expect(rows[1]!.stale).toBe(true);
      const today = (await list(`?in_progress=true&started_from=${rows[0]!.work_date}`)).map((row) => row.id);
      expect(today).toEqual([newer]);
      const paged = await worker.get('/api/productcost?in_progress=true&page=2&per_page=1');
      expect(paged.headers['x-total-count']).toBe('2');
      expect(paged.json().map((row: { id: number }) => row.id)).toEqual([older]);
      expect((await list('?in_progress=false')).map((row) => row.id)).toEqual((await list('')).map((row) => row.id));
      for (const bad of ['1', 'yes', '']) {
        const response = await worker.get(`/api/productcost?in_progress=${bad}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().errorMessage).toBe(listMessages.badInProgress);
      }
    } finally {
      await t.database.db.deleteFrom('product_costs').where('id', 'in', [older, newer, deleted]).execute();
    }
  });

  it('narrows to the slips holding the text with slip, read as half-width, its wildcards taken as themselves', async () => {
    const at = '2026-10-01T01:00:00.000Z';
    const ids = [];
    // typed before slips were digits only.
    for (const slip_no of ['24-1187', '1187', '11870', '24-1188', 'A-12']) {
      ids.push(await createWorkRecord(t, { slip_no, started_on: at, finished_on: '2026-10-01T02:00:00.000Z', workers: [sato] }));
    }
    try {
      const slips = async (query: string) => (await list(query)).map((row) => row.slip_no);
      expect(await slips('?slip=1187')).toEqual(['11870', '1187', '24-1187']);
      expect(await slips(`?slip=${encodeURIComponent('１１８７')}&started_from=2026-10-01&started_to=2026-10-01`)).toEqual([
        '11870',
        '1187',
        '24-1187',
      ]);
      expect(await slips(`?slip=${encodeURIComponent(' ２４ー１１８７ ')}`)).toEqual(['24-1187']);
      expect(await slips('?slip=1187&started_from=2026-10-02')).toEqual([]);
      expect(await slips('?slip=1_87')).toEqual([]);
      expect(await slips('?slip=a-1')).toEqual(['A-12']);
      expect(await slips(`?slip=${encodeURIComponent('%')}`)).toEqual([]);
      const tooLong = await worker.get(`/api/productcost?slip=${'1'.repeat(101)}`);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().errorMessage).toBe(listMessages.badSlip);
    } finally {
      await t.database.db.deleteFrom('product_costs').where('id', 'in', ids).execute();
    }
  });

  it("narrows to one machine's records with machine_id, with the dates, the slip and the jobs in progress, a deleted machine's too", async () => {
    const machine = async (name: string) => (await admin.post('/api/machine', { machine: { name } })).json().id as number;
    const [folder, cutter, idle, retired] = [
      await machine('折り機 1号'),
      await machine('断裁機 1号'),
      await machine('中綴じ機'),
      await machine('断裁機 3号'),
    ];
    const day = (date: string) => ({ started_on: `${date}T01:00:00.000Z`, finished_on: `${date}T02:00:00.000Z` });
    const ids = [
      await createWorkRecord(t, { slip_no: '24-2001', ...day('2026-09-10'), machine_id: folder, workers: [sato] }),
      await createWorkRecord(t, { slip_no: '24-2002', ...day('2026-09-11'), machine_id: folder, workers: [sato] }),
      await createWorkRecord(t, { slip_no: '24-3002', ...day('2026-09-11'), machine_id: folder, workers: [sato] }),
      await createWorkRecord(t, { slip_no: '24-2003', ...day('2026-09-11'), machine_id: cutter, workers: [sato] }),
      await createWorkRecord(t, { slip_no: '24-2004', ...day('2026-09-11'), machine_id: retired, workers: [sato] }),
      await createWorkRecord(t, { slip_no: '24-2005', ...day('2026-09-11'), workers: [sato] }),
      await createWorkRecord(t, { slip_no: '24-2006', started_on: '2026-09-11T03:00:00.000Z', machine_id: folder, workers: [sato] }),
    ];
    await admin.delete(`/api/machine/${retired}`);
    try {
      const slips = async (query: string) => (await list(query)).map((row) => row.slip_no);
      const september = 'started_from=2026-09-01&started_to=2026-09-30';
      expect(await slips(`?${september}&machine_id=${folder}`)).toEqual(['24-2006', '24-3002', '24-2002', '24-2001']);
      expect(await slips(`?started_from=2026-09-11&started_to=2026-09-11&machine_id=${folder}`)).toEqual(['24-2006', '24-3002', '24-2002']);
      expect(await slips(`?started_from=2026-09-11&started_to=2026-09-11&machine_id=${folder}&slip=200`)).toEqual(['24-2006', '24-2002']);
      expect(await slips(`?machine_id=${folder}&slip=2001`)).toEqual(['24-2001']);
      expect(await slips(`?machine_id=${folder}&in_progress=true`)).toEqual(['24-2006']);
      expect(await slips(`?machine_id=${cutter}&in_progress=true`)).toEqual([]);
      expect(await slips(`?machine_id=${cutter}&slip=2001`)).toEqual([]);
      expect(await slips(`?${september}&machine_id=${idle}`)).toEqual([]);
      // Paged, the total counts the machine's records alone.
      const paged = await worker.get(`/api/productcost?${september}&machine_id=${folder}&page=2&per_page=3`);
      expect(paged.headers['x-total-count']).toBe('4');
      expect(paged.json().map((row: { slip_no: string }) => row.slip_no)).toEqual(['24-2001']);

      // A machine deleted since keeps its history: its records are found, by its name marked as deleted.
      const [onRetired] = await list(`?${september}&machine_id=${retired}`);
      expect(onRetired).toMatchObject({ slip_no: '24-2004', machine_id: retired, machine_name: '断裁機 3号', machine_deleted: true });
      const [onFolder] = await list(`?started_from=2026-09-10&started_to=2026-09-10`);
      expect(onFolder).toMatchObject({ slip_no: '24-2001', machine_id: folder, machine_name: '折り機 1号', machine_deleted: false });
      const [withoutMachine] = await list(`?${september}&slip=2005`);
      expect(withoutMachine).toMatchObject({ machine_id: null, machine_name: '', machine_deleted: false });

      const refusal = async (query: string) => {
        const response = await worker.get(`/api/productcost?${query}`);
        expect(response.statusCode, query).toBe(400);
        return response.json().errorMessage as string;
      };
      expect(await refusal('machine_id=99999')).toBe(listMessages.unknownMachine);
      expect(await refusal(`${september}&slip=200&machine_id=99999`)).toBe(listMessages.unknownMachine);
      for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999', `${folder}&machine_id=${cutter}`]) {
        expect(await refusal(`machine_id=${bad}`), bad).toBe(listMessages.badMachine);
      }
    } finally {
      await t.database.db.deleteFrom('product_costs').where('id', 'in', ids).execute();
    }
  });

  it("keeps a finished record's totals on it, equal to what its periods give, and lists them", async () => {
    const worker = await t.signIn('tanaka', 'tanaka-pass');
    const started = (
      await worker.post('/api/productcost/start', {
        slip_no: '9001',
        employees: [tanaka, sato],
        paper_size_id: 1,
        processing_id: 1,
        processing_detail_id: 1,
      })
    ).json();
    const id = started.product_cost.id as number;
    const pause = (await worker.post(`/api/productcost/break/${id}`, { interruption_id: 1 })).json();
    await worker.post(`/api/productcost/restart/${pause.break_time_id}`);
    // Move the record back in time so that its durations are whole minutes, not milliseconds.
    const day = '2026-09-01';
    await t.database.db
      .updateTable('product_costs')
      .set({ started_on: `${day}T00:00:00.000Z` })
      .where('id', '=', id)
      .execute();
    await t.database.db
      .updateTable('break_times')
      .set({ broken_on: `${day}T01:00:00.000Z`, restarted_on: `${day}T01:20:00.000Z` })
      .where('product_cost_id', '=', id)
      .execute();
    await worker.post(`/api/productcost/finish/${id}`, { superior: 10 });
    const kept = await t.database.db
      .selectFrom('product_costs')
      .select(['worked_seconds', 'breaked_seconds', 'setup_seconds', 'workers_name', 'finished_on'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const worked = Math.floor((Date.parse(kept.finished_on!) - Date.parse(`${day}T00:00:00.000Z`)) / 1000);
    expect(kept).toMatchObject({
      worked_seconds: worked,
      breaked_seconds: 20 * 60,
      setup_seconds: 0,
      workers_name: '田中 一郎、佐藤 花子',
    });

    // The list reads what was kept, not the periods: a value written there shows.
    await t.database.db.updateTable('product_costs').set({ worked_seconds: 7200, breaked_seconds: 600 }).where('id', '=', id).execute();
    const [row] = await list(`?started_from=${day}&started_to=${day}`);
    expect(row).toMatchObject({
      id,
      state: 0,
      worked_time: '2:00',
      total_breaked_time: '0:10',
      working_rate: 91.7,
      workers_name: '田中 一郎、佐藤 花子',
    });
    await t.database.db.deleteFrom('product_costs').where('id', '=', id).execute();
  });

  it('keeps the name of a master deleted since', async () => {
    await t.database.db.updateTable('paper_sizes').set({ deleted_at: new Date().toISOString() }).where('id', '=', 1).execute();
    const [row] = await list('?started_from=2026-11-10&started_to=2026-11-10');
    expect(row!.paper_size_name).toBe('A3');
    await t.database.db.updateTable('paper_sizes').set({ deleted_at: null }).where('id', '=', 1).execute();
  });

  it('pages with page and per_page and tells the total in X-Total-Count', async () => {
    const response = await worker.get('/api/productcost?page=2&per_page=3');
    expect(response.headers['x-total-count']).toBe('4');
    expect(response.json().map((r: { slip_no: string }) => r.slip_no)).toEqual(['night']);
  });

  it('refuses malformed dates and a reversed range in Japanese', async () => {
    for (const query of ['?started_from=2026/11/20', '?started_to=2026-02-30', '?started_from=yesterday']) {
      const response = await worker.get(`/api/productcost${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(listMessages.badDate);
    }
    const reversed = await worker.get('/api/productcost?started_from=2026-11-21&started_to=2026-11-20');
    expect(reversed.json().errorMessage).toBe(listMessages.rangeReversed);
  });

  it('answers a whole range of more records than one query can name (SQLite binds at most 32,766 values)', async () => {
    const day = '2024-03-01';
    const total = 33_000;
    for (let offset = 0; offset < total; offset += 500) {
      const rows = Array.from({ length: 500 }, (_, index) => ({
        slip_no: String(offset + index),
        started_on: `${day}T0${(offset + index) % 9}:00:00.000Z`,
        finished_on: `${day}T09:30:00.000Z`,
        created_at: `${day}T09:30:00.000Z`,
        updated_at: `${day}T09:30:00.000Z`,
      }));
      const inserted = await t.database.db.insertInto('product_costs').values(rows).returning('id').execute();
      await t.database.db
        .insertInto('product_cost_workers')
        .values(inserted.map(({ id }) => ({ product_cost_id: id, employee_id: tanaka })))
        .execute();
    }
    const rows = await list(`?started_from=${day}&started_to=${day}`);
    expect(rows).toHaveLength(total);
    expect(rows.every((row) => row.workers_name === '田中 一郎' && row.worked_time !== '')).toBe(true);
  }, 120_000);

  it('costs a fixed number of queries for 10 and for 1,000 rows', async () => {
    const countFor = async (records: number, day: string) => {
      // In one transaction: a commit for each of the 6,000 inserts was 20 s of the PostgreSQL suite.
      await t.database.db.transaction().execute(async (db) => {
        for (let index = 0; index < records; index++) {
          await createWorkRecord(
            { database: { ...t.database, db } },
            {
              slip_no: String(index),
              started_on: `${day}T0${index % 9}:00:00.000Z`,
              finished_on: `${day}T09:30:00.000Z`,
              workers: [tanaka, sato],
              breaks: [[`${day}T09:00:00.000Z`, `${day}T09:10:00.000Z`]],
              setups: [
                { span: [`${day}T09:10:00.000Z`, `${day}T09:20:00.000Z`], breaks: [[`${day}T09:11:00.000Z`, `${day}T09:12:00.000Z`]] },
              ],
              noworks: [[`${day}T09:20:00.000Z`, `${day}T09:25:00.000Z`]],
            },
          );
        }
      });
      queries = [];
      const rows = await list(`?started_from=${day}&started_to=${day}`);
      expect(rows).toHaveLength(records);
      return queries.filter((sql) => !/sessions/.test(sql)).length;
    };
    const forTen = await countFor(10, '2025-01-10');
    const forThousand = await countFor(1000, '2025-02-10');
    expect(forThousand).toBe(forTen);
    expect(forTen).toBeLessThanOrEqual(6);
  }, 120_000);
});

describe('POST /api/productcost/download', () => {
  const download = async (body: unknown) => {
    const response = await worker.request({ method: 'POST', url: '/api/productcost/download', payload: body as object });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('answers UTF-8 CSV with a byte-order mark, a Japanese header and the file name', async () => {
    const response = await download({ from: '2026-11-20', to: '2026-11-21' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('作業時間一覧.csv')}`);
    // For a browser that reads only the plain name: 作業時間 in romaji.
    expect(response.headers['content-disposition']).toContain('filename="sagyo-jikan.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.rawPayload.toString('utf8').slice(1)) as string[][];
    expect(rows[0]).toEqual(csvHeaders);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['late', 'early']);
    expect(csvHeaders).toEqual(
      expect.arrayContaining([
        '作業時間',
        '作業時間(時間)',
        '段取り時間',
        '良品数',
        'キズ',
        'サイズミス',
        'ポカミス',
        'その他',
        '加工機',
        '会社',
      ]),
    );
  });

  it('writes every list column, durations as H:MM and as decimal hours', async () => {
    const response = await download({ from: '2026-11-10', to: '2026-11-10' });
    const [header, row] = parse(response.rawPayload.toString('utf8').slice(1)) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('状態')).toBe('完了');
    expect(cell('作業日')).toBe('2026/11/10');
    expect(cell('開始時刻')).toBe('2026/11/10 16:00');
    expect(cell('作業者')).toBe('田中 一郎、佐藤 花子');
    expect(cell('作業時間')).toBe('3:00');
    expect(cell('作業時間(時間)')).toBe('3');
    expect(cell('中断時間(時間)')).toBe('0.5');
    expect(cell('不良数')).toBe('4');
    expect(cell('稼働率(%)')).toBe('83.3');
    expect(cell('良品数')).toBe('400');
  });

  it('names the state of each job in words, as the work screen does', async () => {
    const at = (hour: number) => `2026-09-01T0${hour}:00:00.000Z`;
    const ids = [
      await createWorkRecord(t, { slip_no: 's-working', started_on: at(0), workers: [tanaka] }),
      await createWorkRecord(t, { slip_no: 's-setup', started_on: at(1), workers: [tanaka], setups: [{ span: [at(1), null] }] }),
      await createWorkRecord(t, {
        slip_no: 's-setup-break',
        started_on: at(2),
        workers: [tanaka],
        setups: [{ span: [at(2), null], breaks: [[at(3), null]] }],
      }),
      await createWorkRecord(t, { slip_no: 's-break', started_on: at(3), workers: [tanaka], breaks: [[at(4), null]] }),
      await createWorkRecord(t, {
        slip_no: 's-night',
        started_on: at(4),
        workers: [tanaka],
        breaks: [[at(5), null]],
        noworks: [[at(6), null]],
      }),
      await createWorkRecord(t, { slip_no: 's-done', started_on: at(5), finished_on: at(6), workers: [tanaka] }),
    ];
    const [header, ...rows] = parse(
      (await download({ from: '2026-09-01', to: '2026-09-01' })).rawPayload.toString('utf8').slice(1),
    ) as string[][];
    const states = Object.fromEntries(rows.map((row) => [row[header!.indexOf('作業伝票No')], row[header!.indexOf('状態')]]));
    expect(states).toEqual({
      's-working': '作業中',
      's-setup': '段取り中',
      's-setup-break': '段取り中断',
      's-break': '作業中断',
      's-night': '終業',
      's-done': '完了',
    });
    expect(header![0]).toBe('状態');
    await t.database.db.deleteFrom('product_costs').where('id', 'in', ids).execute();
  });

  it('quotes names with commas, quotes and line breaks, and keeps formulas as text', async () => {
    await t.database.db.updateTable('employees').set({ last_name: '山"本,', first_name: '次\n郎' }).where('id', '=', sato).execute();
    const id = await createWorkRecord(t, {
      slip_no: 'quoted',
      started_on: '2026-10-01T00:00:00.000Z',
      finished_on: '2026-10-01T01:00:00.000Z',
      workers: [sato],
    });
    const response = await download({ from: '2026-10-01', to: '2026-10-01' });
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain('"山""本, 次\n郎"');
    const [header, row] = parse(text.slice(1)) as string[][];
    expect(row![header!.indexOf('作業者')]).toBe('山"本, 次\n郎');
    await t.database.db.updateTable('employees').set({ last_name: '=HYPERLINK("x")', first_name: '' }).where('id', '=', sato).execute();
    const formula = parse((await download({ from: '2026-10-01', to: '2026-10-01' })).rawPayload.toString('utf8').slice(1)) as string[][];
    expect(formula[1]![header!.indexOf('作業者')]).toBe(`'=HYPERLINK("x")`);
    await t.database.db.updateTable('employees').set({ last_name: '佐藤', first_name: '花子' }).where('id', '=', sato).execute();
    await t.database.db.deleteFrom('product_costs').where('id', '=', id).execute();
  });

  it('answers Shift_JIS on request, which decodes to the same table', async () => {
    const utf8 = (await download({ from: '2026-11-10', to: '2026-11-21' })).rawPayload.toString('utf8').slice(1);
    const response = await download({ from: '2026-11-10', to: '2026-11-21', encoding: 'shift_jis' });
    expect(response.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(response.rawPayload[0]).not.toBe(0xef);
    expect(iconv.decode(response.rawPayload, 'Shift_JIS')).toBe(utf8);
  });

  it('writes a wave dash typed on a Mac in the form Excel reads from Shift_JIS, not as ?', async () => {
    await t.database.db.updateTable('employees').set({ last_name: '山﨑〜', first_name: '−' }).where('id', '=', sato).execute();
    const id = await createWorkRecord(t, {
      slip_no: 'wave-dash',
      started_on: '2026-10-02T00:00:00.000Z',
      finished_on: '2026-10-02T01:00:00.000Z',
      workers: [sato],
    });
    try {
      const response = await download({ from: '2026-10-02', to: '2026-10-02', encoding: 'shift_jis' });
      const [header, row] = parse(iconv.decode(response.rawPayload, 'cp932')) as string[][];
      expect(row![header!.indexOf('作業者')]).toBe('山﨑～ －');
    } finally {
      await t.database.db.updateTable('employees').set({ last_name: '佐藤', first_name: '花子' }).where('id', '=', sato).execute();
      await t.database.db.deleteFrom('product_costs').where('id', '=', id).execute();
    }
  });

  it('adds up to the list', async () => {
    const rows = await list('?started_from=2026-11-10&started_to=2026-11-21');
    const csv = parse((await download({ from: '2026-11-10', to: '2026-11-21' })).rawPayload.toString('utf8').slice(1)) as string[][];
    const column = csv[0]!.indexOf('作業時間(時間)');
    const csvHours = csv.slice(1).reduce((sum, row) => sum + Number(row[column]), 0);
    const listHours = rows.reduce((sum, row) => sum + (row.worked_seconds as number) / 3600, 0);
    expect(csvHours).toBeCloseTo(listHours, 1);
    expect(csv.length - 1).toBe(rows.length);
  });

  it('gives the header alone for an empty range', async () => {
    const response = await download({ from: '2001-01-01', to: '2001-01-31' });
    expect(response.rawPayload.toString('utf8')).toBe(`\ufeff${csvHeaders.join(',')}\r\n`);
  });

  it('is open to every signed-in user, not to a visitor', async () => {
    expect((await admin.request({ method: 'POST', url: '/api/productcost/download', payload: {} })).statusCode).toBe(200);
    const visitor = await t.visitor();
    expect((await visitor.request({ method: 'POST', url: '/api/productcost/download', payload: {} })).statusCode).toBe(401);
  });

  it('refuses a malformed range', async () => {
    const response = await worker.request({ method: 'POST', url: '/api/productcost/download', payload: { from: '20261101' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(listMessages.badDate);
  });
});
