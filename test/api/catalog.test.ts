import { describe, expect, it } from 'vitest';
import { catalogMessages, processingLimits, processingMessages } from '../../src/domain/catalog.ts';
import { messages } from '../../src/domain/messages.ts';
import { defaultProcessings } from '../../src/server/db/defaults.ts';
import { appWithAdminAndWorker } from '../support/employees.ts';

const { t, admin, adminId, worker } = await appWithAdminAndWorker();

type Detail = { id: number | null; name: string };
const payload = (name: string, details: Array<string | Detail>) => ({
  processing: { name, details: details.map((detail) => (typeof detail === 'string' ? { id: null, name: detail } : detail)) },
});

async function create(name: string, details: string[]): Promise<number> {
  const response = await admin.post('/api/processing', payload(name, details));
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** A detail without 標準速度 and 標準段取り時間. */
const noStandards = { standard_speed: null, standard_setup_minutes: null };

async function read(id: number): Promise<{ id: number; name: string; details: Array<{ id: number; name: string }> }> {
  const response = await admin.get(`/api/processing/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const detailRows = (processingId: number) =>
  t.database.db.selectFrom('processing_details').selectAll().where('processing_id', '=', processingId).orderBy('id').execute();

const auditRows = (entityId: number) =>
  t.database.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('entity', '=', 'processings')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

/** Everything a refused write must leave as it was. */
const snapshot = async () => ({
  processings: await t.database.db.selectFrom('processings').selectAll().orderBy('id').execute(),
  details: await t.database.db.selectFrom('processing_details').selectAll().orderBy('id').execute(),
  audits: await t.database.db.selectFrom('audit_logs').select('id').execute(),
});

describe('default processings', () => {
  it('lists the defaults in display order, each with its details in display order', async () => {
    const list = (await admin.get('/api/processing')).json() as Array<{ id: number; name: string }>;
    expect(list.map((item) => item.name)).toEqual(defaultProcessings.map((item) => item.name));
    expect(defaultProcessings.map((item) => item.name)).toEqual(['断裁', '折り', '製本', '打ち抜き']);
    for (const [index, item] of list.entries()) {
      expect(Object.keys(item).sort()).toEqual(['id', 'name']);
      const processing = await read(item.id);
      expect(processing.details.map((detail) => detail.name)).toEqual(defaultProcessings[index]!.details);
    }
    expect((await read(list[0]!.id)).details.map((detail) => detail.name)).toEqual(['全断', '仕上げ断裁']);
  });
});

describe('create', () => {
  it('stores the trimmed name and details in list order, answers 201 with the id, and audits who did it', async () => {
    const response = await admin.post('/api/processing', payload('  ラミネート ', [' 片面 ', '両面']));
    expect(response.statusCode).toBe(201);
    const { result, id } = response.json();
    expect(result).toBe(true);
    expect(id).toEqual(expect.any(Number));

    const processing = await read(id);
    expect(processing).toEqual({
      id,
      name: 'ラミネート',
      details: [
        { id: expect.any(Number), name: '片面', ...noStandards },
        { id: expect.any(Number), name: '両面', ...noStandards },
      ],
      version: 1,
    });
    const list = (await admin.get('/api/processing')).json() as Array<{ name: string }>;
    expect(list.at(-1)).toEqual({ id, name: 'ラミネート' });

    const row = await t.database.db.selectFrom('processings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: adminId, updated_by: adminId, deleted_at: null });
    for (const detail of await detailRows(id)) expect(detail).toMatchObject({ created_by: adminId, updated_by: adminId });

    const [audit, ...more] = await auditRows(id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ action: 'create', actor_id: adminId, before_json: null });
    expect(JSON.parse(audit!.after_json!)).toEqual({ name: 'ラミネート', details: processing.details });
  });
});

describe('update', () => {
  it('renames, adds, removes and reorders details in one save, keeping removed rows', async () => {
    const id = await create('箔押し', ['金', '銀', '赤']);
    const [gold, silver, red] = (await read(id)).details;

    const response = await admin.put(`/api/processing/${id}`, payload(' ホットスタンプ ', [{ ...red!, name: ' 赤箔 ' }, '青箔', gold!]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true, version: 2 });

    const processing = await read(id);
    expect(processing.name).toBe('ホットスタンプ');
    expect(processing.details).toEqual([
      { id: red!.id, name: '赤箔', ...noStandards },
      { id: expect.any(Number), name: '青箔', ...noStandards },
      gold,
    ]);
    const added = processing.details[1]!;

    const rows = await detailRows(id);
    expect(rows).toHaveLength(4);
    const rowOf = (detailId: number) => rows.find((row) => row.id === detailId)!;
    expect(rowOf(silver!.id)).toMatchObject({ name: '銀', deleted_at: expect.any(String), updated_by: adminId });
    expect(rowOf(red!.id)).toMatchObject({ name: '赤箔', display_order: 1, deleted_at: null, updated_by: adminId });
    expect(rowOf(added.id)).toMatchObject({ display_order: 2, created_by: adminId });
    expect(rowOf(gold!.id)).toMatchObject({ name: '金', display_order: 3, deleted_at: null });
    const row = await t.database.db.selectFrom('processings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(adminId);

    const audit = (await auditRows(id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'update', actor_id: adminId });
    expect(JSON.parse(audit.before_json!)).toEqual({ name: '箔押し', details: [gold, silver, red] });
    expect(JSON.parse(audit.after_json!)).toEqual({ name: 'ホットスタンプ', details: processing.details });
  });

  it('keeps its own name, and may take the name of a deleted processing', async () => {
    const id = await create('穴あけ', ['2穴']);
    expect((await admin.put(`/api/processing/${id}`, payload('穴あけ', ['2穴', '4穴']))).statusCode).toBe(200);
    const gone = await create('旧名', ['a']);
    expect((await admin.delete(`/api/processing/${gone}`)).statusCode).toBe(200);
    expect((await admin.put(`/api/processing/${id}`, payload('旧名', ['2穴']))).statusCode).toBe(200);
    expect((await read(id)).name).toBe('旧名');
  });

  it('refuses an unknown or deleted processing with 404', async () => {
    const id = await create('消える加工', ['x']);
    await admin.delete(`/api/processing/${id}`);
    for (const target of [id, 999_999]) {
      const response = await admin.put(`/api/processing/${target}`, payload('何か', ['x']));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ result: false, errorMessage: processingMessages.notFound });
    }
  });
});

describe('detail ids that are not this processing’s', () => {
  it('refuses a detail of another processing or an unknown one with 404, and changes nothing', async () => {
    const mine = await create('自分の加工', ['A']);
    const other = await create('他の加工', ['B']);
    const foreign = (await read(other)).details[0]!;
    for (const id of [foreign.id, 999_999]) {
      const before = await snapshot();
      const response = await admin.put(`/api/processing/${mine}`, payload('自分の加工・改', ['新しい詳細', { id, name: '乗っ取り' }]));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ result: false, errorMessage: processingMessages.detailNotFound });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses a detail removed since the form was opened with 409, and changes nothing', async () => {
    const id = await create('古い画面', ['残る', '消される']);
    const [kept, removed] = (await read(id)).details;
    await admin.put(`/api/processing/${id}`, payload('古い画面', [kept!]));
    const before = await snapshot();
    const response = await admin.put(`/api/processing/${id}`, payload('古い画面', [kept!, removed!]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ result: false, errorMessage: messages.conflict });
    expect(await snapshot()).toEqual(before);
  });
});

describe('validation', () => {
  const long = 'あ'.repeat(101);
  const cases: Array<[string, unknown, string]> = [
    ['an empty name', payload('', ['x']), catalogMessages.nameRequired],
    ['a blank name', payload('   ', ['x']), catalogMessages.nameRequired],
    ['a missing name', { processing: { details: [{ id: null, name: 'x' }] } }, catalogMessages.nameRequired],
    ['a name over 100 characters', payload(long, ['x']), '名前は100文字以内で入力してください。'],
    ['an empty detail', payload('検証', ['x', '']), catalogMessages.detailNameRequired],
    ['a blank detail', payload('検証', ['  ']), catalogMessages.detailNameRequired],
    ['a detail over 100 characters', payload('検証', [long]), '詳細は100文字以内で入力してください。'],
    ['no details', payload('検証', []), catalogMessages.detailsRequired],
    ['missing details', { processing: { name: '検証' } }, catalogMessages.detailsRequired],
    [
      'too many details',
      payload(
        '検証',
        Array.from({ length: processingLimits.detailsMax + 1 }, (_, i) => `d${i}`),
      ),
      catalogMessages.tooManyDetails,
    ],
    [
      'the same detail twice, spaces and letter case aside',
      payload('検証', ['Single', 'x', ' single ']),
      catalogMessages.duplicateDetail('single'),
    ],
    [
      'the same detail id twice',
      payload('検証', [
        { id: 1, name: 'a' },
        { id: 1, name: 'b' },
      ]),
      catalogMessages.repeatedDetailId,
    ],
    ['the name first when both are wrong', payload('', ['']), catalogMessages.nameRequired],
  ];

  it.each(cases)('refuses %s with 400 and its Japanese message, changing nothing', async (_, body, message) => {
    const target = await t.database.db.selectFrom('processings').select('id').where('name', '=', '断裁').executeTakeFirstOrThrow();
    for (const send of [() => admin.post('/api/processing', body), () => admin.put(`/api/processing/${target.id}`, body)]) {
      const before = await snapshot();
      const response = await send();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ result: false, errorMessage: message });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('accepts exactly 100 details of 100 characters', async () => {
    const details = Array.from({ length: processingLimits.detailsMax }, (_, i) => `${i}`.padStart(100, '詳'));
    const id = await create('上限'.padEnd(100, '限'), details);
    expect((await read(id)).details).toHaveLength(processingLimits.detailsMax);
  });

  it('refuses an active duplicate processing name with 409, letter case and spaces aside', async () => {
    await create('Embossing', ['x']);
    const other = await create('Debossing', ['x']);
    const before = await snapshot();
    for (const response of [
      await admin.post('/api/processing', payload(' embossing ', ['y'])),
      await admin.put(`/api/processing/${other}`, payload('EMBOSSING', ['x'])),
      await admin.post('/api/processing', payload('断裁', ['y'])),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ result: false, errorMessage: '同じ加工内容が既に登録されています。' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('saves one of two new processings of one name that arrive together', async () => {
    const answers = await Promise.all([
      admin.post('/api/processing', payload('同時の型抜き', ['x'])),
      admin.post('/api/processing', payload('同時の型抜き　', ['y'])),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 404 to an unknown processing and 400 to a malformed id', async () => {
    const unknown = await admin.get('/api/processing/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ result: false, errorMessage: '加工内容が見つかりません。' });
    expect((await admin.get('/api/processing/abc')).statusCode).toBe(400);
    expect((await admin.delete('/api/processing/0')).statusCode).toBe(400);
  });
});

describe('names that read the same', () => {
  const duplicateName = { result: false, errorMessage: '同じ加工内容が既に登録されています。' };

  it('refuses a processing named as another but for spaces and widths, with 409, and lets one be retyped so', async () => {
    const other = await create('箔押し加工', ['x']);
    const before = await snapshot();
    for (const response of [
      await admin.post('/api/processing', payload('断 裁', ['y'])),
      await admin.post('/api/processing', payload('箔押し\u3000加工', ['y'])),
      await admin.put(`/api/processing/${other}`, payload('断\u3000裁', ['x'])),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(duplicateName);
    }
    expect(await snapshot()).toEqual(before);
    // Its own name under another spacing is no twin of anything.
    expect((await admin.put(`/api/processing/${other}`, payload('箔押し 加工', ['x']))).statusCode).toBe(200);
  });

  it('refuses 「２つ折り」 beside 「2つ折り」 and names the later, but takes 「二つ折り」 beside either, changing nothing when it refuses', async () => {
    const target = await create('折り方', ['巻き']);
    for (const send of [
      () => admin.post('/api/processing', payload('折り方二', ['2つ折り', '三つ折り', '２つ折り'])),
      () => admin.put(`/api/processing/${target}`, payload('折り方', ['2つ折り', '三つ折り', '２つ折り'])),
    ]) {
      const before = await snapshot();
      const response = await send();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ result: false, errorMessage: catalogMessages.duplicateDetail('２つ折り') });
      expect(await snapshot()).toEqual(before);
    }
    const id = await create('折り方三', ['２つ折り', '二つ折り']);
    expect((await read(id)).details.map((detail) => detail.name)).toEqual(['２つ折り', '二つ折り']);
  });

  describe('twin details saved before names were compared this way', () => {
    /** A processing with 2つ折り and, written straight into the table as an earlier version let it be saved, ２つ折り. */
    async function withTwins(): Promise<{ id: number; details: Array<Detail & typeof noStandards> }> {
      const id = await create(`双子の詳細${Math.random()}`, ['2つ折り']);
      const at = new Date().toISOString();
      await t.database.db
        .insertInto('processing_details')
        .values({
          processing_id: id,
          name: '２つ折り',
          display_order: 2,
          created_at: at,
          updated_at: at,
          created_by: null,
          updated_by: null,
          deleted_at: null,
        })
        .execute();
      const { details } = (await read(id)) as unknown as { details: Array<Detail & typeof noStandards> };
      expect(details.map((detail) => detail.name)).toEqual(['2つ折り', '２つ折り']);
      return { id, details };
    }

    it('keep the processing savable: as it is, with a standard changed, with another detail added', async () => {
      const { id, details } = await withTwins();
      const { name } = await read(id);
      for (const list of [details, [details[0]!, { ...details[1]!, standard_speed: 3000 }], [...details, { id: null, name: '三つ折り' }]]) {
        const response = await admin.put(`/api/processing/${id}`, { processing: { name, details: list } });
        expect(response.statusCode, response.body).toBe(200);
      }
      expect((await read(id)).details.map((detail) => detail.name)).toEqual(['2つ折り', '２つ折り', '三つ折り']);
    });

    it('part when one is renamed, and take in no third twin', async () => {
      const { id, details } = await withTwins();
      const { name } = await read(id);
      const third = await admin.put(`/api/processing/${id}`, {
        processing: { name, details: [...details, { id: null, name: '2 つ折り' }] },
      });
      expect(third.statusCode).toBe(400);
      expect(third.json()).toEqual({ result: false, errorMessage: catalogMessages.duplicateDetail('2 つ折り') });
      const renamed = [details[0]!, { ...details[1]!, name: '二つ折り' }];
      expect((await admin.put(`/api/processing/${id}`, { processing: { name, details: renamed } })).statusCode).toBe(200);
      expect((await read(id)).details.map((detail) => detail.name)).toEqual(['2つ折り', '二つ折り']);
    });
  });
});

describe('delete', () => {
  it('hides the processing and its details from lists and selectors but keeps the rows, and audits it', async () => {
    const id = await create('削除される加工', ['詳細甲', '詳細乙']);
    const response = await admin.delete(`/api/processing/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });

    const names = (list: Array<{ name: string }>) => list.map((item) => item.name);
    expect(names((await admin.get('/api/processing')).json())).not.toContain('削除される加工');
    expect(names((await worker.get('/api/processing/selector')).json())).not.toContain('削除される加工');
    expect(names((await worker.get('/api/processing_detail/selector')).json())).not.toContain('詳細甲');
    expect((await worker.get(`/api/processing_detail/selector?processing_id=${id}`)).json()).toEqual([]);
    expect((await admin.get(`/api/processing/${id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/processing/${id}`)).statusCode).toBe(404);

    const row = await t.database.db.selectFrom('processings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '削除される加工', deleted_at: expect.any(String), updated_by: adminId });
    expect((await detailRows(id)).map((detail) => detail.name)).toEqual(['詳細甲', '詳細乙']);

    const audit = (await auditRows(id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'delete', actor_id: adminId, after_json: null });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ name: '削除される加工', details: [{ name: '詳細甲' }, { name: '詳細乙' }] });
  });

  it('hides a removed detail from the processing and the detail selector', async () => {
    const id = await create('詳細を減らす', ['残す', '外す']);
    const [kept] = (await read(id)).details;
    await admin.put(`/api/processing/${id}`, payload('詳細を減らす', [kept!]));
    expect((await read(id)).details).toEqual([kept]);
    expect((await worker.get(`/api/processing_detail/selector?processing_id=${id}`)).json()).toEqual([
      { id: kept!.id, name: kept!.name, processing_id: id },
    ]);
  });
});

describe('selectors', () => {
  it('give a regular worker the active processings and all their details in display order', async () => {
    const processings = (await worker.get('/api/processing/selector')).json() as Array<{ id: number; name: string }>;
    expect(processings.slice(0, 4).map((item) => item.name)).toEqual(['断裁', '折り', '製本', '打ち抜き']);
    expect(Object.keys(processings[0]!).sort()).toEqual(['id', 'name']);

    const response = await worker.get('/api/processing_detail/selector');
    expect(response.statusCode).toBe(200);
    const details = response.json() as Array<{ id: number; name: string; processing_id: number }>;
    const defaults = details.filter((detail) => processings.slice(0, 4).some((item) => item.id === detail.processing_id));
    expect(defaults.map((detail) => detail.name)).toEqual(defaultProcessings.flatMap((item) => item.details));
    expect(Object.keys(details[0]!).sort()).toEqual(['id', 'name', 'processing_id']);
  });

  it('give only the details of the processing asked for', async () => {
    const processings = (await worker.get('/api/processing/selector')).json() as Array<{ id: number; name: string }>;
    const folding = processings.find((item) => item.name === '折り')!;
    const response = await worker.get(`/api/processing_detail/selector?processing_id=${folding.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), name: '二つ折り', processing_id: folding.id },
      { id: expect.any(Number), name: '三つ折り', processing_id: folding.id },
      { id: expect.any(Number), name: '観音折り', processing_id: folding.id },
    ]);
    expect((await worker.get('/api/processing_detail/selector?processing_id=999999')).json()).toEqual([]);
  });

  it.each(['abc', '0', '-1', '1.5', '', '99999999999'])('refuse processing_id=%s with 400 and a Japanese message', async (value) => {
    const response = await worker.get(`/api/processing_detail/selector?processing_id=${value}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: catalogMessages.processingIdInvalid });
  });

  it('let a regular worker read the list and one processing', async () => {
    expect((await worker.get('/api/processing')).statusCode).toBe(200);
    const [first] = (await worker.get('/api/processing')).json() as Array<{ id: number }>;
    expect((await worker.get(`/api/processing/${first!.id}`)).json()).toMatchObject({
      name: '断裁',
      details: [{ name: '全断' }, { name: '仕上げ断裁' }],
    });
  });
});

describe('access', () => {
  it('answers 403 to a regular worker on every write, and changes nothing', async () => {
    const id = await create('権限確認', ['x']);
    const before = await snapshot();
    for (const response of [
      await worker.post('/api/processing', payload('作業者の加工', ['x'])),
      await worker.put(`/api/processing/${id}`, payload('作業者の加工', ['x'])),
      await worker.delete(`/api/processing/${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.http.forbidden });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 to every call when signed out', async () => {
    const visitor = await t.visitor();
    for (const response of [
      await visitor.get('/api/processing'),
      await visitor.get('/api/processing/1'),
      await visitor.get('/api/processing/selector'),
      await visitor.get('/api/processing_detail/selector'),
      await visitor.post('/api/processing', payload('未ログイン', ['x'])),
      await visitor.put('/api/processing/1', payload('未ログイン', ['x'])),
      await visitor.delete('/api/processing/1'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.http.unauthenticated });
    }
  });
});
