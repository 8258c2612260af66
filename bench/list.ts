import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureBuild } from '../scripts/build.ts';
import { benchDatabase, lastWholeMonth } from './support/bench-database.ts';
import { timeGets } from './support/load.ts';
import { benchArguments, progress, publish } from './support/report.ts';

/**
 * `npm run bench:list [-- --records 1000000 --database-url postgres://…] [--quick] [--json]`
 *
 * With a million records stored (three years' worth), one month's page of 20 rows and one month's
 * whole list through the real server, timed at the HTTP client: medians and high percentiles of
 * many requests, one after another.
 */
const args = benchArguments({
  records: { full: '1000000', quick: '20000' },
  years: { full: '3', quick: '1' },
  runs: { full: '200', quick: '30' },
});
const database = await benchDatabase({
  records: Number(args.records),
  years: Number(args.years),
  databaseUrl: args.databaseUrl,
  log: progress(args.json),
});
await ensureBuild();
const server = await startServer({ ...database.env, LOG_LEVEL: 'warn' }, { dataDir: database.dataDir });

try {
  const session = await apiSession(server.baseUrl);
  const { from, to } = lastWholeMonth();
  const time = async (url: string, runs: number) => {
    const { last, ...times } = await timeGets(server.baseUrl, session.headers(), url, runs);
    return { ...times, rows: (JSON.parse(last.text) as unknown[]).length, bytes: last.text.length };
  };
  const runs = Number(args.runs);
  const range = `started_from=${from}&started_to=${to}`;
  await time(`/api/productcost?${range}&page=1&per_page=20`, 10);
  const page = await time(`/api/productcost?${range}&page=1&per_page=20`, runs);
  const lastPage = await time(`/api/productcost?${range}&page=50&per_page=20`, runs);
  const whole = await time(`/api/productcost?${range}`, Math.max(5, Math.round(runs / 20)));
  const figures = (times: { p50: number; p90: number; p99: number }) =>
    [times.p50, times.p90, times.p99].map((ms) => Number(ms.toFixed(1)));
  publish(
    {
      benchmark: 'list',
      title: `List, ${args.engine}, ${Number(args.records).toLocaleString('en')} records stored, month ${from} – ${to}`,
      columns: ['request', 'rows', 'p50 ms', 'p90 ms', 'p99 ms'],
      rows: [
        ['page 1 of 20 rows', page.rows, ...figures(page)],
        ['page 50 of 20 rows', lastPage.rows, ...figures(lastPage)],
        [`whole month (${(whole.bytes / 1e6).toFixed(1)} MB)`, whole.rows, ...figures(whole)],
      ],
    },
    args.json,
  );
} finally {
  await server.stop();
}
