import { parseArgs } from 'node:util';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { benchDatabase, lastWholeMonth } from './support/bench-database.ts';
import { median, table } from './support/load.ts';

/**
 * `npm run bench:list [-- --records 1000000 --database-url postgres://…]`
 *
 * With a million records stored (three years' worth), one month's page of 20 rows and one month's
 * whole list through the real server, timed at the HTTP client: medians and high percentiles of
 * many requests, one after another.
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '1000000' },
    years: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '200' },
  },
});
const database = await benchDatabase({ records: Number(values.records), years: Number(values.years), databaseUrl: values['database-url'] });
const server = await startServer({ ...database.env, LOG_LEVEL: 'warn' }, { dataDir: database.dataDir });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  const session = await apiSession(server.baseUrl);
  const { from, to } = lastWholeMonth();
  const time = async (url: string, runs: number) => {
    const times: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const began = performance.now();
      const response = await fetch(`${server.baseUrl}${url}`, { headers: session.headers() });
      const text = await response.text();
      times.push(performance.now() - began);
      if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
      rows = (JSON.parse(text) as unknown[]).length;
      bytes = text.length;
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: median(times), p90: percentile(sorted, 90), p99: percentile(sorted, 99), rows, bytes };
  };
  const runs = Number(values.runs);
  const range = `started_from=${from}&started_to=${to}`;
  await time(`/api/productcost?${range}&page=1&per_page=20`, 10);
  const page = await time(`/api/productcost?${range}&page=1&per_page=20`, runs);
  const lastPage = await time(`/api/productcost?${range}&page=50&per_page=20`, runs);
  const whole = await time(`/api/productcost?${range}`, Math.max(5, Math.round(runs / 20)));
  const engine = values['database-url'] ? 'PostgreSQL' : 'SQLite';
  process.stdout.write(
    `\nList, ${engine}, ${Number(values.records).toLocaleString('en')} records stored, month ${from} – ${to}\n\n` +
      table(
        ['request', 'rows', 'p50 ms', 'p90 ms', 'p99 ms'],
        [
          ['page 1 of 20 rows', page.rows, page.p50.toFixed(1), page.p90.toFixed(1), page.p99.toFixed(1)],
          ['page 50 of 20 rows', lastPage.rows, lastPage.p50.toFixed(1), lastPage.p90.toFixed(1), lastPage.p99.toFixed(1)],
          [
            `whole month (${(whole.bytes / 1e6).toFixed(1)} MB)`,
            whole.rows,
            whole.p50.toFixed(1),
            whole.p90.toFixed(1),
            whole.p99.toFixed(1),
          ],
        ],
      ) +
      '\n',
  );
} finally {
  await server.stop();
}
