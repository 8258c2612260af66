import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureBuild } from '../scripts/build.ts';
import { benchDatabase } from './support/bench-database.ts';
import { processMemory } from './support/memory.ts';
import { benchArguments, progress, publish } from './support/report.ts';

/**
 * `npm run bench:csv [-- --records 1000000 --database-url postgres://…] [--quick] [--json]`
 *
 * A year of records exported through the real endpoint (POST /api/productcost/download): rows per
 * second as the client receives them, and the server's memory before and at its peak.
 */
const args = benchArguments({ records: { full: '1000000', quick: '20000' } });
const records = Number(args.records);
const database = await benchDatabase({ records, years: 1, databaseUrl: args.databaseUrl, log: progress(args.json) });
await ensureBuild();
const server = await startServer({ ...database.env, LOG_LEVEL: 'warn' }, { dataDir: database.dataDir });

try {
  const session = await apiSession(server.baseUrl);
  const before = processMemory(server.pid);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const began = performance.now();
  const response = await fetch(`${server.baseUrl}/api/productcost/download`, {
    method: 'POST',
    headers: { ...session.headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ from, to }),
  });
  if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
  let lines = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.length;
    for (const byte of part.value) if (byte === 0x0a) lines++;
  }
  const seconds = (performance.now() - began) / 1000;
  const after = processMemory(server.pid);
  const rows = lines - 1;
  const notes =
    rows === records ? [] : [`${records.toLocaleString('en')} records are stored; the range holds ${rows.toLocaleString('en')} of them.`];
  publish(
    {
      benchmark: 'csv',
      title: `CSV export, ${args.engine}, ${from} – ${to}`,
      columns: ['rows', 'MB', 'seconds', 'rows/s', 'server RSS before MB', 'server peak RSS MB'],
      rows: [
        [
          rows,
          Number((bytes / 1e6).toFixed(1)),
          Number(seconds.toFixed(1)),
          Math.round(rows / seconds),
          Math.round(before.rssMb),
          Math.round(after.peakMb),
        ],
      ],
      notes,
    },
    args.json,
  );
} finally {
  await server.stop();
}
