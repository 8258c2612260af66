import type { AddressInfo } from 'node:net';
import { afterAll, onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';
import type { TestApp, TestClient } from './test-app.ts';

export interface StreamMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * One open GET /api/events over real HTTP (inject would wait for an end that never comes), read
 * message by message. It is closed by the test that opened it, or after the file, whatever happens.
 */
export class EventStreamReader {
  readonly messages: StreamMessage[] = [];
  readonly comments: string[] = [];
  private buffer = '';
  private waiters: Array<() => void> = [];
  private ended = false;

  constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly body: ReadableStream<Uint8Array> | null,
    private readonly abort: AbortController,
    /** The body of a refusal (not 200). */
    readonly text?: string,
  ) {
    void this.pump();
  }

  json(): { result: boolean; errorMessage?: string } {
    return JSON.parse(this.text ?? 'null');
  }

  get closedByServer(): boolean {
    return this.ended;
  }

  /** The events (the messages other than reset), their data parsed. */
  changes<T = Record<string, unknown>>(): Array<T & { id: number }> {
    return this.messages.filter((m) => m.event === 'message').map((m) => ({ ...(JSON.parse(m.data) as T), id: Number(m.id) }));
  }

  /** Waits until the condition holds on what was received, failing after `timeoutMs`. */
  async until(condition: (reader: this) => boolean, timeoutMs = 5000, what = 'the stream'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition(this)) {
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) {
        if (condition(this)) return;
        throw new Error(`${what}: not received within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(): Promise<void> {
    if (!this.body) {
      this.ended = true;
      return;
    }
    const decoder = new TextDecoder();
    const reader = this.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        this.buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // Aborted by the test.
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    const message: StreamMessage = { id: undefined, event: 'message', data: '' };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      fields++;
      if (name === 'id') message.id = value;
      else if (name === 'event') message.event = value;
      else if (name === 'data') message.data += value;
    }
    if (fields) this.messages.push(message);
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** The app's address, listening on a free port the first time it is asked for. */
export async function baseUrlOf(t: Pick<TestApp, 'app'>): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * Opens GET /api/events as this client (signed in or not), with a Last-Event-ID header or a query
 * when given. Whatever the answer, the stream is aborted when the test (or the file) ends.
 */
export function openEventStream(
  t: Pick<TestApp, 'app'>,
  client: TestClient | undefined,
  options: { lastEventId?: string; query?: string; baseUrl?: string } = {},
): Promise<EventStreamReader> {
  const headers: Record<string, string> = options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId };
  return openStream(t, client, `/api/events${options.query ? `?${options.query}` : ''}`, { headers, baseUrl: options.baseUrl });
}

/**
 * Opens a streaming route (one whose route-table entry says `stream`) as this client: the way the
 * suites that call every route reach those, which inject would wait on for ever.
 */
export async function openStream(
  t: Pick<TestApp, 'app'>,
  client: TestClient | undefined,
  url: string,
  options: { headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<EventStreamReader> {
  const base = options.baseUrl ?? (await baseUrlOf(t));
  const abort = new AbortController();
  if (getCurrentTest()) onTestFinished(() => abort.abort());
  else afterAll(() => abort.abort());
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (client?.cookie) headers.cookie = client.cookie;
  const response = await fetch(`${base}${url}`, { headers, signal: abort.signal });
  // A refusal is one JSON document that ends, unlike a stream.
  const refusal = response.status === 200 ? undefined : await response.text();
  return new EventStreamReader(response.status, response.headers, refusal === undefined ? response.body : null, abort, refusal);
}
