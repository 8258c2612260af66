import { describe, expect, it } from 'vitest';
import { catalogMessages, duplicateDetail, processingSchema } from './catalog.ts';

const fresh = (...names: string[]) => names.map((name) => ({ id: null, name }));

describe('duplicateDetail', () => {
  it('refuses the later of two new details of one name under nameKey', () => {
    expect(duplicateDetail(fresh('2つ折り', '２つ折り'))).toEqual({ index: 1, message: catalogMessages.duplicateDetail('２つ折り') });
    expect(duplicateDetail(fresh('断ち', '巻き', ' 断 ち '))).toEqual({ index: 2, message: catalogMessages.duplicateDetail(' 断 ち ') });
    expect(duplicateDetail(fresh('Cut', 'CUT'))).toMatchObject({ index: 1 });
  });

  it('accepts details that only look alike to a reader of kanji', () => {
    expect(duplicateDetail(fresh('２つ折り', '二つ折り', '三つ折り'))).toBeNull();
  });

  it('lets twins that were stored before stay, when neither is renamed to another key', () => {
    const stored = new Map([
      [1, '2つ折り'],
      [2, '２つ折り'],
    ]);
    expect(
      duplicateDetail(
        [
          { id: 1, name: '2つ折り' },
          { id: 2, name: '２つ折り' },
        ],
        stored,
      ),
    ).toBeNull();
    // Retyped in another width: still the key it had.
    expect(
      duplicateDetail(
        [
          { id: 1, name: '2つ折り' },
          { id: 2, name: '2つ折り' },
        ],
        stored,
      ),
    ).toBeNull();
    // One of the two renamed to something else: no twins left.
    expect(
      duplicateDetail(
        [
          { id: 1, name: '2つ折り' },
          { id: 2, name: '二つ折り' },
        ],
        stored,
      ),
    ).toBeNull();
  });

  it('refuses a new detail, or one renamed, beside a stored twin, and names that one, wherever it stands', () => {
    const stored = new Map([[1, '2つ折り']]);
    expect(
      duplicateDetail(
        [
          { id: null, name: '２つ折り' },
          { id: 1, name: '2つ折り' },
        ],
        stored,
      ),
    ).toEqual({
      index: 0,
      message: catalogMessages.duplicateDetail('２つ折り'),
    });
    const renamed = new Map([
      [1, '2つ折り'],
      [2, '巻き'],
    ]);
    expect(
      duplicateDetail(
        [
          { id: 2, name: '２つ折り' },
          { id: 1, name: '2つ折り' },
        ],
        renamed,
      ),
    ).toMatchObject({ index: 0 });
  });

  it('treats an id it does not know as a new detail', () => {
    expect(
      duplicateDetail(
        [
          { id: 7, name: 'A4' },
          { id: 8, name: 'Ａ４' },
        ],
        new Map(),
      ),
    ).toMatchObject({ index: 1 });
  });
});

describe('processingSchema', () => {
  it('leaves twin names to duplicateDetail, which knows the stored ones', () => {
    expect(processingSchema.safeParse({ name: '折り', details: fresh('2つ折り', '２つ折り') }).success).toBe(true);
  });

  it('takes the version as read, and does without one', () => {
    expect(processingSchema.parse({ name: '折り', details: fresh('a'), version: 3 }).version).toBe(3);
    expect(processingSchema.parse({ name: '折り', details: fresh('a') }).version).toBeUndefined();
    expect(processingSchema.safeParse({ name: '折り', details: fresh('a'), version: 0 }).success).toBe(false);
  });
});
