import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

type Options = Parameters<typeof autocannon>[0];

/** Runs autocannon, until its duration ends or `until` settles, and keeps the figures the benchmarks print. */
export function runLoad(options: Options, until?: Promise<unknown>): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
    void until?.finally(() => instance.stop());
  });
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The value below which p percent of these sorted values lie (the nearest rank at or above). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * `runs` GET requests of one address, one after another, timed at the client to the answer's last
 * byte: the median and high percentiles in milliseconds, and the last answer's text and headers.
 */
export async function timeGets(baseUrl: string, headers: Record<string, string>, url: string, runs: number) {
  const times: number[] = [];
  let last = { text: '', headers: new Headers() };
  for (let run = 0; run < runs; run++) {
    const began = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers });
    const text = await response.text();
    times.push(performance.now() - began);
    if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
    last = { text, headers: response.headers };
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: median(times), p90: percentile(sorted, 90), p99: percentile(sorted, 99), last };
}
