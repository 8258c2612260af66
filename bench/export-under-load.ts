import { Worker } from 'node:worker_threads';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureBuild } from '../scripts/build.ts';
import { benchDatabase } from './support/bench-database.ts';
import { jobRequests } from './support/job-requests.ts';
import { runLoad } from './support/load.ts';
import { benchArguments, progress, publish } from './support/report.ts';

/**
 * `npm run bench:export-under-load [-- --rate 200 --records 1000000 --database-url postgres://…] [--quick] [--json]`
 *
 * The CSV export of a year while tablets keep working: autocannon sends work actions at a fixed
 * rate (so that latency is not under-reported while the server is busy) for as long as the export
 * runs. Prints the writes' latency and checks that the export holds exactly the records of its
 * range (the range ends yesterday, so today's new jobs fall outside it).
 */
const args = benchArguments({ records: { full: '1000000', quick: '20000' }, rate: { full: '200', quick: '100' } });
const database = await benchDatabase({ records: Number(args.records), years: 1, databaseUrl: args.databaseUrl, log: progress(args.json) });
await ensureBuild();
const server = await startServer({ ...database.env, LOG_LEVEL: 'warn' }, { dataDir: database.dataDir });

try {
  const session = await apiSession(server.baseUrl);
  const { id: employeeId } = (await session.call('GET', '/api/user/info')) as { id: number };
  const day = 86_400_000;
  const to = new Date(Date.now() - day).toISOString().slice(0, 10);
  const from = new Date(Date.now() - 366 * day).toISOString().slice(0, 10);
  const counted = await fetch(`${server.baseUrl}/api/productcost?started_from=${from}&started_to=${to}&page=1&per_page=1`, {
    headers: session.headers(),
  });
  const expected = Number(counted.headers.get('x-total-count'));

  const downloader = new Worker(new URL('./support/download-worker.mjs', import.meta.url), {
    workerData: {
      url: `${server.baseUrl}/api/productcost/download`,
      headers: { ...session.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ from, to }),
    },
  });
  const exported = new Promise<{ rows: number; seconds: number }>((resolve, reject) => {
    downloader.once('message', resolve);
    downloader.once('error', reject);
  });

  const rate = Number(args.rate);
  const figures = await runLoad(
    {
      url: server.baseUrl,
      connections: 50,
      overallRate: rate,
      duration: 600,
      headers: { ...session.headers(), 'content-type': 'application/json' },
      requests: jobRequests(employeeId),
    },
    exported,
  );
  const { rows, seconds } = await exported;
  publish(
    {
      benchmark: 'export-under-load',
      title: `Export under load, ${args.engine}: CSV ${from} – ${to} while work actions arrive at ${rate}/s`,
      columns: ['export rows', 'expected rows', 'export s', 'rows/s', 'writes', 'write p50 ms', 'write p99 ms', 'failed'],
      rows: [
        [
          rows,
          expected,
          Number(seconds.toFixed(1)),
          Math.round(rows / seconds),
          figures.requests,
          figures.p50,
          figures.p99,
          figures.non2xx + figures.errors,
        ],
      ],
      notes: [rows === expected ? 'The export holds exactly its range.' : 'MISMATCH: the export does not hold exactly its range.'],
    },
    args.json,
  );
} finally {
  await server.stop();
}
