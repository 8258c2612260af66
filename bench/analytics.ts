import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureBuild } from '../scripts/build.ts';
import { benchDatabase } from './support/bench-database.ts';
import { timeGets } from './support/load.ts';
import { benchArguments, progress, publish } from './support/report.ts';

/**
 * `npm run bench:analytics [-- --records 1000000 --database-url postgres://…] [--quick] [--json]`
 *
 * 分析 over the last year with a year of records stored (a million by default): the summary, the
 * loss Pareto, the breakdowns by machine and by company, a page of the job table (the screen's 20 rows, newest
 * first as it opens, and most expensive first), one slip's summary and jobs, and the jobs of the Pareto's largest stop reason
 * (its drill-down), each through the real server, timed at the HTTP client, one request after
 * another. The goal is a median under 300 ms on both engines.
 */
const args = benchArguments({ records: { full: '1000000', quick: '20000' }, runs: { full: '40', quick: '10' } });
const records = Number(args.records);
const database = await benchDatabase({ records, years: 1, databaseUrl: args.databaseUrl, log: progress(args.json) });
await ensureBuild();
const server = await startServer({ ...database.env, LOG_LEVEL: 'warn' }, { dataDir: database.dataDir });

try {
  const session = await apiSession(server.baseUrl);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const range = `from=${from}&to=${to}`;
  // A slip of the range, as a manager would type one: the newest job's.
  const [newest] = (await session.call('GET', `/api/analytics/jobs?${range}&per_page=1&sort=-work_date`)) as unknown as Array<{
    slip_no: string;
  }>;
  const slip = `slip=${encodeURIComponent(newest!.slip_no)}`;
  // The Pareto's largest reason, which its drill-down narrows the job table to: the most jobs of any reason.
  const [largest] = (await session.call('GET', `/api/analytics/losses?${range}`)) as unknown as Array<{ interruption_id: number }>;
  const stop = `interruption_id=${largest!.interruption_id}`;
  const requests: Array<[name: string, url: string]> = [
    ['summary', `/api/analytics/summary?${range}`],
    ['losses (Pareto)', `/api/analytics/losses?${range}`],
    ['breakdown by machine', `/api/analytics/breakdown?${range}&by=machine`],
    // The rollup does not key companies: this one sums the year's records themselves.
    ['breakdown by company', `/api/analytics/breakdown?${range}&by=company`],
    ['job page, newest first', `/api/analytics/jobs?${range}&page=1&per_page=20&sort=-work_date`],
    ['job page, most expensive first', `/api/analytics/jobs?${range}&page=1&per_page=20&sort=-cost`],
    // One order's cost: the rollup knows no slips either.
    ['summary of one slip', `/api/analytics/summary?${range}&${slip}`],
    ['job page of one slip', `/api/analytics/jobs?${range}&${slip}&page=1&per_page=20&sort=-work_date`],
    // The Pareto's drill-down: the jobs stopped for its largest reason, the longest first.
    ['job page of the largest stop reason', `/api/analytics/jobs?${range}&${stop}&page=1&per_page=20&sort=-reason_seconds`],
  ];
  const time = async (url: string, runs: number) => {
    const { p50, p90, p99, last } = await timeGets(server.baseUrl, session.headers(), url, runs);
    return { figures: [p50, p90, p99].map((ms) => Number(ms.toFixed(1))), total: last.headers.get('x-total-count') ?? '' };
  };
  const runs = Number(args.runs);
  const rows: Array<Array<string | number>> = [];
  const totals = new Map<string, number>();
  for (const [name, url] of requests) {
    await time(url, 2);
    const { figures, total } = await time(url, runs);
    if (total) totals.set(name, Number(total));
    rows.push([name, ...figures]);
  }
  const count = (name: string) => (totals.get(name) ?? 0).toLocaleString('en');
  publish(
    {
      benchmark: 'analytics',
      title: `分析, ${args.engine}, ${records.toLocaleString('en')} records stored, ${from} – ${to}`,
      columns: ['request', 'p50 ms', 'p90 ms', 'p99 ms'],
      rows,
      notes: [
        `The range holds ${count('job page, newest first')} jobs, ${count('job page of the largest stop reason')} of them stopped for the largest reason; ${runs} requests of each, one after another.`,
      ],
    },
    args.json,
  );
} finally {
  await server.stop();
}
