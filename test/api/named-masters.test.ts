import { describe, expect, it } from 'vitest';
import {
  masterMessages,
  nameMaxLength,
  namedMasters,
  OTHER_INTERRUPTION_ID,
  type NamedMasterDefinition,
} from '../../src/domain/masters.ts';
import { messages } from '../../src/domain/messages.ts';
import { defaultCallReasons, defaultInterruptions, defaultPaperSizes } from '../../src/server/db/defaults.ts';
import type { NamedMasterTable } from '../../src/server/features/masters/masters-repository.ts';
import { appWithAdminAndWorker } from '../support/employees.ts';

const { t, admin, adminId, worker } = await appWithAdminAndWorker();

interface MasterCase {
  definition: NamedMasterDefinition;
  table: NamedMasterTable;
  /** What an empty database lists: the default masters of docs/PRODUCT.md#default-data. */
  defaults: ReadonlyArray<{ id: number; name: string; category?: string }>;
  hasSelector: boolean;
}

const cases: MasterCase[] = [
  { definition: namedMasters.machine, table: 'machines', defaults: [], hasSelector: false },
  { definition: namedMasters.company, table: 'companies', defaults: [], hasSelector: false },
  { definition: namedMasters.interruption, table: 'interruptions', defaults: defaultInterruptions, hasSelector: true },
  {
    definition: namedMasters.paper_size,
    table: 'paper_sizes',
    defaults: defaultPaperSizes.map((name, index) => ({ id: index + 1, name })),
    hasSelector: true,
  },
  {
    definition: namedMasters.call_reason,
    table: 'call_reasons',
    defaults: defaultCallReasons.map((name, index) => ({ id: index + 1, name })),
    hasSelector: true,
  },
];

describe.each(cases.map((master) => [`/api/${master.definition.resource}`, master] as const))(
  '%s',
  (_, { definition, table, defaults, hasSelector }) => {
    const base = `/api/${definition.resource}`;
    const company = definition.hasPhoneticName;
    /** The payload of docs/API.md#masters: the item under the resource's key. */
    const payload = (item: Record<string, unknown>) => ({ [definition.resource]: item });
    /** What a read answers for an item: companies carry their reading too. */
    const shape = (id: number, name: string, phonetic = '', category = 'unplanned') => ({
      id,
      name,
      ...(company ? { phonetic_name: phonetic } : {}),
      ...(definition.hasCategory ? { category } : {}),
    });
    /** What reading one item answers: a machine carries its rates too. */
    const readShape = (id: number, name: string, phonetic = '', version = 1) => ({
      ...shape(id, name, phonetic),
      ...(definition.hasRates ? { rates: [] } : {}),
      version,
    });
    let serial = 0;
    /** A name no other test of this master uses. */
    const uniqueName = (stem: string) => `${stem}${++serial}`;

    async function create(name: string, extra: Record<string, unknown> = {}): Promise<number> {
      const response = await admin.post(base, payload({ id: null, name, ...extra }));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id;
    }
    const listNames = async (path = base) => ((await admin.get(path)).json() as Array<{ name: string }>).map((item) => item.name);
    const rowOf = (id: number) => t.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

    it('lists the default items in order, with the exact shape of docs/API.md#masters', async () => {
      const response = await admin.get(base);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(defaults.map(({ id, name, category }) => shape(id, name, '', category)));
    });

    it('creates an item with a trimmed name, reads it, and lists it last', async () => {
      const created = await admin.post(
        base,
        payload({ id: null, name: '  第一号  ', ...(company ? { phonetic_name: ' ダイイチゴウ ' } : {}) }),
      );
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      expect(created.json()).toEqual({ result: true, id: expect.any(Number) });

      const read = await admin.get(`${base}/${id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(readShape(id, '第一号', 'ダイイチゴウ'));
      expect((await admin.get(base)).json().at(-1)).toEqual(shape(id, '第一号', 'ダイイチゴウ'));
    });

    it('lets every signed-in worker read, but only administrators write', async () => {
      const id = await create(uniqueName('読み取り'));
      expect((await worker.get(base)).statusCode).toBe(200);
      expect((await worker.get(`${base}/${id}`)).statusCode).toBe(200);

      const refusals = [
        await worker.post(base, payload({ name: uniqueName('作業者') })),
        await worker.put(`${base}/${id}`, payload({ name: uniqueName('作業者') })),
        await worker.delete(`${base}/${id}`),
      ];
      for (const response of refusals) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ result: false, errorMessage: messages.http.forbidden });
      }
      expect((await admin.get(`${base}/${id}`)).statusCode).toBe(200);
    });

    it('answers 401 to every call when signed out', async () => {
      const visitor = await t.visitor();
      const calls = [
        visitor.get(base),
        visitor.get(`${base}/1`),
        visitor.post(base, payload({ name: 'x' })),
        visitor.put(`${base}/1`, payload({ name: 'x' })),
        visitor.delete(`${base}/1`),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ result: false, errorMessage: messages.http.unauthenticated });
      }
    });

    it('updates the name (trimmed) and keeps the position in the list', async () => {
      const id = await create(uniqueName('更新前'));
      const before = await listNames();
      const updated = await admin.put(
        `${base}/${id}`,
        payload({ id, name: ' 更新後 ', ...(company ? { phonetic_name: 'コウシンゴ' } : {}) }),
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ result: true, version: 2 });
      expect((await admin.get(`${base}/${id}`)).json()).toEqual(readShape(id, '更新後', 'コウシンゴ', 2));
      expect(await listNames()).toEqual(before.map((name, index) => (index === before.length - 1 ? '更新後' : name)));
    });

    it('saves an unchanged name over itself', async () => {
      const name = uniqueName('そのまま');
      const id = await create(name);
      expect((await admin.put(`${base}/${id}`, payload({ id, name }))).statusCode).toBe(200);
    });

    describe('validation', () => {
      const tooLong = masterMessages.tooLong(definition.nameLabel, nameMaxLength);
      const refusals: Array<[string, unknown, string]> = [
        ['an empty name', '', definition.nameRequired],
        ['a name of spaces only', ' \u3000 ', definition.nameRequired],
        ['a missing name', undefined, definition.nameRequired],
        ['a name that is not text', 12, definition.nameRequired],
        ['a name that is too long', 'あ'.repeat(nameMaxLength + 1), tooLong],
      ];

      it.each(refusals)('refuses %s on create and on update, and changes nothing', async (_, name, message) => {
        const id = await create(uniqueName('検証'));
        const before = (await admin.get(base)).json();
        for (const response of [await admin.post(base, payload({ name })), await admin.put(`${base}/${id}`, payload({ id, name }))]) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ result: false, errorMessage: message });
        }
        expect((await admin.get(base)).json()).toEqual(before);
      });

      it(`accepts a name of exactly ${nameMaxLength} characters`, async () => {
        const name = `${++serial}`.padEnd(nameMaxLength, 'あ');
        const id = await create(name);
        expect((await admin.get(`${base}/${id}`)).json().name).toBe(name);
      });

      it('refuses a body without the resource key', async () => {
        const response = await admin.post(base, { name: uniqueName('鍵なし') });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ result: false, errorMessage: messages.http.badRequest });
      });

      if (company) {
        it('refuses a reading that is too long', async () => {
          const response = await admin.post(base, payload({ name: uniqueName('長い読み'), phonetic_name: 'ア'.repeat(nameMaxLength + 1) }));
          expect(response.statusCode).toBe(400);
          expect(response.json().errorMessage).toBe(masterMessages.tooLong('フリガナ', nameMaxLength));
        });
      }
    });

    describe('duplicate names', () => {
      const duplicate = { result: false, errorMessage: masterMessages.duplicate(definition.noun) };

      it('refuses a second active item of the same name, whatever its letter case or spacing', async () => {
        const name = uniqueName('Dup');
        await create(name);
        for (const same of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
          const response = await admin.post(base, payload({ name: same }));
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual(duplicate);
        }
      });

      it('refuses a full-width name twice on both engines', async () => {
        const name = uniqueName('Ｗｉｄｅ');
        await create(name);
        const response = await admin.post(base, payload({ name }));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual(duplicate);
      });

      it('refuses renaming an item to the name of another active one', async () => {
        const taken = uniqueName('使用中');
        await create(taken);
        const id = await create(uniqueName('改名'));
        const response = await admin.put(`${base}/${id}`, payload({ id, name: taken }));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual(duplicate);
      });

      it('refuses names that read the same: spaces of either width or none, full-width digits and letters', async () => {
        const stem = uniqueName('断裁機');
        await create(`${stem} 1号`);
        const id = await create(uniqueName('改名元'));
        for (const same of [`${stem}\u30001号`, `${stem}1号`, `${stem}１号`, ` ${stem}\u3000１号 `]) {
          for (const response of [
            await admin.post(base, payload({ name: same })),
            await admin.put(`${base}/${id}`, payload({ id, name: same })),
          ]) {
            expect(response.statusCode, same).toBe(409);
            expect(response.json()).toEqual(duplicate);
          }
        }
        const wide = uniqueName('Ｂ');
        await create(wide);
        const narrow = await admin.post(base, payload({ name: wide.normalize('NFKC').toLowerCase() }));
        expect(narrow.statusCode).toBe(409);
        expect(narrow.json()).toEqual(duplicate);
        // Alike only to the eye of someone who reads kanji: two items.
        await create(uniqueName('２つ折り'));
        expect((await admin.post(base, payload({ name: `二つ折り${serial}` }))).statusCode).toBe(201);
      });

      it('lets one of two saves of one name through when they arrive together (two administrators, or a double click)', async () => {
        const name = uniqueName('同時');
        const together = await Promise.all([
          admin.post(base, payload({ id: null, name: `${name} 1号` })),
          admin.post(base, payload({ id: null, name: `${name}\u3000１号` })),
        ]);
        expect(together.map((response) => response.statusCode).sort()).toEqual([201, 409]);

        const renamed = await create(uniqueName('改名元'));
        const other = uniqueName('同時');
        const createAndRename = await Promise.all([
          admin.put(`${base}/${renamed}`, payload({ id: renamed, name: other })),
          admin.post(base, payload({ id: null, name: other })),
        ]);
        // Either may come first; the other finds the name taken.
        expect(createAndRename.map((response) => response.statusCode)).toSatisfy(
          (codes: number[]) => codes.filter((code) => code === 409).length === 1 && codes.some((code) => code === 200 || code === 201),
        );
        expect((await listNames()).filter((listed) => listed.startsWith(name) || listed === other)).toHaveLength(2);
      });

      describe('twins saved before names were compared this way', () => {
        /** An item written straight into the table, as an earlier version of the product let it be saved. */
        const insertTwin = async (name: string): Promise<number> => {
          const at = new Date().toISOString();
          const row = await t.database.db
            .insertInto(table as 'companies')
            .values({
              name,
              display_order: 9999,
              ...(company ? { phonetic_name: '' } : {}),
              created_at: at,
              updated_at: at,
              created_by: null,
              updated_by: null,
              deleted_at: null,
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        };
        const twins = async () => {
          const stem = uniqueName('双子');
          return [await create(`${stem} A`), await insertTwin(`${stem}\u3000Ａ`)] as const;
        };

        it('stay savable as they are, with their other fields changed, and under another width of the same name', async () => {
          const [first, second] = await twins();
          for (const id of [first, second]) {
            const item = (await admin.get(`${base}/${id}`)).json();
            const changed = {
              ...item,
              ...(company ? { phonetic_name: 'フタゴ' } : {}),
              ...(definition.hasCategory ? { category: 'planned' } : {}),
              ...(definition.hasRates ? { rates: [{ valid_from: '2026-04-01', yen_per_hour: 3000 }] } : {}),
            };
            const response = await admin.put(`${base}/${id}`, payload(changed));
            expect(response.statusCode, response.body).toBe(200);
            expect((await admin.put(`${base}/${id}`, payload({ id, name: item.name }))).statusCode).toBe(200);
          }
          const { name } = (await admin.get(`${base}/${first}`)).json();
          expect((await admin.put(`${base}/${second}`, payload({ id: second, name }))).statusCode).toBe(200);
        });

        it('part when either is renamed to another name, and take in no third', async () => {
          const [first, second] = await twins();
          const { name } = (await admin.get(`${base}/${first}`)).json();
          const third = await admin.post(base, payload({ name: name.replace(' ', '') }));
          expect(third.statusCode).toBe(409);
          expect(third.json()).toEqual(duplicate);
          const other = await create(uniqueName('第三'));
          expect((await admin.put(`${base}/${other}`, payload({ id: other, name }))).statusCode).toBe(409);

          const renamed = uniqueName('改名後');
          expect((await admin.put(`${base}/${second}`, payload({ id: second, name: renamed }))).statusCode).toBe(200);
          expect((await admin.get(`${base}/${second}`)).json().name).toBe(renamed);
          // Once apart, the old name is the first one's alone: taking it back is a rename like any other.
          const back = await admin.put(`${base}/${second}`, payload({ id: second, name }));
          expect(back.statusCode).toBe(409);
          expect(back.json()).toEqual(duplicate);
        });
      });

      it("lets a deleted item's name be used again", async () => {
        const name = uniqueName('再利用');
        const first = await create(name);
        expect((await admin.delete(`${base}/${first}`)).statusCode).toBe(200);
        const second = await create(name);
        expect(second).not.toBe(first);
        const renamed = await create(uniqueName('改名先'));
        await admin.delete(`${base}/${second}`);
        expect((await admin.put(`${base}/${renamed}`, payload({ id: renamed, name }))).statusCode).toBe(200);
      });
    });

    it('deletes softly: gone from the list, the selector and reads, but the row stays', async () => {
      const name = uniqueName('削除');
      const id = await create(name);
      const deleted = await admin.delete(`${base}/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ result: true });

      expect(await listNames()).not.toContain(name);
      if (hasSelector) expect(await listNames(`${base}/selector`)).not.toContain(name);
      const read = await admin.get(`${base}/${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ result: false, errorMessage: masterMessages.notFound(definition.noun) });
      expect((await admin.delete(`${base}/${id}`)).statusCode).toBe(404);
      expect((await admin.put(`${base}/${id}`, payload({ id, name: uniqueName('復活') }))).statusCode).toBe(404);

      const row = await rowOf(id);
      expect(row).toMatchObject({ id, name, updated_by: adminId });
      expect(row?.deleted_at).toEqual(expect.any(String));
    });

    if (hasSelector) {
      it('offers the active items as { id, name } in the selector', async () => {
        const id = await create(uniqueName('選択肢'));
        const selector = await worker.get(`${base}/selector`);
        expect(selector.statusCode).toBe(200);
        const list = (await admin.get(base)).json() as Array<{ id: number; name: string }>;
        expect(selector.json()).toEqual(list.map((item) => ({ id: item.id, name: item.name })));
        expect(selector.json().map((item: { id: number }) => item.id)).toContain(id);
      });
    }

    it('keeps who did what in audit_logs', async () => {
      const id = await create('監査前');
      await admin.put(`${base}/${id}`, payload({ id, name: '監査後' }));
      await admin.delete(`${base}/${id}`);
      const logs = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity', '=', table)
        .where('entity_id', '=', id)
        .orderBy('id')
        .execute();
      expect(logs.map((log) => [log.action, log.actor_id])).toEqual([
        ['create', adminId],
        ['update', adminId],
        ['delete', adminId],
      ]);
      const [created, updated, deleted] = logs.map((log) => ({
        before: log.before_json === null ? null : JSON.parse(log.before_json),
        after: log.after_json === null ? null : JSON.parse(log.after_json),
      }));
      // Only what the table keeps: no reading for a master without one.
      expect(created).toEqual({
        before: null,
        after: { name: '監査前', ...(company ? { phonetic_name: '' } : {}), ...(definition.hasCategory ? { category: 'unplanned' } : {}) },
      });
      expect(updated).toMatchObject({ before: { name: '監査前' }, after: { name: '監査後' } });
      expect(deleted).toMatchObject({ before: { name: '監査後' }, after: null });
    });

    it('answers 404 for an unknown id', async () => {
      const expected = { result: false, errorMessage: masterMessages.notFound(definition.noun) };
      for (const response of [
        await admin.get(`${base}/999999`),
        await admin.put(`${base}/999999`, payload({ id: 999999, name: uniqueName('不明') })),
        await admin.delete(`${base}/999999`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(expected);
      }
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
      for (const response of [
        await admin.get(`${base}/${id}`),
        await admin.put(`${base}/${id}`, payload({ name: uniqueName('不正') })),
        await admin.delete(`${base}/${id}`),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ result: false, errorMessage: messages.http.badRequest });
      }
    });
  },
);

describe('interruption その他', () => {
  it(`cannot be deleted (id ${OTHER_INTERRUPTION_ID}), and stays listed`, async () => {
    const response = await admin.delete(`/api/interruption/${OTHER_INTERRUPTION_ID}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ result: false, errorMessage: masterMessages.otherCannotBeDeleted });
    expect((await admin.get(`/api/interruption/${OTHER_INTERRUPTION_ID}`)).json()).toEqual({
      id: OTHER_INTERRUPTION_ID,
      name: 'その他',
      category: 'unplanned',
      version: 1,
    });
    const logs = await t.database.db
      .selectFrom('audit_logs')
      .select('id')
      .where('entity', '=', 'interruptions')
      .where('entity_id', '=', OTHER_INTERRUPTION_ID)
      .execute();
    expect(logs).toEqual([]);
  });
});
