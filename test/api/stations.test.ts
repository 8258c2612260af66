import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { employeeMessages } from '../../src/domain/employees.ts';
import { messages } from '../../src/domain/messages.ts';
import { stationMessages } from '../../src/domain/stations.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { STATION_SESSION_REACH } from '../../src/server/auth/station-reach.ts';
import { stationAddresses } from '../../src/server/features/stations/station-address.ts';
import { arriveTogether } from '../support/arrive-together.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';

/**
 * Stations (端末): registered by an administrator, bound with a one-time code, and the PIN sign-in
 * that works on a bound station only, throttled, and reaching the work screen and the list alone.
 */
const t = await createTestApp();
const admin = await t.signIn();
const db = t.database.db;

/** Sets a worker's PIN through the employee API, as an administrator does. */
async function giveWorker(last_name: string, phonetic: string, pin: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await admin.post('/api/employee', {
    employee: { last_name, first_name: '太郎', last_phonetic_name: phonetic, first_phonetic_name: 'タロウ', pin, ...extra },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

async function newStation(name = '折り機の端末', machine_id: number | null = null) {
  const created = await admin.post('/api/station', { station: { name, machine_id } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; code: string; code_expires_at: string };
}

/** A fresh browser that has loaded the page and bound itself with the code. */
async function boundTablet(code: string): Promise<TestClient> {
  const tablet = await t.visitor();
  const bound = await tablet.post('/api/station/bind', { code });
  expect(bound.statusCode, bound.body).toBe(200);
  return tablet;
}

const workerA = await giveWorker('佐藤', 'サトウ', '1234');
const workerB = await giveWorker('井上', 'イノウエ', '98765432');
const adminWithPin = await giveWorker('管理', 'カンリ', '4321', {
  use_login: true,
  user_name: 'pinadmin',
  password: 'pinadmin-pass',
  is_admin: true,
});
await createEmployee(t, { last_name: '無番' });

describe('registering a station', () => {
  it('answers an 8-digit code valid for 10 minutes, and lists the station without it', async () => {
    const machine = (await admin.post('/api/machine', { machine: { name: '折り機1号' } })).json().id as number;
    const before = Date.now();
    const { id, code, code_expires_at } = await newStation('折り機1号の端末', machine);
    expect(code).toMatch(/^\d{8}$/);
    expect(Date.parse(code_expires_at) - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(Date.parse(code_expires_at) - before).toBeLessThanOrEqual(10 * 60_000 + 1000);
    const listed = (await admin.get('/api/station')).json().find((station: { id: number }) => station.id === id);
    expect(listed).toEqual({
      id,
      name: '折り機1号の端末',
      machine_id: machine,
      machine_name: '折り機1号',
      bound_at: null,
      code_expires_at,
      version: 1,
    });
    expect(JSON.stringify(await db.selectFrom('station_codes').selectAll().execute())).not.toContain(code);
  });

  it('tells where the tablet opens …/station: as the administrator reached the server, or its network addresses from its own machine', async () => {
    const issued = async (host: string) =>
      (
        await admin.request({ method: 'POST', url: '/api/station', payload: { station: { name: `端末 ${host}` } }, headers: { host } })
      ).json().station_addresses;
    expect(await issued('kosu-pc:3000')).toEqual(['http://kosu-pc:3000/station']);
    expect(await issued('localhost:3000')).toEqual(stationAddresses('http', 'localhost:3000', networkInterfaces()));
    const { id } = await newStation('再発行の端末');
    const reissued = await admin.request({ method: 'POST', url: `/api/station/${id}/code`, headers: { host: '192.168.1.20:3000' } });
    expect(reissued.json().station_addresses).toEqual(['http://192.168.1.20:3000/station']);
  });

  it('refuses a missing name and an unknown machine with Japanese messages', async () => {
    expect((await admin.post('/api/station', { station: { name: ' ' } })).json().errorMessage).toBe(stationMessages.nameRequired);
    expect((await admin.post('/api/station', { station: { name: 'x', machine_id: 99999 } })).json().errorMessage).toBe(
      stationMessages.unknownMachine,
    );
  });

  it('lists a deleted machine as deleted, and takes it no more on an edit', async () => {
    const machine = (await admin.post('/api/machine', { machine: { name: '折り機9号' } })).json().id as number;
    const { id } = await newStation('9号機の端末', machine);
    expect((await admin.delete(`/api/machine/${machine}`)).statusCode).toBe(200);
    const listed = (await admin.get('/api/station')).json().find((station: { id: number }) => station.id === id);
    expect(listed).toMatchObject({ machine_id: machine, machine_name: '折り機9号（削除済み）' });
    const kept = await admin.put(`/api/station/${id}`, { station: { name: '9号機の端末', machine_id: machine } });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().errorMessage).toBe(stationMessages.unknownMachine);
    expect((await admin.put(`/api/station/${id}`, { station: { name: '9号機の端末', machine_id: null } })).statusCode).toBe(200);
    expect((await admin.get('/api/station')).json().find((station: { id: number }) => station.id === id).machine_name).toBeNull();
  });

  it('edits the name and machine', async () => {
    const { id } = await newStation('旧名');
    expect((await admin.put(`/api/station/${id}`, { station: { name: '新名', machine_id: null } })).statusCode).toBe(200);
    expect((await admin.get('/api/station')).json().find((station: { id: number }) => station.id === id).name).toBe('新名');
  });

  it('writes nothing for a save that changes nothing and answers the version as it stands, as every master does', async () => {
    const machine = (await admin.post('/api/machine', { machine: { name: '折り機5号' } })).json().id as number;
    const { id } = await newStation('5号機の端末', machine);
    const stored = () => db.selectFrom('stations').select(['updated_at', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    const audits = async () =>
      (await db.selectFrom('audit_logs').select('id').where('entity', '=', 'stations').where('entity_id', '=', id).execute()).length;
    const before = { row: await stored(), audits: await audits() };

    // The name as the schema stores it, trimmed.
    const unchanged = await admin.put(`/api/station/${id}`, { station: { name: ' 5号機の端末 ', machine_id: machine, version: 1 } });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toEqual({ result: true, id, version: 1 });
    expect(await stored()).toEqual(before.row);
    expect(await audits()).toBe(before.audits);

    const moved = await admin.put(`/api/station/${id}`, { station: { name: '5号機の端末', machine_id: null, version: 1 } });
    expect(moved.json()).toEqual({ result: true, id, version: 2 });
    expect((await stored()).version).toBe(2);
    expect(await audits()).toBe(before.audits + 1);
  });

  it('refuses a save over a station saved since the list was read with 409, even one that would change nothing', async () => {
    const { id } = await newStation('二人で直す端末');
    expect((await admin.put(`/api/station/${id}`, { station: { name: '先に直した端末', version: 1 } })).json().version).toBe(2);
    for (const name of ['後から直した端末', '先に直した端末']) {
      const late = await admin.put(`/api/station/${id}`, { station: { name, version: 1 } });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ result: false, errorMessage: messages.conflict });
    }
    expect((await admin.get('/api/station')).json().find((station: { id: number }) => station.id === id)).toMatchObject({
      name: '先に直した端末',
      version: 2,
    });
  });

  it('saves one of two saves sent at once over the same version and refuses the other with 409', async () => {
    const { id } = await newStation('同時に直す端末');
    const answers = await arriveTogether(t, { table: 'stations', id }, () =>
      ['一人目の名', '二人目の名'].map((name) => admin.put(`/api/station/${id}`, { station: { name, version: 1 } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const saved = answers.find((answer) => answer.statusCode === 200)!.json().version as number;
    expect(saved).toBe(2);
  });
});

describe('binding a tablet with the code', () => {
  it('sets a long-lived HttpOnly station cookie, stored only as a hash', async () => {
    const { id, code } = await newStation();
    const tablet = await t.visitor();
    const bound = await tablet.post('/api/station/bind', { code });
    expect(bound.json()).toEqual({ result: true, station: { id, name: '折り機の端末', machine_id: null } });
    const cookie = bound.cookies.find((c) => c.name === 'kosu_station')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.maxAge).toBeGreaterThan(365 * 24 * 3600);
    const row = await db.selectFrom('stations').select(['token_hash', 'bound_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toBe(cookie.value);
    expect(row.bound_at).not.toBeNull();
    expect((await tablet.get('/api/station/current')).json()).toEqual({
      id,
      name: '折り機の端末',
      machine_id: null,
      csrf_token: expect.any(String),
    });
  });

  it('takes a code typed in full-width digits, as an input method writes them', async () => {
    const { id, code } = await newStation('全角の端末');
    const fullWidth = code.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    const bound = await (await t.visitor()).post('/api/station/bind', { code: fullWidth });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().station.id).toBe(id);
  });

  it('uses a code once', async () => {
    const { code } = await newStation();
    await boundTablet(code);
    const second = await (await t.visitor()).post('/api/station/bind', { code });
    expect(second.statusCode).toBe(400);
    expect(second.json().errorMessage).toBe(stationMessages.codeWrong);
  });

  it('refuses a code after its 10 minutes', async () => {
    const { id, code } = await newStation();
    await db
      .updateTable('station_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('station_id', '=', id)
      .execute();
    const late = await (await t.visitor()).post('/api/station/bind', { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().errorMessage).toBe(stationMessages.codeWrong);
  });

  it('refuses a code that is not 8 digits, and a wrong one', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post('/api/station/bind', { code: '12ab' })).json().errorMessage).toBe(stationMessages.codeRequired);
    expect((await visitor.post('/api/station/bind', { code: '00000000' })).json().errorMessage).toBe(stationMessages.codeWrong);
  });

  it('is undone by 再登録 and by deleting the station, signing out whoever signed in on it', async () => {
    const first = await newStation();
    const tablet = await boundTablet(first.code);
    expect((await tablet.post('/api/login/pin', { employee_id: workerA, pin: '1234' })).statusCode).toBe(200);
    const reissued = await admin.post(`/api/station/${first.id}/code`);
    expect(reissued.json().code).toMatch(/^\d{8}$/);
    expect((await tablet.get('/api/station/workers')).statusCode).toBe(403);
    expect((await tablet.get('/api/user/info')).statusCode).toBe(401);

    const again = await boundTablet(reissued.json().code);
    expect((await again.post('/api/login/pin', { employee_id: workerA, pin: '1234' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/station/${first.id}`)).statusCode).toBe(200);
    expect((await again.get('/api/station/workers')).json().errorMessage).toBe(stationMessages.notBound);
    expect((await again.get('/api/user/info')).statusCode).toBe(401);
  });
});

describe('the tiles of a bound station', () => {
  it('lists the employees with a PIN by reading, with id, name and reading only', async () => {
    const tablet = await boundTablet((await newStation()).code);
    expect((await tablet.get('/api/station/workers')).json()).toEqual([
      { id: workerB, name: '井上 太郎', phonetic_name: 'イノウエ タロウ' },
      { id: adminWithPin, name: '管理 太郎', phonetic_name: 'カンリ タロウ' },
      { id: workerA, name: '佐藤 太郎', phonetic_name: 'サトウ タロウ' },
    ]);
  });

  it('are refused to a browser that is not a station, even an administrator’s', async () => {
    for (const client of [await t.visitor(), admin]) {
      const response = await client.get('/api/station/workers');
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMessage).toBe(stationMessages.notBound);
    }
  });
});

describe('PIN sign-in', () => {
  it('answers as /api/login does, on a bound station only', async () => {
    const elsewhere = await t.visitor();
    const refused = await elsewhere.post('/api/login/pin', { employee_id: workerA, pin: '1234' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toBe(stationMessages.notBound);

    const tablet = await boundTablet((await newStation()).code);
    const signedIn = await tablet.post('/api/login/pin', { employee_id: workerA, pin: '1234' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({
      result: true,
      user: { id: workerA, employee_id: workerA, name: '佐藤 太郎', user_name: '', is_admin: false },
      csrf_token: expect.any(String),
    });
    expect((await tablet.get('/api/user/info')).json().employee_id).toBe(workerA);
  });

  it('ends the signed-in session the tablet carried, so its old cookie no longer works', async () => {
    const tablet = await boundTablet((await newStation()).code);
    expect((await tablet.post('/api/login/pin', { employee_id: workerA, pin: '1234' })).statusCode).toBe(200);
    const oldCookie = tablet.cookie;
    expect((await tablet.post('/api/login/pin', { employee_id: workerB, pin: '98765432' })).statusCode).toBe(200);
    expect((await tablet.get('/api/user/info')).json().employee_id).toBe(workerB);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: oldCookie! } });
    expect(replay.statusCode).toBe(401);
  });

  it('needs CSRF and X-Requested-With like every mutating call', async () => {
    const tablet = await boundTablet((await newStation()).code);
    const forged = await tablet.request({
      method: 'POST',
      url: '/api/login/pin',
      payload: { employee_id: workerA, pin: '1234' },
      headers: { 'x-requested-with': '' },
    });
    expect(forged.statusCode).toBe(419);
  });

  it('refuses a wrong PIN, and an employee without one', async () => {
    const tablet = await boundTablet((await newStation()).code);
    const wrong = await tablet.post('/api/login/pin', { employee_id: workerB, pin: '0000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorMessage).toBe(stationMessages.pinWrong);
    expect((await tablet.post('/api/login/pin', { employee_id: 99999, pin: '0000' })).statusCode).toBe(401);
    await db.deleteFrom('login_throttles').execute();
  });

  it('refuses a PIN that is none, too short, too long or not digits before counting it toward the lock', async () => {
    const tablet = await boundTablet((await newStation()).code);
    for (const pin of ['', '1', '123', '123456789', '12a4', '１２３４']) {
      const refused = await tablet.post('/api/login/pin', { employee_id: workerB, pin });
      expect(refused.statusCode, pin).toBe(400);
      expect(refused.json().errorMessage, pin).toBe(stationMessages.pinFormat);
    }
    expect(await db.selectFrom('login_throttles').selectAll().where('key', '=', `pin:${workerB}`).execute()).toEqual([]);
  });

  it('locks a worker for 15 minutes after 5 wrong PINs, counted in the database; the password still works', async () => {
    const worker = await giveWorker('鈴木', 'スズキ', '2468', { use_login: true, user_name: 'suzuki', password: 'suzuki-pass' });
    const tablet = await boundTablet((await newStation()).code);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await tablet.post('/api/login/pin', { employee_id: worker, pin: '1111' })).statusCode).toBe(401);
    }
    const before = Date.now();
    const fifth = await tablet.post('/api/login/pin', { employee_id: worker, pin: '1111' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errorMessage).toMatch(/^暗証番号の誤りが続いたため、\d{1,2}:\d{2}まで暗証番号でログインできません。/);
    const counter = await db.selectFrom('login_throttles').selectAll().where('key', '=', `pin:${worker}`).executeTakeFirstOrThrow();
    expect(counter.attempts).toBe(5);
    expect(Date.parse(counter.window_started_at)).toBeGreaterThanOrEqual(before - 1000);

    // The right PIN too, from another station: the count is the worker's, in the database.
    const other = await boundTablet((await newStation()).code);
    expect((await other.post('/api/login/pin', { employee_id: worker, pin: '2468' })).statusCode).toBe(429);
    // Others are not locked, and the password still signs in.
    expect((await other.post('/api/login/pin', { employee_id: workerA, pin: '1234' })).statusCode).toBe(200);
    expect((await (await t.visitor()).post('/api/login', { user_name: 'suzuki', password: 'suzuki-pass' })).statusCode).toBe(200);

    // 15 minutes after the fifth, the lock is over.
    await db
      .updateTable('login_throttles')
      .set({ window_started_at: new Date(Date.now() - 15 * 60_000 - 1000).toISOString() })
      .where('key', '=', `pin:${worker}`)
      .execute();
    expect((await other.post('/api/login/pin', { employee_id: worker, pin: '2468' })).statusCode).toBe(200);
  });

  it('ends when the PIN changes', async () => {
    const worker = await giveWorker('高橋', 'タカハシ', '1357');
    const tablet = await boundTablet((await newStation()).code);
    await tablet.post('/api/login/pin', { employee_id: worker, pin: '1357' });
    const detail = (await admin.get(`/api/employee/${worker}`)).json();
    expect(detail.has_pin).toBe(true);
    // Saved twice from one read, as a program that does not send the version may.
    const { id: _id, using_login: _u, has_pin: _p, is_responsible: _r, version: _v, ...fields } = detail;
    expect((await admin.put(`/api/employee/${worker}`, { employee: { ...fields, pin: '' } })).statusCode).toBe(200);
    expect((await tablet.get('/api/user/info')).statusCode).toBe(200);
    expect((await admin.put(`/api/employee/${worker}`, { employee: { ...fields, pin: '7531' } })).statusCode).toBe(200);
    expect((await tablet.get('/api/user/info')).statusCode).toBe(401);
  });

  it('can be made again on the tablet after its session ended, with the token the station answers', async () => {
    const worker = await giveWorker('小林', 'コバヤシ', '2222');
    const tablet = await boundTablet((await newStation()).code);
    expect((await tablet.post('/api/login/pin', { employee_id: worker, pin: '2222' })).statusCode).toBe(200);
    const {
      id: _id,
      using_login: _u,
      has_pin: _p,
      is_responsible: _r,
      version: _v,
      ...fields
    } = (await admin.get(`/api/employee/${worker}`)).json();
    expect((await admin.put(`/api/employee/${worker}`, { employee: { ...fields, pin: '3333' } })).statusCode).toBe(200);
    // The page still holds the ended session's token: refused as from an expired page.
    expect((await tablet.post('/api/login/pin', { employee_id: worker, pin: '3333' })).statusCode).toBe(419);
    // The tiles read the station, and take on the token it answers.
    expect((await tablet.get('/api/station/current')).json().csrf_token).toEqual(expect.any(String));
    const again = await tablet.post('/api/login/pin', { employee_id: worker, pin: '3333' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('is removed with remove_pin: the worker leaves the tiles, and a session signed in by it ends', async () => {
    const worker = await giveWorker('石田', 'イシダ', '8642');
    const tablet = await boundTablet((await newStation()).code);
    await tablet.post('/api/login/pin', { employee_id: worker, pin: '8642' });
    const { id: _id, using_login: _u, has_pin: _p, is_responsible: _r, ...fields } = (await admin.get(`/api/employee/${worker}`)).json();
    const both = await admin.put(`/api/employee/${worker}`, { employee: { ...fields, pin: '1111', remove_pin: true } });
    expect([both.statusCode, both.json().errorMessage]).toEqual([400, employeeMessages.pinRemoveWithPin]);
    expect((await admin.put(`/api/employee/${worker}`, { employee: { ...fields, pin: '', remove_pin: true } })).statusCode).toBe(200);
    expect((await admin.get(`/api/employee/${worker}`)).json().has_pin).toBe(false);
    expect((await tablet.get('/api/user/info')).statusCode).toBe(401);
    const otherTablet = await boundTablet((await newStation()).code);
    const tiles = (await otherTablet.get('/api/station/workers')).json() as Array<{ id: number }>;
    expect(tiles.map((tile) => tile.id)).not.toContain(worker);
    expect((await otherTablet.post('/api/login/pin', { employee_id: worker, pin: '8642' })).statusCode).not.toBe(200);
  });

  it('refuses a PIN that is not 4 to 8 digits in the employee payload', async () => {
    for (const pin of ['123', '123456789', '12a4']) {
      const response = await admin.post('/api/employee', { employee: { last_name: '桁', pin } });
      expect(response.statusCode, pin).toBe(400);
      expect(response.json().errorMessage).toBe(stationMessages.pinFormat);
    }
  });
});

describe('a session signed in by PIN', () => {
  const tabletOf = async (employeeId: number, pin: string) => {
    const tablet = await boundTablet((await newStation()).code);
    expect((await tablet.post('/api/login/pin', { employee_id: employeeId, pin })).statusCode).toBe(200);
    return tablet;
  };

  it('works a job through the work screen’s calls', async () => {
    const tablet = await tabletOf(workerA, '1234');
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    expect((await tablet.get(`/api/productcost/${id}`)).statusCode).toBe(200);
    expect((await tablet.post(`/api/productcost/break/${id}`, { interruption_id: 1 })).statusCode).toBe(200);
    expect((await tablet.get('/api/productcost')).statusCode).toBe(200);
    expect((await tablet.get('/api/employee/selector')).statusCode).toBe(200);
  });

  it('calls for help from the work screen, reads the floor board and answers the call there', async () => {
    const tablet = await tabletOf(workerA, '1234');
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    const reasons = await tablet.get('/api/call_reason/selector');
    expect(reasons.statusCode).toBe(200);
    const called = await tablet.post(`/api/productcost/call/${id}`, { call_reason_id: reasons.json()[0].id });
    expect(called.statusCode).toBe(200);
    const board = await tablet.get('/api/board');
    expect(board.statusCode).toBe(200);
    const job = board.json().jobs.find((row: { id: number }) => row.id === id);
    expect(job.call.id).toBe(called.json().call_id);
    expect((await tablet.post(`/api/productcost/call/answer/${called.json().call_id}`, {})).statusCode).toBe(200);
  });

  it('reaches nothing beyond its allow-list, administrator or not', async () => {
    const tablet = await tabletOf(adminWithPin, '4321');
    const concrete = (url: string) => url.replace(':id', '999999');
    const outside = t.app.apiRoutes.filter(
      (route) => (route.access === 'user' || route.access === 'admin') && !STATION_SESSION_REACH.has(`${route.method} ${route.url}`),
    );
    expect(outside.map((route) => `${route.method} ${route.url}`)).toContain('POST /api/productcost/download');
    for (const route of outside) {
      const response = await tablet.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().errorMessage).toBe(stationMessages.passwordNeeded);
    }
  });

  it('names in its allow-list only routes that exist', () => {
    const routes = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    for (const entry of STATION_SESSION_REACH) expect(routes.has(entry), entry).toBe(true);
  });

  it('of an administrator gets the administrator routes back by a password sign-in', async () => {
    const tablet = await tabletOf(adminWithPin, '4321');
    expect((await tablet.get('/api/employee')).statusCode).toBe(403);
    await tablet.post('/api/login', { user_name: 'pinadmin', password: 'pinadmin-pass' });
    expect((await tablet.get('/api/employee')).statusCode).toBe(200);
  });
});
