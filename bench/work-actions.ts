import { spawn } from 'node:child_process';
import path from 'node:path';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureBuild } from '../scripts/build.ts';
import { jobRequests } from './support/job-requests.ts';
import { runLoad, type LoadFigures } from './support/load.ts';
import { benchArguments, publish } from './support/report.ts';

/**
 * `npm run bench:actions [-- --database-url postgres://… --duration 10 --connections 10,50,200 --log-level info] [--quick] [--json]`
 *
 * The real server under 10, 50 and 200 clients, each repeating a job's life — start, break,
 * restart, finish — measured with autocannon; and in the same run the machine's ceiling: a bare
 * Fastify route writing one row with the same driver. Prints requests per second, p50 and p99
 * latency, and the ratio product ÷ ceiling. Each server first takes the same load for a warm-up
 * that is not counted: what is measured is the steady state, not a fresh process compiling its code
 * (how soon a fresh server answers at all is bench:start's measure). The server logs at warn, which
 * writes nothing for a request that succeeds; `--log-level info` measures it as a workshop runs it.
 */
const args = benchArguments({
  duration: { full: '10', quick: '3' },
  connections: { full: '10,50,200', quick: '10,50' },
  'log-level': { full: 'warn', quick: 'warn' },
});
const duration = Number(args.duration);
const warmUpSeconds = 2;
const connectionCounts = args.connections.split(',').map(Number);
const databaseEnv: Record<string, string> = args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : {};
const root = path.resolve(import.meta.dirname, '..');
await ensureBuild();

async function measureProduct(connections: number): Promise<LoadFigures> {
  const server = await startServer({ ...databaseEnv, LOG_LEVEL: args['log-level'] });
  try {
    const session = await apiSession(server.baseUrl);
    const { id: employeeId } = (await session.call('GET', '/api/user/info')) as { id: number };
    const load = {
      url: server.baseUrl,
      connections,
      headers: { ...session.headers(), 'content-type': 'application/json' },
      requests: jobRequests(employeeId),
    };
    await runLoad({ ...load, duration: warmUpSeconds });
    return await runLoad({ ...load, duration });
  } finally {
    await server.stop();
  }
}

async function measureCeiling(connections: number): Promise<LoadFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/support/ceiling-server.ts')], {
    cwd: root,
    env: { ...process.env, ...databaseEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  try {
    const load = { url: `${url}/write`, method: 'POST' as const, connections };
    await runLoad({ ...load, duration: warmUpSeconds });
    return await runLoad({ ...load, duration });
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

const rows: Array<Array<string | number>> = [];
for (const connections of connectionCounts) {
  const product = await measureProduct(connections);
  const ceiling = await measureCeiling(connections);
  rows.push([
    connections,
    Math.round(product.requestsPerSecond),
    product.p50,
    product.p99,
    product.non2xx + product.errors,
    Math.round(ceiling.requestsPerSecond),
    ceiling.p99,
    Number((product.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)),
  ]);
}
publish(
  {
    benchmark: 'actions',
    title: `Work actions (start / break / restart / finish), ${args.engine}, ${duration} s each, the server's log at ${args['log-level']}`,
    columns: ['clients', 'product req/s', 'p50 ms', 'p99 ms', 'failed', 'ceiling req/s', 'ceiling p99 ms', 'product ÷ ceiling'],
    rows,
  },
  args.json,
);
