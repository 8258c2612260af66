import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/server/auth/password.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/schema.ts';
import { keepMissingAnalyticFigures } from '../src/server/records/record-totals.ts';
import { announceAdministrator, prepareDatabase } from '../src/server/startup.ts';
import { createRandom } from './support/random.ts';
import { userIdColumns } from '../src/domain/user-id.ts';

/**
 * `npm run seed:demo`: a believable workshop on the configured database — machines, companies,
 * workers, and three months of jobs with setups, interruptions, overnight stops and defects.
 * It refuses to run twice, so that it never mixes into real data.
 */
dayjs.extend(utc);
dayjs.extend(timezone);

const DEMO_PASSWORD = 'demo1234';
const machines = ['断裁機 1号', '断裁機 2号', '折り機', '中綴じ機', '無線綴じ機', '打ち抜き機'];
const companies: Array<[string, string]> = [
  ['山本印刷株式会社', 'ヤマモトインサツ'],
  ['株式会社青葉出版', 'アオバシュッパン'],
  ['東都紙工株式会社', 'トウトシコウ'],
  ['みどり企画', 'ミドリキカク'],
  ['有限会社北斗製本', 'ホクトセイホン'],
];
const workers: Array<[string, string, string, string, string | null]> = [
  ['田中', '一郎', 'タナカ', 'イチロウ', 'tanaka'],
  ['佐藤', '花子', 'サトウ', 'ハナコ', 'sato'],
  ['鈴木', '健太', 'スズキ', 'ケンタ', 'suzuki'],
  ['高橋', '美咲', 'タカハシ', 'ミサキ', null],
  ['伊藤', '大輔', 'イトウ', 'ダイスケ', null],
  ['渡辺', '由美', 'ワタナベ', 'ユミ', null],
  ['中村', '翔', 'ナカムラ', 'ショウ', null],
];

const { next: random, between, pick } = createRandom(20261122);

async function main(): Promise<void> {
  const config = loadConfig();
  const { database, administrator } = await prepareDatabase(config);
  if (administrator) announceAdministrator(administrator);
  const { db } = database;
  try {
    if (await db.selectFrom('machines').select('id').limit(1).executeTakeFirst()) {
      process.stdout.write('The database already holds machines: the demo workshop is not added twice.\n');
      return;
    }
    const ids = await seedMasters(db);
    const count = await seedRecords(db, ids, config.timeZone);
    // After the records, so that they come out as before; their kept figures are costed with these.
    await seedCosting(db, ids, config.timeZone);
    await keepMissingAnalyticFigures(db, config.timeZone);
    process.stdout.write(
      `Demo workshop added: ${machines.length} machines, ${companies.length} companies, ${workers.length} workers, ${count} work records.\n` +
        `Workers who sign in: ${workers
          .filter((w) => w[4])
          .map((w) => w[4])
          .join(', ')} (password ${DEMO_PASSWORD}).\n`,
    );
  } finally {
    await database.close();
  }
}

interface MasterIds {
  machines: number[];
  companies: number[];
  workers: number[];
  paperSizes: number[];
  details: Array<{ id: number; processing_id: number }>;
  reasons: number[];
}

async function seedMasters(db: Kysely<Database>): Promise<MasterIds> {
  const at = new Date().toISOString();
  const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null, deleted_at: null };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const machineRows = await trx
      .insertInto('machines')
      .values(machines.map((name, index) => ({ name, display_order: index + 1, ...audit })))
      .returning('id')
      .execute();
    const companyRows = await trx
      .insertInto('companies')
      .values(companies.map(([name, phonetic_name], index) => ({ name, phonetic_name, display_order: index + 1, ...audit })))
      .returning('id')
      .execute();
    const workerRows = await trx
      .insertInto('employees')
      .values(
        workers.map(([last_name, first_name, last_phonetic_name, first_phonetic_name, user_name], index) => ({
          last_name,
          first_name,
          last_phonetic_name,
          first_phonetic_name,
          email: '',
          ...userIdColumns(user_name),
          password_hash: user_name ? passwordHash : null,
          is_admin: 0,
          is_responsible: 0,
          use_login: user_name ? 1 : 0,
          display_order: index + 1,
          ...audit,
        })),
      )
      .returning('id')
      .execute();
    return {
      machines: machineRows.map((row) => row.id),
      companies: companyRows.map((row) => row.id),
      workers: workerRows.map((row) => row.id),
      paperSizes: (await trx.selectFrom('paper_sizes').select('id').where('deleted_at', 'is', null).execute()).map((row) => row.id),
      details: await trx.selectFrom('processing_details').select(['id', 'processing_id']).where('deleted_at', 'is', null).execute(),
      reasons: (await trx.selectFrom('interruptions').select('id').where('deleted_at', 'is', null).execute()).map((row) => row.id),
    };
  });
}

/** Machine rates of 3,000–5,000 円/時 (the first cutter's raised a month ago), wages of 1,800–2,400 円/時, and standards per detail. */
async function seedCosting(db: Kysely<Database>, ids: MasterIds, timeZone: string): Promise<void> {
  const since = dayjs().tz(timeZone).subtract(120, 'day').format('YYYY-MM-DD');
  const raised = dayjs().tz(timeZone).subtract(30, 'day').format('YYYY-MM-DD');
  const machineRates = [4000, 4200, 3000, 3500, 5000, 3800];
  await db
    .insertInto('machine_rates')
    .values([
      ...ids.machines.map((machine_id, index) => ({
        machine_id,
        valid_from: since,
        yen_per_hour: machineRates[index % machineRates.length]!,
      })),
      { machine_id: ids.machines[0]!, valid_from: raised, yen_per_hour: 4600 },
    ])
    .execute();
  await db
    .insertInto('employee_rates')
    .values(ids.workers.map((employee_id) => ({ employee_id, valid_from: since, yen_per_hour: between(18, 24) * 100 })))
    .execute();
  for (const detail of ids.details) {
    await db
      .updateTable('processing_details')
      .set({ standard_speed: between(3, 12) * 500, standard_setup_minutes: between(2, 6) * 5 })
      .where('id', '=', detail.id)
      .execute();
  }
}

/** Jobs on every working day of the last three months, and two still running today. */
async function seedRecords(db: Kysely<Database>, ids: MasterIds, timeZone: string): Promise<number> {
  const today = dayjs().tz(timeZone).startOf('day');
  let count = 0;
  await db.transaction().execute(async (trx) => {
    for (let day = today.subtract(3, 'month'); day.isBefore(today); day = day.add(1, 'day')) {
      if (day.day() === 0) continue;
      let clock = day.hour(8).minute(between(0, 30));
      for (let job = between(3, 7); job > 0; job--) {
        const minutes = between(40, 240);
        const overnight = job === 1 && random() < 0.15;
        await insertJob(trx, ids, clock, minutes, overnight, timeZone);
        count++;
        clock = clock.add(minutes + between(5, 30), 'minute');
        if (clock.hour() >= 17) break;
      }
    }
    await insertJob(trx, ids, dayjs().tz(timeZone).subtract(95, 'minute'), null, false, timeZone);
    await insertJob(trx, ids, dayjs().tz(timeZone).subtract(40, 'minute'), null, false, timeZone);
    count += 2;
  });
  return count;
}

async function insertJob(
  db: Kysely<Database>,
  ids: MasterIds,
  start: dayjs.Dayjs,
  minutes: number | null,
  overnight: boolean,
  timeZone: string,
): Promise<void> {
  const iso = (moment: dayjs.Dayjs) => moment.toDate().toISOString();
  const detail = pick(ids.details);
  const crew = [...new Set([pick(ids.workers), ...(random() < 0.4 ? [pick(ids.workers)] : [])])];
  const finished = minutes !== null;
  const stopAt = start.hour(17).minute(30);
  const nextMorning = start.add(1, 'day').tz(timeZone).hour(8).minute(30);
  const end = finished ? (overnight ? nextMorning.add(minutes, 'minute') : start.add(minutes, 'minute')) : null;
  const superior = finished ? between(5, 60) * 100 : null;
  const defect = () => (finished && random() < 0.35 ? between(1, 25) : 0);
  const at = iso(end ?? start);
  const { id } = await db
    .insertInto('product_costs')
    .values({
      slip_no: String(between(100000, 999999)),
      paper_size_id: pick(ids.paperSizes),
      processing_id: detail.processing_id,
      processing_detail_id: detail.id,
      machine_id: pick(ids.machines),
      company_id: pick(ids.companies),
      started_on: iso(start),
      finished_on: end ? iso(end) : null,
      superior,
      wound: defect(),
      size: defect(),
      miss: defect(),
      other: defect(),
      process2: null,
      created_at: iso(start),
      created_by: crew[0]!,
      updated_at: at,
      updated_by: crew[0]!,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_cost_workers')
    .values(crew.map((employee_id) => ({ product_cost_id: id, employee_id })))
    .execute();

  const by = { opened_by: crew[0]!, closed_by: finished ? crew[0]! : null };
  const setupMinutes = between(10, 30);
  const setupEnd = start.add(setupMinutes, 'minute');
  const { id: setupId } = await db
    .insertInto('setup_times')
    .values({ product_cost_id: id, started_on: iso(start), finished_on: iso(setupEnd), ...by, closed_by: crew[0]! })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (random() < 0.3) {
    const brokenOn = start.add(between(2, setupMinutes - 8), 'minute');
    await db
      .insertInto('setup_break_times')
      .values({
        product_cost_id: id,
        setup_time_id: setupId,
        broken_on: iso(brokenOn),
        restarted_on: iso(brokenOn.add(5, 'minute')),
        interruption_id: pick(ids.reasons),
        interruption_other: null,
        opened_by: crew[0]!,
        closed_by: crew[0]!,
      })
      .execute();
  }
  if (finished && !overnight && minutes > 60 && random() < 0.6) {
    const reason = pick(ids.reasons);
    const brokenOn = setupEnd.add(between(5, 20), 'minute');
    await db
      .insertInto('break_times')
      .values({
        product_cost_id: id,
        broken_on: iso(brokenOn),
        restarted_on: iso(brokenOn.add(between(5, 25), 'minute')),
        interruption_id: reason,
        interruption_other: reason === 5 ? '紙の搬入待ち' : null,
        ...by,
      })
      .execute();
  }
  if (overnight) {
    await db
      .insertInto('nowork_times')
      .values({ product_cost_id: id, started_on: iso(stopAt), finished_on: iso(nextMorning), ...by })
      .execute();
  }
}

await main();
