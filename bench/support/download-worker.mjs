import { parentPort, workerData } from 'node:worker_threads';

/**
 * Downloads the CSV in a thread of its own and counts its lines, so that reading 180 MB does not
 * hold back the load tool in the benchmark's main thread. Plain JavaScript: a worker thread does not
 * inherit the TypeScript loader.
 */
const { url, headers, body } = workerData;
const began = performance.now();
const response = await fetch(url, { method: 'POST', headers, body });
if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
let lines = 0;
const reader = response.body.getReader();
for (let part = await reader.read(); !part.done; part = await reader.read()) {
  for (const byte of part.value) if (byte === 0x0a) lines++;
}
parentPort.postMessage({ rows: lines - 1, seconds: (performance.now() - began) / 1000 });
