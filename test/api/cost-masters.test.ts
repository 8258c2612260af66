import { describe, expect, it } from 'vitest';
import { standardMessages } from '../../src/domain/catalog.ts';
import { categoryMessage } from '../../src/domain/masters.ts';
import { rateMessages } from '../../src/domain/rates.ts';
import { dumpDatabase } from '../support/dump.ts';
import { appWithAdminAndWorker } from '../support/employees.ts';

/** What costing needs of the masters (docs/PRODUCT.md#analytics): categories, rates with history, standards. */
const { t, admin, worker } = await appWithAdminAndWorker();

async function refused(send: () => Promise<{ statusCode: number; json(): unknown }>, message: string) {
  const before = await dumpDatabase(t.database.db);
  const response = await send();
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ result: false, errorMessage: message });
  expect(await dumpDatabase(t.database.db)).toEqual(before);
}

describe('interruption 区分', () => {
  it('classes the default reasons: 打ち合わせ and 清掃 planned, the others unplanned', async () => {
    const list = (await admin.get('/api/interruption')).json() as Array<{ name: string; category: string }>;
    expect(list.map(({ name, category }) => [name, category])).toEqual([
      ['材料待ち', 'unplanned'],
      ['機械故障', 'unplanned'],
      ['打ち合わせ', 'planned'],
      ['清掃', 'planned'],
      ['その他', 'unplanned'],
    ]);
  });

  it('is unplanned when not given, stored as given, and changed by PUT', async () => {
    const plain = (await admin.post('/api/interruption', { interruption: { id: null, name: '段替え待ち' } })).json().id;
    expect((await admin.get(`/api/interruption/${plain}`)).json()).toEqual({
      id: plain,
      name: '段替え待ち',
      category: 'unplanned',
      version: 1,
    });
    const planned = (await admin.post('/api/interruption', { interruption: { id: null, name: '朝礼', category: 'planned' } })).json().id;
    expect((await admin.get(`/api/interruption/${planned}`)).json()).toMatchObject({ category: 'planned' });
    expect(
      (await admin.put(`/api/interruption/${planned}`, { interruption: { id: planned, name: '朝礼', category: 'unplanned' } })).statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/interruption/${planned}`)).json()).toMatchObject({ category: 'unplanned' });
  });

  it('refuses another category in Japanese and changes nothing', async () => {
    await refused(() => admin.post('/api/interruption', { interruption: { id: null, name: '休憩', category: 'break' } }), categoryMessage);
  });
});

describe.each([
  [
    'machine',
    async () => (await admin.post('/api/machine', { machine: { id: null, name: `断裁機${Math.random()}` } })).json().id as number,
  ],
  [
    'employee',
    async () =>
      (await admin.post('/api/employee', { employee: { id: null, last_name: '単価', first_name: `${Math.random()}`.slice(2, 12) } })).json()
        .id as number,
  ],
] as const)('%s rates', (resource, create) => {
  const put = async (id: number, rates: unknown) => {
    const current = (await admin.get(`/api/${resource}/${id}`)).json() as Record<string, unknown>;
    const { using_login: _, ...item } = current;
    return admin.put(`/api/${resource}/${id}`, { [resource]: { ...item, rates } });
  };

  it('stores the rates, answers them oldest first, and keeps them when a save gives none', async () => {
    const id = await create();
    expect((await admin.get(`/api/${resource}/${id}`)).json().rates).toEqual([]);
    const rates = [
      { valid_from: '2026-10-01', yen_per_hour: 4200 },
      { valid_from: '2026-04-01', yen_per_hour: 0 },
      { valid_from: '2027-01-01', yen_per_hour: 10_000_000 },
    ];
    const response = await put(id, rates);
    expect(response.statusCode, response.body).toBe(200);
    const sorted = [rates[1], rates[0], rates[2]];
    expect((await admin.get(`/api/${resource}/${id}`)).json().rates).toEqual(sorted);
    const { rates: _, using_login: __, ...rest } = (await admin.get(`/api/${resource}/${id}`)).json();
    expect((await admin.put(`/api/${resource}/${id}`, { [resource]: rest })).statusCode).toBe(200);
    expect((await admin.get(`/api/${resource}/${id}`)).json().rates).toEqual(sorted);
  });

  it.each([
    ['a rate above 10,000,000', [{ valid_from: '2026-04-01', yen_per_hour: 10_000_001 }], rateMessages.badYen],
    ['a negative rate', [{ valid_from: '2026-04-01', yen_per_hour: -1 }], rateMessages.badYen],
    ['a fraction of a yen', [{ valid_from: '2026-04-01', yen_per_hour: 1.5 }], rateMessages.badYen],
    ['a rate as text', [{ valid_from: '2026-04-01', yen_per_hour: '1000' }], rateMessages.badYen],
    ['a date that does not exist', [{ valid_from: '2026-02-30', yen_per_hour: 1000 }], rateMessages.badDate],
    ['a date in another form', [{ valid_from: '2026/04/01', yen_per_hour: 1000 }], rateMessages.badDate],
    [
      'a date given twice',
      [
        { valid_from: '2026-04-01', yen_per_hour: 1000 },
        { valid_from: '2026-04-01', yen_per_hour: 2000 },
      ],
      rateMessages.duplicateDate('2026-04-01'),
    ],
    ['not a list', { valid_from: '2026-04-01', yen_per_hour: 1000 }, rateMessages.notList],
  ])('refuses %s with a Japanese message and changes nothing', async (_, rates, message) => {
    const id = await create();
    await refused(() => put(id, rates), message);
  });

  it('is for administrators only', async () => {
    const id = await create();
    const current = (await admin.get(`/api/${resource}/${id}`)).json();
    expect((await worker.put(`/api/${resource}/${id}`, { [resource]: { ...current, rates: [] } })).statusCode).toBe(403);
  });
});

describe('processing standards', () => {
  const detail = (name: string, extra: Record<string, unknown> = {}) => ({ id: null, name, ...extra });

  it('stores 標準速度 and 標準段取り時間 per detail, optional, and changes them', async () => {
    const response = await admin.post('/api/processing', {
      processing: { name: '標準つき', details: [detail('速い', { standard_speed: 6000, standard_setup_minutes: 15 }), detail('未設定')] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id;
    const read = (await admin.get(`/api/processing/${id}`)).json();
    expect(read.details).toEqual([
      { id: expect.any(Number), name: '速い', standard_speed: 6000, standard_setup_minutes: 15 },
      { id: expect.any(Number), name: '未設定', standard_speed: null, standard_setup_minutes: null },
    ]);
    const [fast, unset] = read.details;
    await admin.put(`/api/processing/${id}`, {
      processing: {
        name: '標準つき',
        details: [
          { ...fast, standard_speed: null },
          { ...unset, standard_setup_minutes: 0 },
        ],
      },
    });
    expect((await admin.get(`/api/processing/${id}`)).json().details).toEqual([
      { ...fast, standard_speed: null },
      { ...unset, standard_setup_minutes: 0 },
    ]);
  });

  it.each([
    ['a speed of 0', { standard_speed: 0 }, standardMessages.badSpeed],
    ['a fraction of a sheet', { standard_speed: 10.5 }, standardMessages.badSpeed],
    ['negative minutes', { standard_setup_minutes: -1 }, standardMessages.badSetupMinutes],
    ['minutes as text', { standard_setup_minutes: '15' }, standardMessages.badSetupMinutes],
  ])('refuses %s with a Japanese message and changes nothing', async (_, extra, message) => {
    await refused(() => admin.post('/api/processing', { processing: { name: '不正な標準', details: [detail('詳細', extra)] } }), message);
  });
});
