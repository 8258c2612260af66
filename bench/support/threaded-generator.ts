import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { generateRecords } from './record-generator.ts';
import type { TableRows } from './sqlite-rows.ts';

/** Pieces the thread makes ahead of the writer: enough to keep both busy, few enough to hold little memory. */
const PIECES_AHEAD = 8;
/** How long the writer waits for a piece before it gives the thread up, its start included. */
const PIECE_WAIT_MS = 60_000;

type ThreadMessage = { piece: TableRows } | { done: true } | { error: unknown };

/**
 * The thread's start, in JavaScript: it loads generator-thread.ts through tsx (resolved here, as the
 * benchmarks and the tests run), then waits for the generator's options, and sends each piece, then
 * the end or the error. A failed load is sent at once, so that the writer says why. Each message sent
 * is counted in `sentCount`, which the writer waits on.
 */
const threadStart = `
const { workerData } = require('node:worker_threads');
const sentCount = new Int32Array(workerData.sentCount);
const send = (message) => {
  workerData.port.postMessage(message);
  Atomics.add(sentCount, 0, 1);
  Atomics.notify(sentCount, 0);
};
let failed = false;
const fail = (error) => {
  if (failed) return;
  failed = true;
  send({ error });
};
const loaded = import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) =>
  tsx.tsImport(${JSON.stringify(new URL('./generator-thread.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}),
);
loaded.catch(fail);
workerData.port.once('message', (options) =>
  loaded
    .then((thread) => thread.generate(options, sentCount, workerData.ahead, (piece) => send({ piece })))
    .then(() => send({ done: true }), fail),
);
`;

export interface GeneratorThread {
  /**
   * The generated records as the SQLite tables' rows, made on the thread while this one writes the
   * pieces before: generating the records is a fifth of a load's time. The pieces are taken
   * synchronously (waiting on the count of those sent), so that one better-sqlite3 transaction, which
   * is synchronous, can write several. Once only: the thread ends with the last piece.
   */
  records(options: Parameters<typeof generateRecords>[0]): Generator<TableRows>;
  /** Ends the thread, whether or not it was given records to make. */
  stop(): void;
}

/** A thread for the generator, started at once so that it loads its code while the database is made ready. */
export function startGeneratorThread(): GeneratorThread {
  const sentCountBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const sentCount = new Int32Array(sentCountBuffer);
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(threadStart, {
    eval: true,
    workerData: { port: port2, sentCount: sentCountBuffer, ahead: PIECES_AHEAD },
    transferList: [port2],
  });
  const stop = () => {
    port1.close();
    void thread.terminate();
  };
  return {
    stop,
    *records(options) {
      port1.postMessage(options);
      try {
        for (;;) {
          if (Atomics.wait(sentCount, 0, 0, PIECE_WAIT_MS) === 'timed-out')
            throw new Error(`the generator's thread sent nothing for ${PIECE_WAIT_MS / 1000} s`);
          const message = receiveMessageOnPort(port1)!.message as ThreadMessage;
          Atomics.sub(sentCount, 0, 1);
          Atomics.notify(sentCount, 0);
          if ('error' in message) throw message.error;
          if ('done' in message) return;
          yield message.piece;
        }
      } finally {
        stop();
      }
    },
  };
}
