import { beforeEach, describe, expect, it, vi } from 'vitest';
import { employeeLimits, employeeMessages } from '../../src/domain/employees.ts';
import { masterMessages } from '../../src/domain/masters.ts';
import { messages } from '../../src/domain/messages.ts';
import { ADMIN, type TestClient } from '../support/test-app.ts';
import { appWithAdminAndWorker } from '../support/employees.ts';

/**
 * The user-ID check made before the write, switchable off so that a test can play the request that
 * loses a race: the row it collides with is already there when the unique index sees it.
 */
const race = vi.hoisted(() => ({ skipUserNameCheck: false }));
vi.mock('../../src/server/features/employees/employees-repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/features/employees/employees-repository.ts')>();
  return {
    ...actual,
    userNameTaken: (...args: Parameters<typeof actual.userNameTaken>) =>
      race.skipUserNameCheck ? Promise.resolve(false) : actual.userNameTaken(...args),
  };
});

const { t, admin, adminId, worker } = await appWithAdminAndWorker();

let serial = 0;
/** A user ID no other test uses. */
const uniqueUserName = (stem = 'user') => `${stem}${++serial}`;

const employee = (fields: Record<string, unknown> = {}) => ({
  employee: {
    last_name: '山田',
    first_name: '太郎',
    last_phonetic_name: 'ヤマダ',
    first_phonetic_name: 'タロウ',
    email: '',
    use_login: false,
    is_admin: false,
    ...fields,
  },
});
const withLogin = (fields: Record<string, unknown> = {}) =>
  employee({ use_login: true, user_name: uniqueUserName(), password: 'pass-1234', ...fields });

async function create(payload: ReturnType<typeof employee>): Promise<number> {
  const response = await admin.post('/api/employee', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
const rowOf = (id: number) => t.database.db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const countEmployees = async () => (await t.database.db.selectFrom('employees').select('id').execute()).length;
const stillSignedIn = async (client: TestClient) => (await client.get('/api/user/info')).statusCode === 200;

describe('reads', () => {
  it('lists active employees in display order then id, the family name first', async () => {
    const first = await create(employee({ last_name: '佐藤', first_name: '花子' }));
    const second = await create(employee({ last_name: '鈴木', first_name: '' }));
    const names = (await admin.get('/api/employee')).json() as Array<{ id: number; full_name: string }>;
    expect(names.slice(-2)).toEqual([
      { id: first, full_name: '佐藤 花子' },
      { id: second, full_name: '鈴木' },
    ]);
    expect(names[0]).toEqual({ id: adminId, full_name: '管理者' });

    await t.database.db.updateTable('employees').set({ display_order: -1 }).where('id', '=', second).execute();
    expect((await admin.get('/api/employee')).json()[0]).toEqual({ id: second, full_name: '鈴木' });
    await t.database.db.updateTable('employees').set({ display_order: 1000 }).where('id', '=', second).execute();
  });

  it('reads one employee with booleans and using_login, and never the password or its hash', async () => {
    const userName = uniqueUserName('reader');
    const id = await create(withLogin({ user_name: userName, password: 'secret-pass', email: 'yamada@example.jp', is_admin: true }));
    const response = await admin.get(`/api/employee/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      last_name: '山田',
      first_name: '太郎',
      last_phonetic_name: 'ヤマダ',
      first_phonetic_name: 'タロウ',
      email: 'yamada@example.jp',
      user_name: userName,
      is_admin: true,
      is_responsible: false,
      show_as_worker: true,
      use_login: true,
      using_login: true,
      has_pin: false,
      rates: [],
      version: 1,
    });
    for (const path of [`/api/employee/${id}`, '/api/employee', '/api/employee/selector']) {
      const text = (await admin.get(path)).body;
      expect(text).not.toContain('secret-pass');
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain('password');
    }
  });

  it('says using_login is false for an employee who does not sign in', async () => {
    const id = await create(employee());
    expect((await admin.get(`/api/employee/${id}`)).json()).toMatchObject({
      use_login: false,
      using_login: false,
      user_name: '',
      is_admin: false,
    });
  });

  it('answers 404 in Japanese for an unknown id and 400 for one that is not a number', async () => {
    const unknown = await admin.get('/api/employee/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ result: false, errorMessage: employeeMessages.notFound });
    expect((await admin.get('/api/employee/abc')).statusCode).toBe(400);
  });

  it('gives every signed-in worker the selector of names and readings, and nothing more', async () => {
    const id = await create(
      employee({ last_name: '高橋', first_name: '一郎', last_phonetic_name: 'タカハシ', first_phonetic_name: 'イチロウ' }),
    );
    const response = await worker.get('/api/employee/selector');
    expect(response.statusCode).toBe(200);
    const items = response.json() as Array<Record<string, unknown>>;
    expect(items).toContainEqual({ id, name: '高橋 一郎', phonetic_name: 'タカハシ イチロウ' });
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'name', 'phonetic_name']);
  });
});

describe('作業者として表示 (show_as_worker)', () => {
  const selectorIds = async () => ((await worker.get('/api/employee/selector')).json() as Array<{ id: number }>).map((item) => item.id);

  it('is on when not sent, and off for the first administrator', async () => {
    const id = await create(employee());
    expect((await admin.get(`/api/employee/${id}`)).json().show_as_worker).toBe(true);
    expect((await admin.get(`/api/employee/${adminId}`)).json().show_as_worker).toBe(false);
    expect(await selectorIds()).toContain(id);
    expect(await selectorIds()).not.toContain(adminId);
  });

  it('leaves the selector when turned off and comes back when turned on, audited', async () => {
    const id = await create(employee({ last_name: '事務', show_as_worker: false }));
    expect((await rowOf(id)).show_as_worker).toBe(0);
    expect(await selectorIds()).not.toContain(id);
    const update = await admin.put(`/api/employee/${id}`, employee({ last_name: '事務', show_as_worker: true }));
    expect(update.statusCode, update.body).toBe(200);
    expect(await selectorIds()).toContain(id);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'employees')
      .where('entity_id', '=', id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).show_as_worker).toBe(false);
    expect(JSON.parse(audit.after_json!).show_as_worker).toBe(true);
  });

  it('refuses what is not a boolean', async () => {
    const response = await admin.post('/api/employee', employee({ show_as_worker: 'no' }));
    expect(response.statusCode).toBe(400);
  });
});

describe('administrators only', () => {
  it('answers 403 to a regular worker on the reads with personal data and on every write, and changes nothing', async () => {
    const id = await create(employee({ last_name: '守田' }));
    const before = await countEmployees();
    const calls = [
      () => worker.get('/api/employee'),
      () => worker.get(`/api/employee/${id}`),
      () => worker.post('/api/employee', employee()),
      () => worker.put(`/api/employee/${id}`, employee({ last_name: '書換' })),
      () => worker.delete(`/api/employee/${id}`),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.http.forbidden });
    }
    expect(await countEmployees()).toBe(before);
    expect(await rowOf(id)).toMatchObject({ last_name: '守田', deleted_at: null });
  });
});

describe('validation', () => {
  const refusedWith = async (payload: unknown, message: string, call = (body: unknown) => admin.post('/api/employee', body)) => {
    const before = await countEmployees();
    const response = await call(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: message });
    expect(await countEmployees()).toBe(before);
  };

  it('asks for the family name, blank or missing', async () => {
    await refusedWith(employee({ last_name: '   ' }), '姓を入力してください。');
    await refusedWith({ employee: { first_name: '太郎' } }, '姓を入力してください。');
  });

  it('bounds the length of every text', async () => {
    const max = employeeLimits;
    await refusedWith(employee({ last_name: 'あ'.repeat(max.nameMax + 1) }), masterMessages.tooLong('姓', max.nameMax));
    await refusedWith(employee({ first_name: 'あ'.repeat(max.nameMax + 1) }), masterMessages.tooLong('名', max.nameMax));
    await refusedWith(employee({ last_phonetic_name: 'ア'.repeat(max.nameMax + 1) }), masterMessages.tooLong('セイ', max.nameMax));
    await refusedWith(employee({ first_phonetic_name: 'ア'.repeat(max.nameMax + 1) }), masterMessages.tooLong('メイ', max.nameMax));
    await refusedWith(
      employee({ email: `${'a'.repeat(max.emailMax - 10)}@example.jp` }),
      masterMessages.tooLong('メールアドレス', max.emailMax),
    );
    await refusedWith(withLogin({ user_name: 'u'.repeat(max.userNameMax + 1) }), masterMessages.tooLong('ユーザID', max.userNameMax));
    await refusedWith(withLogin({ password: 'p'.repeat(max.passwordMax + 1) }), masterMessages.tooLong('パスワード', max.passwordMax));
    await create(
      withLogin({
        last_name: 'あ'.repeat(max.nameMax),
        user_name: `${uniqueUserName()}${'u'.repeat(90)}`,
        password: 'p'.repeat(max.passwordMax),
      }),
    );
  });

  it('wants a valid mail address when one is given', async () => {
    await refusedWith(employee({ email: 'not-an-address' }), 'メールアドレスの形式が正しくありません。');
    const id = await create(employee({ email: '  yamada@example.jp ' }));
    expect((await rowOf(id)).email).toBe('yamada@example.jp');
  });

  it('wants a user ID when the employee uses the system', async () => {
    await refusedWith(withLogin({ user_name: '  ' }), 'ユーザIDを入力してください。');
    await refusedWith(withLogin({ user_name: undefined }), 'ユーザIDを入力してください。');
  });

  it('wants a password of 4 characters or more when login is switched on for someone without one', async () => {
    await refusedWith(withLogin({ password: '' }), 'パスワードを4文字以上で入力してください。');
    await refusedWith(withLogin({ password: undefined }), 'パスワードを4文字以上で入力してください。');

    const id = await create(employee());
    await refusedWith(withLogin({ password: '' }), 'パスワードを4文字以上で入力してください。', (body) =>
      admin.put(`/api/employee/${id}`, body),
    );
    expect(await rowOf(id)).toMatchObject({ use_login: 0, user_name: null, password_hash: null });
  });

  it('refuses any password shorter than 4 characters, on create and on update', async () => {
    await refusedWith(withLogin({ password: 'abc' }), 'パスワードは4文字以上で入力してください。');
    const userName = uniqueUserName();
    const id = await create(withLogin({ user_name: userName, password: 'first-pass' }));
    const hash = (await rowOf(id)).password_hash;
    await refusedWith(withLogin({ user_name: userName, password: 'abc' }), 'パスワードは4文字以上で入力してください。', (body) =>
      admin.put(`/api/employee/${id}`, body),
    );
    expect((await rowOf(id)).password_hash).toBe(hash);
    await create(withLogin({ password: 'abcd' }));
  });

  it('trims the names and the user ID, and keeps the stored password when none is entered', async () => {
    const userName = uniqueUserName('trim');
    const id = await create(withLogin({ last_name: '  山本 ', first_name: ' 次郎  ', user_name: `  ${userName} `, password: 'keep-this' }));
    expect(await rowOf(id)).toMatchObject({ last_name: '山本', first_name: '次郎', user_name: userName });
    const hash = (await rowOf(id)).password_hash;

    const updated = await admin.put(
      `/api/employee/${id}`,
      withLogin({ last_name: '山本', first_name: '三郎', user_name: userName, password: '' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ result: true, id, version: 2 });
    expect(await rowOf(id)).toMatchObject({ first_name: '三郎', password_hash: hash });
    expect(await stillSignedIn(await t.signIn(userName, 'keep-this'))).toBe(true);
  });

  it('answers 404 to an update of an unknown employee', async () => {
    const response = await admin.put('/api/employee/999999', employee());
    expect(response.statusCode).toBe(404);
    expect(response.json().errorMessage).toBe(employeeMessages.notFound);
  });
});

describe('without login', () => {
  it('needs no user ID or password, and is never an administrator', async () => {
    const id = await create(employee({ use_login: false, is_admin: true }));
    expect(await rowOf(id)).toMatchObject({ use_login: 0, is_admin: 0, user_name: null, password_hash: null });
  });

  it('keeps neither user ID nor password when login is turned off, so both must be given again to turn it back on', async () => {
    const userName = uniqueUserName('off');
    const id = await create(withLogin({ user_name: userName, is_admin: true }));
    const off = await admin.put(`/api/employee/${id}`, employee({ use_login: false, user_name: userName, is_admin: true }));
    expect(off.statusCode, off.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ use_login: 0, is_admin: 0, user_name: null, password_hash: null });

    // The freed user ID can go to someone else at once.
    await create(withLogin({ user_name: userName }));
    const back = await admin.put(`/api/employee/${id}`, withLogin({ user_name: uniqueUserName('back'), password: '' }));
    expect(back.statusCode).toBe(400);
    expect(back.json().errorMessage).toBe(employeeMessages.passwordRequired);
  });
});

describe('user IDs', () => {
  it('are unique among active employees, letter case aside, on create and on update', async () => {
    const userName = uniqueUserName('Taken');
    const holder = await create(withLogin({ user_name: userName }));
    for (const taken of [userName, userName.toUpperCase(), userName.toLowerCase()]) {
      const before = await countEmployees();
      const response = await admin.post('/api/employee', withLogin({ user_name: taken }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ result: false, errorMessage: 'このユーザIDは既に使われています。' });
      expect(await countEmployees()).toBe(before);
    }
    const other = await create(withLogin());
    const renamed = await admin.put(`/api/employee/${other}`, withLogin({ user_name: userName.toUpperCase() }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errorMessage).toBe(employeeMessages.userNameTaken);

    const kept = await admin.put(`/api/employee/${holder}`, withLogin({ user_name: userName.toUpperCase(), password: '' }));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('answer 409, not 500, when another request took the user ID after the check', async () => {
    const userName = uniqueUserName('race');
    await create(withLogin({ user_name: userName }));
    const other = await create(withLogin());
    race.skipUserNameCheck = true;
    try {
      const created = await admin.post('/api/employee', withLogin({ user_name: userName.toUpperCase() }));
      expect(created.statusCode).toBe(409);
      expect(created.json()).toEqual({ result: false, errorMessage: employeeMessages.userNameTaken });
      const updated = await admin.put(`/api/employee/${other}`, withLogin({ user_name: userName }));
      expect(updated.statusCode).toBe(409);
      expect(updated.json().errorMessage).toBe(employeeMessages.userNameTaken);
    } finally {
      race.skipUserNameCheck = false;
    }
  });

  it('of a deleted employee can be used again', async () => {
    const userName = uniqueUserName('reuse');
    const gone = await create(withLogin({ user_name: userName }));
    expect((await admin.delete(`/api/employee/${gone}`)).statusCode).toBe(200);
    const id = await create(withLogin({ user_name: userName, password: 'new-owner' }));
    expect((await rowOf(gone)).user_name).toBe(userName);
    const client = await t.signIn(userName, 'new-owner');
    expect((await client.get('/api/user/info')).json().employee_id).toBe(id);
  });
});

describe('sign-in of the employees created here', () => {
  it('works with login and the password given, stored as an argon2id hash', async () => {
    const userName = uniqueUserName('login');
    const id = await create(withLogin({ user_name: userName, password: 'my-password' }));
    expect((await rowOf(id)).password_hash).toMatch(/^\$argon2id\$/);
    const client = await t.signIn(userName.toUpperCase(), 'my-password');
    expect((await client.get('/api/user/info')).json()).toMatchObject({ employee_id: id, name: '山田 太郎', is_admin: false });
  });

  it('is refused without login, whatever user ID and password were sent', async () => {
    const userName = uniqueUserName('nologin');
    await create(employee({ use_login: false, user_name: userName, password: 'my-password' }));
    const client = await t.visitor();
    const response = await client.post('/api/login', { user_name: userName, password: 'my-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorMessage).toBe(messages.login.wrongCredentials);
  });

  it('takes the new password after a change, and no longer the old one', async () => {
    const userName = uniqueUserName('change');
    const id = await create(withLogin({ user_name: userName, password: 'old-password' }));
    await admin.put(`/api/employee/${id}`, withLogin({ user_name: userName, password: 'new-password' }));
    expect((await (await t.visitor()).post('/api/login', { user_name: userName, password: 'old-password' })).statusCode).toBe(401);
    expect(await stillSignedIn(await t.signIn(userName, 'new-password'))).toBe(true);
  });
});

describe('sessions', () => {
  async function signedInEmployee(fields: Record<string, unknown> = {}) {
    const userName = uniqueUserName('session');
    const id = await create(withLogin({ user_name: userName, password: 'session-pass', ...fields }));
    const client = await t.signIn(userName, 'session-pass');
    expect(await stillSignedIn(client)).toBe(true);
    return { id, userName, client };
  }

  it('end when login is turned off, and the administrator stays signed in', async () => {
    const { id, client } = await signedInEmployee();
    expect((await admin.put(`/api/employee/${id}`, employee({ use_login: false }))).statusCode).toBe(200);
    expect(await stillSignedIn(client)).toBe(false);
    expect(await t.database.db.selectFrom('sessions').select('id').where('employee_id', '=', id).execute()).toEqual([]);
    expect(await stillSignedIn(admin)).toBe(true);
  });

  it('end when the password is changed', async () => {
    const { id, userName, client } = await signedInEmployee();
    expect((await admin.put(`/api/employee/${id}`, withLogin({ user_name: userName, password: 'changed-pass' }))).statusCode).toBe(200);
    expect(await stillSignedIn(client)).toBe(false);
    expect(await stillSignedIn(admin)).toBe(true);
  });

  it('go on when only the name changes', async () => {
    const { id, userName, client } = await signedInEmployee();
    expect((await admin.put(`/api/employee/${id}`, withLogin({ last_name: '改名', user_name: userName, password: '' }))).statusCode).toBe(
      200,
    );
    expect(await stillSignedIn(client)).toBe(true);
  });

  it('of an administrator changing their own password end elsewhere, but not where they made the change', async () => {
    const { id, userName, client: here } = await signedInEmployee({ is_admin: true });
    const elsewhere = await t.signIn(userName, 'session-pass');
    const response = await here.put(`/api/employee/${id}`, withLogin({ user_name: userName, password: 'own-new-pass', is_admin: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await stillSignedIn(here)).toBe(true);
    expect(await stillSignedIn(elsewhere)).toBe(false);
  });

  it('end when the employee is deleted', async () => {
    const { id, client } = await signedInEmployee();
    expect((await admin.delete(`/api/employee/${id}`)).statusCode).toBe(200);
    expect(await stillSignedIn(client)).toBe(false);
    expect(await t.database.db.selectFrom('sessions').select('id').where('employee_id', '=', id).execute()).toEqual([]);
    expect(await stillSignedIn(admin)).toBe(true);
  });
});

describe('deletion', () => {
  it('hides the employee from the list, the selector and reads, and keeps the row', async () => {
    const id = await create(employee({ last_name: '消去' }));
    const response = await admin.delete(`/api/employee/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });

    expect((await admin.get('/api/employee')).json()).not.toContainEqual(expect.objectContaining({ id }));
    expect((await worker.get('/api/employee/selector')).json()).not.toContainEqual(expect.objectContaining({ id }));
    expect((await admin.get(`/api/employee/${id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/employee/${id}`, employee())).statusCode).toBe(404);
    expect((await admin.delete(`/api/employee/${id}`)).statusCode).toBe(404);
    const row = await rowOf(id);
    expect(row.last_name).toBe('消去');
    expect(row.deleted_at).not.toBeNull();
    expect(row.updated_by).toBe(adminId);
  });

  it('refuses to delete yourself', async () => {
    const response = await admin.delete(`/api/employee/${adminId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ result: false, errorMessage: '自分自身は削除できません。' });
    expect((await rowOf(adminId)).deleted_at).toBeNull();
  });
});

describe('the last administrator who can sign in', () => {
  // Other tests leave administrators behind; here the initial one starts alone.
  beforeEach(() => t.database.db.updateTable('employees').set({ is_admin: 0 }).where('id', '!=', adminId).execute());

  it('cannot be demoted or have login turned off', async () => {
    const demote = await admin.put(
      `/api/employee/${adminId}`,
      withLogin({ last_name: '管理者', first_name: '', user_name: ADMIN.userName, password: '', is_admin: false }),
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ result: false, errorMessage: employeeMessages.lastAdministratorDemote });
    const off = await admin.put(`/api/employee/${adminId}`, employee({ last_name: '管理者', first_name: '', use_login: false }));
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ result: false, errorMessage: employeeMessages.lastAdministratorLoginOff });
    expect(await rowOf(adminId)).toMatchObject({ is_admin: 1, use_login: 1, user_name: ADMIN.userName });
  });

  it('does not count an administrator who cannot sign in', async () => {
    const other = await create(withLogin({ is_admin: true }));
    await t.database.db.updateTable('employees').set({ password_hash: null }).where('id', '=', other).execute();
    const demote = await admin.put(
      `/api/employee/${adminId}`,
      withLogin({ last_name: '管理者', first_name: '', user_name: ADMIN.userName, password: '', is_admin: false }),
    );
    expect(demote.statusCode).toBe(409);
    await admin.delete(`/api/employee/${other}`);
  });

  it('cannot be deleted by an administrator who can no longer sign in', async () => {
    const userName = uniqueUserName('fading');
    const fading = await create(withLogin({ user_name: userName, password: 'fading-pass', is_admin: true }));
    const client = await t.signIn(userName, 'fading-pass');
    await t.database.db.updateTable('employees').set({ password_hash: null }).where('id', '=', fading).execute();
    const response = await client.delete(`/api/employee/${adminId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ result: false, errorMessage: employeeMessages.lastAdministratorDelete });
    expect((await rowOf(adminId)).deleted_at).toBeNull();
    await admin.delete(`/api/employee/${fading}`);
  });

  it('may step down once another can sign in; of three stepping down at once, one stays', async () => {
    const users = [uniqueUserName('boss'), uniqueUserName('boss')];
    const ids = await Promise.all(users.map((user_name) => create(withLogin({ user_name, password: 'boss-pass', is_admin: true }))));
    const clients = await Promise.all(users.map((user) => t.signIn(user, 'boss-pass')));
    const stepDown = (client: TestClient, id: number, fields: Record<string, unknown>) =>
      client.put(`/api/employee/${id}`, withLogin({ ...fields, password: '', is_admin: false }));

    const answers = await Promise.all([
      stepDown(admin, adminId, { last_name: '管理者', first_name: '', user_name: ADMIN.userName }),
      stepDown(clients[0]!, ids[0]!, { user_name: users[0] }),
      stepDown(clients[1]!, ids[1]!, { user_name: users[1] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409]);
    const administrators = await t.database.db
      .selectFrom('employees')
      .select('id')
      .where('is_admin', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    expect(administrators).toHaveLength(1);

    await t.database.db.updateTable('employees').set({ is_admin: 1 }).where('id', '=', adminId).execute();
  });
});

describe('records of who did what', () => {
  it('set created_by and updated_by, and write audit rows without any password or hash', async () => {
    const userName = uniqueUserName('audit');
    const id = await create(withLogin({ user_name: userName, password: 'audited-pass' }));
    await admin.put(`/api/employee/${id}`, withLogin({ first_name: '四郎', user_name: userName, password: 'audited-new-pass' }));
    const row = await rowOf(id);
    expect(row).toMatchObject({ created_by: adminId, updated_by: adminId });
    await admin.delete(`/api/employee/${id}`);

    const audits = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'employees')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audits.map((audit) => [audit.action, audit.actor_id])).toEqual([
      ['create', adminId],
      ['update', adminId],
      ['delete', adminId],
    ]);
    expect(JSON.parse(audits[1]!.before_json!)).toMatchObject({ first_name: '太郎', using_login: true });
    expect(JSON.parse(audits[1]!.after_json!)).toMatchObject({ first_name: '四郎', password_changed: true });
    const text = JSON.stringify(audits);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(row.password_hash!);
    expect(text).not.toContain('audited-pass');
    expect(text).not.toContain('audited-new-pass');
    expect(text).not.toContain('password_hash');
  });

  it('write nothing when a save is refused', async () => {
    const count = async () => (await t.database.db.selectFrom('audit_logs').select('id').execute()).length;
    const before = await count();
    await admin.post('/api/employee', withLogin({ user_name: ADMIN.userName }));
    await admin.delete(`/api/employee/${adminId}`);
    expect(await count()).toBe(before);
  });
});
