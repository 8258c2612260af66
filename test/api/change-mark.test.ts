import { describe, expect, it } from 'vitest';
import { changeMark } from '../support/dump.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * The malformed-request test compares the saved rows only when this mark moved (test/support/dump.ts):
 * it must move with every kind of write, or a refused request that wrote something would pass.
 */
const t = await createTestApp();
const { db } = t.database;
const at = new Date().toISOString();
const audited = { created_at: at, updated_at: at, created_by: null, updated_by: null, deleted_at: null };

describe('the mark of the saved rows', () => {
  it('stays while nothing is written, and moves with an insert, an update and a delete', async () => {
    const first = await changeMark(t.database);
    await db.selectFrom('machines').selectAll().execute();
    expect(await changeMark(t.database)).toBe(first);

    const { id } = await db
      .insertInto('machines')
      .values({ name: '断裁機1号', display_order: 1, ...audited })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await changeMark(t.database);
    expect(inserted).not.toBe(first);

    await db.updateTable('machines').set({ name: '断裁機2号' }).where('id', '=', id).execute();
    const updated = await changeMark(t.database);
    expect(updated).not.toBe(inserted);

    await db.deleteFrom('machines').where('id', '=', id).execute();
    expect(await changeMark(t.database)).not.toBe(updated);
  });
});
