import { parseArgs } from 'node:util';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { benchDatabase } from './support/bench-database.ts';
import { processMemory } from './support/memory.ts';
import { table } from './support/load.ts';

/**
 * `npm run bench:csv [-- --records 1000000 --database-url postgres://…]`
 *
 * A year of records exported through the real endpoint (POST /api/productcost/download): rows per
 * second as the client receives them, and the server's memory before and at its peak.
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '1000000' },
    'database-url': { type: 'string' },
  },
});
const records = Number(values.records);
const database = await benchDatabase({ records, years: 1, databaseUrl: values['database-url'] });
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
  process.stdout.write(
    `\nCSV export, ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}, ${from} – ${to}\n\n` +
      table(
        ['rows', 'MB', 'seconds', 'rows/s', 'server RSS before MB', 'server peak RSS MB'],
        [
          [
            rows.toLocaleString('en'),
            (bytes / 1e6).toFixed(1),
            seconds.toFixed(1),
            Math.round(rows / seconds).toLocaleString('en'),
            before.rssMb.toFixed(0),
            after.peakMb.toFixed(0),
          ],
        ],
      ) +
      '\n',
  );
  if (rows !== records)
    process.stdout.write(
      `Note: ${records.toLocaleString('en')} records are stored; the range holds ${rows.toLocaleString('en')} of them.\n`,
    );
} finally {
  await server.stop();
}
