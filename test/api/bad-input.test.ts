import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkState } from '../../src/domain/work-state.ts';
import type { ApiRoute } from '../../src/server/route-table.ts';
import { changeMark, dumpDatabase } from '../support/dump.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';
import { createEmployee } from '../support/employees.ts';
import { openStream } from '../support/event-stream.ts';

/**
 * Malformed requests for every endpoint, generated: wrong types, missing and extra fields, huge
 * strings, odd numbers, unknown and deleted ids, control characters, SQL- and HTML-looking text,
 * deep JSON, malformed JSON, wrong content types. Never a 5xx, a Japanese message on every 4xx,
 * and a refused request leaves every saved row as it was.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 200);
const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;

const t = await createTestApp();
const workerId = await createEmployee(t, { user_name: 'fuzz', password: 'fuzz-pass' });
const admin = await t.signIn();
const liveRecord = await createWorkRecord(t, { state: WorkState.Working, workers: [workerId] });
const deletedRecord = await createWorkRecord(t, {
  started_on: '2026-01-01T00:00:00.000Z',
  finished_on: '2026-01-01T01:00:00.000Z',
  workers: [workerId],
});
await t.database.db.updateTable('product_costs').set({ deleted_at: new Date().toISOString() }).where('id', '=', deletedRecord).execute();

const shortText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    "' OR 1=1 --",
    '1; DROP TABLE product_costs;',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u0000\u0001\u001f',
    '\u202e\u200b',
    '１２３',
    '𠮷野家',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x1F',
    '',
    ' ',
  ),
);
/** Now and then a string far past every limit (some past the body limit too). */
const nastyText = fc.oneof(
  { arbitrary: shortText, weight: 12 },
  { arbitrary: fc.integer({ min: 1000, max: 120_000 }).map((length) => 'あ'.repeat(length)), weight: 1 },
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31), 1e308, -1e308, 5, 999999),
);
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom('id', 'name', 'employees', 'slip_no', 'interruption_id', 'version', 'started_on', fc.string() as never),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** Field names the endpoints read, so that generated bodies reach past the first check. */
const fieldNames = [
  'user_name',
  'password',
  'name',
  'phonetic_name',
  'machine',
  'company',
  'interruption',
  'paper_size',
  'processing',
  'details',
  'employee',
  'last_name',
  'first_name',
  'use_login',
  'is_admin',
  'email',
  'slip_no',
  'employees',
  'paper_size_id',
  'processing_id',
  'processing_detail_id',
  'machine_id',
  'company_id',
  'superior',
  'wound',
  'size',
  'miss',
  'other',
  'interruption_id',
  'interruption_other',
  'process2',
  'productcost',
  'version',
  'started_on',
  'finished_on',
  'break_times',
  'setup_times',
  'from',
  'to',
  'encoding',
  'pressed_at',
  'station',
  'code',
  'pin',
  'employee_id',
];
const body = fc.oneof(
  nastyValue,
  fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 8 }),
  fc.record({ productcost: fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 10 }) }),
  fc.record({ machine: fc.record({ name: nastyText }), company: fc.record({ name: nastyText, phonetic_name: nastyValue }) }),
);

type RawBody = { payload: string; contentType: string };
const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .constantFrom('{"name":', '[', '{"a":1}}', 'nul', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}')
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.integer({ min: 100, max: 5000 }).map((depth) => ({ payload: '['.repeat(depth) + ']'.repeat(depth), contentType: 'application/json' })),
  fc
    .integer({ min: 100, max: 2000 })
    .map((depth) => ({ payload: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), contentType: 'application/json' })),
  fc.string().map((payload) => ({ payload, contentType: 'text/plain' })),
  fc.constant({ payload: 'name=x&slip_no=1', contentType: 'application/x-www-form-urlencoded' }),
  fc.constant({
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  }),
  fc.constant({ payload: '<xml/>', contentType: 'application/xml' }),
);

const idSegment = () =>
  fc.oneof(
    fc.constantFrom(
      String(liveRecord),
      String(deletedRecord),
      '999999',
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '%00',
      "1'--",
      '99999999999999999999',
      '%E3%81%82',
      '2147483648',
    ),
    fc.nat().map(String),
  );

const queryString = fc.dictionary(fc.constantFrom('started_from', 'started_to', 'page', 'per_page', 'processing_id', 'x'), shortText, {
  maxKeys: 4,
});

function urlFor(route: ApiRoute, id: string, query: Record<string, string>): string {
  const path = route.url.replace(/:\w+/, id);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

describe('malformed requests to every endpoint', () => {
  it('covers every route', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
  });

  it(`never answer 5xx, always a Japanese message, and change nothing when refused (${RUNS} cases per endpoint)`, async () => {
    let baseline = await dumpDatabase(t.database.db);
    let mark = await changeMark(t.database);
    for (const route of t.app.apiRoutes) {
      if (route.url === '/api/logout' || route.stream) continue;
      const mutating = route.method !== 'GET';
      const request = fc.record({
        id: idSegment(),
        query: queryString,
        payload: mutating
          ? fc.oneof(
              body.map((value) => ({ json: value })),
              rawBody.map((raw) => ({ raw })),
            )
          : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ id, query, payload }) => {
          const headers: Record<string, string> = {};
          let sent: string | undefined;
          if (payload && 'raw' in payload) {
            headers['content-type'] = payload.raw.contentType;
            sent = payload.raw.payload;
          } else if (payload) {
            headers['content-type'] = 'application/json';
            sent = JSON.stringify(payload.json) ?? 'null';
          }
          const response = await admin.request({ method: route.method as 'POST', url: urlFor(route, id, query), payload: sent, headers });
          const label = `${route.method} ${urlFor(route, id, query).slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          expect(response.body, label).not.toMatch(/\bat .+\.(ts|js):\d+|SQLITE_|syntax error|violates|duplicate key/i);
          const markAfter = await changeMark(t.database);
          const rowsMayHaveChanged = markAfter !== mark;
          mark = markAfter;
          if (response.statusCode >= 400) {
            expect(response.json().errorMessage, label).toMatch(japanese);
            if (rowsMayHaveChanged) expect(await dumpDatabase(t.database.db), label).toEqual(baseline);
          } else if (mutating && rowsMayHaveChanged) {
            baseline = await dumpDatabase(t.database.db);
          }
        }),
        { numRuns: RUNS },
      );
    }
  }, 600_000);

  it('never answer 5xx on a streaming route: a malformed Last-Event-ID or query is refused in Japanese, anything else streams', async () => {
    const streams = t.app.apiRoutes.filter((route) => route.stream);
    expect(streams.map((route) => route.url)).toEqual(['/api/events']);
    const headerText = fc.oneof(
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) }),
      fc.nat().map(String),
      fc.constantFrom('-1', '1.5', '1e3', '0x10', '99999999999999999999', ' 7', ''),
    );
    for (const route of streams) {
      await fc.assert(
        fc.asyncProperty(fc.option(headerText), queryString, async (lastEventId, query) => {
          const headers: Record<string, string> = lastEventId === null ? {} : { 'last-event-id': lastEventId };
          const url = urlFor(route, '1', { ...query, ...(lastEventId === null ? {} : { last_event_id: lastEventId }) });
          const stream = await openStream(t, admin, url, { headers });
          stream.close();
          const label = `${route.url} Last-Event-ID ${JSON.stringify(lastEventId)} → ${stream.status} ${stream.text ?? ''}`;
          expect(stream.status, label).toBeLessThan(500);
          if (stream.status >= 400) expect(stream.json().errorMessage, label).toMatch(japanese);
          else expect(stream.headers.get('content-type'), label).toContain('text/event-stream');
        }),
        { numRuns: Math.min(RUNS, 100) },
      );
    }
  }, 120_000);
});
