import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import { arriveTogether } from '../support/arrive-together.ts';
import { dumpDatabase } from '../support/dump.ts';
import { appWithAdminAndWorker } from '../support/employees.ts';

/**
 * A master form saves the whole item over the version it read (docs/API.md#masters): a save over an
 * item someone else saved since is refused with 409 and changes nothing; a save without a version
 * is made as before; a save that changes nothing writes nothing and keeps the version.
 */
const { t, admin } = await appWithAdminAndWorker();

type Item = Record<string, unknown> & { id: number; version: number };

interface Master {
  resource: string;
  /** Its table, under which the audit log keeps its changes. */
  entity: string;
  create: () => Promise<number>;
  /** The item as a form would send it back: what the read answered, less what is only read. */
  sendable: (item: Item) => Record<string, unknown>;
  /** One change a person could make on the form. */
  change: (item: Record<string, unknown>, mark: string) => Record<string, unknown>;
}

let serial = 0;
const unique = (stem: string) => `${stem}${++serial}`;

async function created(resource: string, item: Record<string, unknown>): Promise<number> {
  const response = await admin.post(`/api/${resource}`, { [resource]: item });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const named = (resource: string, entity: string): Master => ({
  resource,
  entity,
  create: () => created(resource, { id: null, name: unique('版') }),
  sendable: (item) => item,
  change: (item, mark) => ({ ...item, name: `${item.name as string}${mark}` }),
});

const masters: Master[] = [
  named('machine', 'machines'),
  named('company', 'companies'),
  named('interruption', 'interruptions'),
  named('paper_size', 'paper_sizes'),
  named('call_reason', 'call_reasons'),
  {
    resource: 'processing',
    entity: 'processings',
    create: () => created('processing', { name: unique('加工'), details: [{ id: null, name: '基' }] }),
    sendable: ({ id: _, ...item }) => item,
    change: (item, mark) => ({ ...item, details: [...(item.details as unknown[]), { id: null, name: mark }] }),
  },
  {
    resource: 'employee',
    entity: 'employees',
    create: () => created('employee', { id: null, last_name: '版', first_name: unique('名') }),
    sendable: ({ using_login: _, has_pin: __, ...item }) => item,
    change: (item, mark) => ({ ...item, first_name: `${item.first_name as string}${mark}` }),
  },
];

const read = async (resource: string, id: number): Promise<Item> => {
  const response = await admin.get(`/api/${resource}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const put = (resource: string, id: number, item: Record<string, unknown>) => admin.put(`/api/${resource}/${id}`, { [resource]: item });
const conflict = { result: false, errorMessage: messages.conflict };
/** The item's entries in the audit log, as the record editor's tests count a record's history. */
const auditCount = async (entity: string, id: number) =>
  (await t.database.db.selectFrom('audit_logs').select('id').where('entity', '=', entity).where('entity_id', '=', id).execute()).length;

describe.each(masters.map((master) => [master.resource, master] as const))('PUT /api/%s/{id}', (resource, master) => {
  it('refuses the second of two saves from one read with 409, and changes nothing', async () => {
    const id = await master.create();
    const form = master.sendable(await read(resource, id));
    expect(form.version).toBe(1);

    const first = await put(resource, id, master.change(form, '一'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ result: true, version: 2 });
    const afterFirst = await read(resource, id);

    const before = await dumpDatabase(t.database.db);
    const second = await put(resource, id, master.change(form, '二'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(conflict);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await read(resource, id)).toEqual(afterFirst);
  });

  it('moves the version on with every save, and saves over the version a save answered', async () => {
    const id = await master.create();
    let form = master.sendable(await read(resource, id));
    for (const [index, mark] of ['甲', '乙', '丙'].entries()) {
      form = master.change(form, mark);
      const response = await put(resource, id, form);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().version).toBe(index + 2);
      form = { ...form, version: response.json().version };
      if (resource === 'processing') form = master.sendable(await read(resource, id));
    }
    expect((await read(resource, id)).version).toBe(4);
  });

  it('saves without a version as before, over whatever was saved meanwhile', async () => {
    const id = await master.create();
    const { version: _, ...form } = master.sendable(await read(resource, id));
    expect((await put(resource, id, master.change(form, '一'))).statusCode).toBe(200);
    const response = await put(resource, id, master.change(form, '二'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: true, version: 3 });
  });

  it('lets exactly one of two saves from one read through when they arrive together', async () => {
    const id = await master.create();
    const form = master.sendable(await read(resource, id));
    const answers = await arriveTogether(t, { table: master.entity, id }, () => [
      put(resource, id, master.change(form, '一')),
      put(resource, id, master.change(form, '二')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await read(resource, id)).version).toBe(2);
  });

  it('writes nothing for a save that changes nothing, and leaves the version to a colleague’s form, whose change moves it on', async () => {
    const id = await master.create();
    const mine = master.sendable(await read(resource, id));
    const colleagues = master.sendable(await read(resource, id));
    const audits = await auditCount(master.entity, id);

    const before = await dumpDatabase(t.database.db);
    const unchanged = await put(resource, id, mine);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ result: true, version: 1 });
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await auditCount(master.entity, id)).toBe(audits);

    const changed = await put(resource, id, master.change(colleagues, '一'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ result: true, version: 2 });
    expect(await auditCount(master.entity, id)).toBe(audits + 1);
  });

  it('refuses a save that would change nothing over a newer version all the same: it was not read from what is stored', async () => {
    const id = await master.create();
    const form = master.sendable(await read(resource, id));
    expect((await put(resource, id, master.change(form, '一'))).statusCode).toBe(200);
    const asStoredNow = master.sendable(await read(resource, id));
    const before = await dumpDatabase(t.database.db);
    const stale = await put(resource, id, { ...asStoredNow, version: form.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(conflict);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('answers 404 for a deleted item whatever the version, and 400 for a version that is not one', async () => {
    const id = await master.create();
    const form = master.sendable(await read(resource, id));
    for (const version of [0, -1, 1.5, '1', null]) {
      const response = await put(resource, id, { ...form, version });
      expect(response.statusCode, `${version}`).toBe(400);
    }
    expect((await admin.delete(`/api/${resource}/${id}`)).statusCode).toBe(200);
    expect((await put(resource, id, form)).statusCode).toBe(404);
  });
});

describe('the reviewer’s case: a rate saved while a form is open', () => {
  it('machine: a rename from a form that read one rate does not take away a second one', async () => {
    const id = await created('machine', { id: null, name: '断裁機', rates: [{ valid_from: '2026-04-01', yen_per_hour: 3000 }] });
    const formA = await read('machine', id);
    expect(formA.rates).toEqual([{ valid_from: '2026-04-01', yen_per_hour: 3000 }]);

    const formB = await read('machine', id);
    const twoRates = [
      { valid_from: '2026-04-01', yen_per_hour: 3000 },
      { valid_from: '2026-10-01', yen_per_hour: 3500 },
    ];
    expect((await put('machine', id, { ...formB, rates: twoRates })).statusCode).toBe(200);

    const before = await dumpDatabase(t.database.db);
    const response = await put('machine', id, { ...formA, name: '断裁機 1号' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(conflict);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await read('machine', id)).toMatchObject({ name: '断裁機', rates: twoRates, version: 2 });
  });

  it('employee: a stale form neither replaces the rates nor overwrites a rename', async () => {
    const id = await created('employee', {
      id: null,
      last_name: '佐藤',
      first_name: '一郎',
      rates: [{ valid_from: '2026-04-01', yen_per_hour: 1800 }],
    });
    const { using_login: _, has_pin: __, ...formA } = await read('employee', id);
    const { using_login: ___, has_pin: ____, ...formB } = await read('employee', id);
    const rates = [
      { valid_from: '2026-04-01', yen_per_hour: 1800 },
      { valid_from: '2026-10-01', yen_per_hour: 2000 },
    ];
    expect((await put('employee', id, { ...formB, last_name: '佐藤（旧姓 鈴木）', rates })).statusCode).toBe(200);

    const before = await dumpDatabase(t.database.db);
    const response = await put('employee', id, { ...formA, email: 'sato@example.jp' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(conflict);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await read('employee', id)).toMatchObject({ last_name: '佐藤（旧姓 鈴木）', email: '', rates, version: 2 });
  });

  it('processing: a stale form does not put back a detail someone removed, nor drop one they added', async () => {
    const id = await created('processing', { name: '箔押し', details: [{ id: null, name: '金' }] });
    const { id: _, ...formA } = await read('processing', id);
    const { id: __, ...formB } = await read('processing', id);
    const details = formB.details as Array<{ id: number; name: string }>;
    expect((await put('processing', id, { ...formB, details: [...details, { id: null, name: '銀' }] })).statusCode).toBe(200);

    const response = await put('processing', id, { ...formA, name: 'ホットスタンプ' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(conflict);
    expect(await read('processing', id)).toMatchObject({ name: '箔押し', details: [{ name: '金' }, { name: '銀' }] });
  });
});

describe('a save that changes nothing, item by item (isUnchangedNamedMaster, isUnchangedEmployee, isUnchangedProcessing)', () => {
  /** Saves `sent` over the item and answers whether its version and its audit entries stayed as they were. */
  async function writesNothing(resource: string, entity: string, id: number, sent: Record<string, unknown>): Promise<boolean> {
    const { version } = await read(resource, id);
    const audits = await auditCount(entity, id);
    const response = await put(resource, id, sent);
    expect(response.statusCode, response.body).toBe(200);
    const stayed = response.json().version === version;
    expect((await read(resource, id)).version).toBe(response.json().version);
    expect(await auditCount(entity, id)).toBe(stayed ? audits : audits + 1);
    return stayed;
  }

  it('machine: the name retyped with spaces around it and the rates in another order are no change; the name in another width is one', async () => {
    const rates = [
      { valid_from: '2026-04-01', yen_per_hour: 3000 },
      { valid_from: '2026-10-01', yen_per_hour: 3500 },
    ];
    const id = await created('machine', { id: null, name: '断裁機 7号', rates });
    const form = await read('machine', id);
    expect(await writesNothing('machine', 'machines', id, { ...form, name: ' 断裁機 7号　', rates: [...rates].reverse() })).toBe(true);
    expect(await writesNothing('machine', 'machines', id, { ...form, rates: undefined })).toBe(true);
    expect(await writesNothing('machine', 'machines', id, { ...form, name: '断裁機 ７号' })).toBe(false);
    expect(await read('machine', id)).toMatchObject({ name: '断裁機 ７号', rates, version: 2 });
  });

  it('company and interruption: the reading and the 区分 count', async () => {
    const company = await created('company', { id: null, name: '山田印刷', phonetic_name: 'ヤマダインサツ' });
    const companyForm = await read('company', company);
    expect(await writesNothing('company', 'companies', company, { ...companyForm, phonetic_name: 'ヤマダインサツ ' })).toBe(true);
    expect(await writesNothing('company', 'companies', company, { ...companyForm, phonetic_name: 'ヤマダ' })).toBe(false);

    const interruption = await created('interruption', { id: null, name: unique('段取り替え'), category: 'planned' });
    const interruptionForm = await read('interruption', interruption);
    expect(await writesNothing('interruption', 'interruptions', interruption, interruptionForm)).toBe(true);
    expect(await writesNothing('interruption', 'interruptions', interruption, { ...interruptionForm, category: 'unplanned' })).toBe(false);
  });

  it('employee: the password and the PIN left empty keep them and sign nobody out; a PIN typed is a change', async () => {
    const userName = unique('unchanged');
    const id = await created('employee', {
      id: null,
      last_name: '佐藤',
      first_name: '一郎',
      use_login: true,
      user_name: userName,
      password: 'sato-pass',
      pin: '2468',
      rates: [{ valid_from: '2026-04-01', yen_per_hour: 1800 }],
    });
    const sato = await t.signIn(userName, 'sato-pass');
    const { using_login: _, has_pin: __, ...form } = await read('employee', id);
    expect(await writesNothing('employee', 'employees', id, { ...form, password: '', pin: '' })).toBe(true);
    expect(await writesNothing('employee', 'employees', id, form)).toBe(true);
    expect((await sato.get('/api/user/info')).statusCode).toBe(200);
    expect(await writesNothing('employee', 'employees', id, { ...form, pin: '2468' })).toBe(false);
    expect((await sato.get('/api/user/info')).statusCode).toBe(401);
  });

  it('processing: its details as read are no change; one moved is', async () => {
    const id = await created('processing', {
      name: unique('折り'),
      details: [
        { id: null, name: '2つ折り', standard_speed: 6000, standard_setup_minutes: 20 },
        { id: null, name: '3つ折り' },
      ],
    });
    const { id: _, ...form } = await read('processing', id);
    const details = form.details as Array<Record<string, unknown>>;
    expect(await writesNothing('processing', 'processings', id, form)).toBe(true);
    expect(await writesNothing('processing', 'processings', id, { ...form, details: [...details].reverse() })).toBe(false);
  });
});
