import { apiSession, startRecord } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureBuild } from '../scripts/build.ts';
import { openBoardStreams } from './support/board-streams.ts';
import { processMemory } from './support/memory.ts';
import { median, percentile } from './support/load.ts';
import { benchArguments, progress, publish } from './support/report.ts';

/**
 * `npm run bench:board [-- --database-url postgres://… --jobs 200 --boards 50 --rate 50 --duration 20] [--quick] [--json]`
 *
 * The floor board under a busy floor: `jobs` jobs in progress, `boards` boards listening to
 * GET /api/events, and work actions (中断 and 再開 in turn, on one job after another) sent at `rate`
 * a second for `duration` seconds. For every action and every board, the time from the action's
 * answer at the client to the event's arrival at that board (an event that comes before the answer
 * counts 0): p50, p99 and the largest, beside the goal of a p99 under 500 ms; and the server's memory
 * with the boards connected and idle, at its peak under the load, and once the boards have gone.
 */
const args = benchArguments({
  jobs: { full: '200', quick: '50' },
  boards: { full: '50', quick: '10' },
  rate: { full: '50', quick: '50' },
  duration: { full: '20', quick: '5' },
});
const GOAL_P99_MS = 500;
const log = progress(args.json);
const databaseEnv: Record<string, string> = args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

await ensureBuild();
const server = await startServer({ ...databaseEnv, LOG_LEVEL: 'warn' });
try {
  const session = await apiSession(server.baseUrl);
  const { id: employeeId } = (await session.call('GET', '/api/user/info')) as { id: number };
  log.write(`Starting ${args.jobs} jobs…\n`);
  const jobs: Array<{ id: number; breakId: number | null; busy: boolean; actions: number }> = [];
  for (let index = 0; index < Number(args.jobs); index++) {
    jobs.push({
      id: await startRecord(session, { slip_no: String(9000 + index), employees: [employeeId] }),
      breakId: null,
      busy: false,
      actions: 0,
    });
  }

  // An action is known by its record and its number on that record: a job's actions run one after
  // another, and each is published before it is answered, so every board sees them in that order.
  const answeredAt = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  const seenOnBoard = Array.from({ length: Number(args.boards) }, () => new Map<number, number>());
  const streams = openBoardStreams(server.baseUrl, session.headers(), Number(args.boards), (board, event) => {
    const number = (seenOnBoard[board]!.get(event.product_cost_id) ?? 0) + 1;
    seenOnBoard[board]!.set(event.product_cost_id, number);
    const key = `${event.product_cost_id}:${number}`;
    const times = arrivals.get(key);
    if (times) times.push(event.arrivedAt);
    else arrivals.set(key, [event.arrivedAt]);
  });
  await streams.ready;
  await sleep(1000);
  const before = processMemory(server.pid).rssMb;

  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, processMemory(server.pid).rssMb)), 250);
  const actionTimes: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  const act = async (job: (typeof jobs)[number]) => {
    job.busy = true;
    const sentAt = performance.now();
    if (job.breakId === null) {
      const answer = await session.call('POST', `/api/productcost/break/${job.id}`, { interruption_id: 1, interruption_other: '' });
      job.breakId = answer.break_time_id as number;
    } else {
      await session.call('POST', `/api/productcost/restart/${job.breakId}`);
      job.breakId = null;
    }
    const now = performance.now();
    actionTimes.push(now - sentAt);
    job.actions += 1;
    answeredAt.set(`${job.id}:${job.actions}`, now);
    job.busy = false;
  };
  log.write(`${args.boards} boards listening; ${args.rate} actions a second for ${args.duration} s…\n`);
  const interval = 1000 / Number(args.rate);
  const began = performance.now();
  let skipped = 0;
  for (let tick = 0, next = 0; performance.now() - began < Number(args.duration) * 1000; tick++) {
    const job = jobs.find((candidate, index) => index >= next && !candidate.busy) ?? jobs.find((candidate) => !candidate.busy);
    if (job) {
      inFlight.push(act(job));
      next = (jobs.indexOf(job) + 1) % jobs.length;
    } else skipped++;
    await sleep(began + (tick + 1) * interval - performance.now());
  }
  const loadSeconds = (performance.now() - began) / 1000;
  await Promise.all(inFlight);
  // Stragglers: an event still under way when the last answer came.
  await sleep(2000);
  clearInterval(sampler);
  streams.close();
  await sleep(3000);
  const after = processMemory(server.pid).rssMb;

  const latencies: number[] = [];
  for (const [key, answered] of answeredAt) for (const arrived of arrivals.get(key) ?? []) latencies.push(Math.max(0, arrived - answered));
  latencies.sort((a, b) => a - b);
  const expected = answeredAt.size * Number(args.boards);
  const p99 = percentile(latencies, 99);
  const round = (value: number) => Math.round(value);
  publish(
    {
      benchmark: 'board',
      title: `Floor board: ${args.jobs} jobs in progress, ${args.boards} boards, actions at ${args.rate}/s for ${args.duration} s, ${args.engine}`,
      columns: [
        'actions/s',
        'events at boards',
        'missing',
        'p50 ms',
        'p99 ms',
        'max ms',
        'p99 ÷ goal 500 ms',
        'action p50 ms',
        'RSS idle MB',
        'RSS peak MB',
        'RSS after MB',
      ],
      rows: [
        [
          Number((answeredAt.size / loadSeconds).toFixed(1)),
          latencies.length,
          expected - latencies.length,
          Number(median(latencies).toFixed(1)),
          Number(p99.toFixed(1)),
          round(latencies.at(-1) ?? 0),
          Number((p99 / GOAL_P99_MS).toFixed(2)),
          Number(median(actionTimes).toFixed(1)),
          round(before),
          round(peak),
          round(after),
        ],
      ],
      notes: skipped ? [`${skipped} ticks found every job still waiting for its answer and sent nothing.`] : [],
    },
    args.json,
  );
} finally {
  await server.stop();
}
