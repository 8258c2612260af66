import { describe, expect, it } from 'vitest';
import { isoOfTimestamptz } from './connection.ts';

describe('isoOfTimestamptz', () => {
  it('writes what Date writes, for every form PostgreSQL answers a timestamptz in', () => {
    const values = [
      '2026-01-15 08:30:00+00',
      '2026-01-15 08:30:00.1+00',
      '2026-01-15 08:30:00.12+00',
      '2026-01-15 08:30:00.123+00',
      '2026-01-15 08:30:00.123999+00',
      '2026-12-31 23:59:59.999999+00',
      '2000-02-29 00:00:00+00',
      '1970-01-01 00:00:00+00',
      '2026-01-15 08:30:00+09',
      '2026-01-15 08:30:00.5+05:30',
      '2026-01-15 08:30:00-03',
    ];
    // And a spread of instants over the years, to the microsecond, as PostgreSQL writes them in UTC.
    for (let step = 0; step < 2000; step++) {
      const ms = Date.UTC(1990, 0, 1) + step * 9_876_543_217;
      const micros = String((step * 7919) % 1_000_000).padStart(6, '0');
      const [date, time] = new Date(ms).toISOString().slice(0, 19).split('T');
      values.push(`${date!} ${time!}.${micros.replace(/0+$/, '') || '0'}+00`.replace('.0+', '+'));
    }
    for (const value of values) expect(isoOfTimestamptz(value), value).toBe(new Date(value).toISOString());
  });
});
