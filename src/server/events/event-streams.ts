import type { ServerResponse } from 'node:http';
import type { NumberedBoardEvent } from '../../domain/board-events.ts';
import { toWorkshopIso } from '../../domain/time.ts';
import type { EventBus } from './event-bus.ts';

/**
 * What one stream may have waiting unread before it is dropped: a board that stopped reading (a TV
 * switched off, a tablet asleep, a dead network) must not make the server hold its events for ever.
 * Some thousand events: far more than a board that reads ever has waiting.
 */
export const MAX_UNREAD_BYTES = 256 * 1024;

interface Stream {
  response: ServerResponse;
  /** The latest event sent, so that one replayed and then notified is sent once. */
  lastSent: number;
}

/**
 * The open event streams of this process (GET /api/events): counted against a limit, given a heartbeat,
 * fed with every event the bus delivers, and dropped when they stop reading.
 */
export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    private readonly options: { limit: number; heartbeatMs: number; timeZone: string },
  ) {
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) this.write(stream, ': heartbeat\n\n');
    }, options.heartbeatMs);
    this.heartbeat.unref();
  }

  get count(): number {
    return this.streams.size;
  }

  get full(): boolean {
    return this.streams.size >= this.options.limit;
  }

  /**
   * Starts a stream on a response whose headers are not sent yet: what the board missed since
   * `lastEventId` (or `event: reset` when that is no longer kept), then every event as it comes.
   */
  async open(response: ServerResponse, headers: Record<string, string>, lastEventId: number | undefined): Promise<void> {
    const stream: Stream = { response, lastSent: lastEventId ?? 0 };
    this.streams.add(stream);
    const waiting: NumberedBoardEvent[] = [];
    let replayed = false;
    const unsubscribe = await this.bus.subscribe((event) => (replayed ? this.send(stream, event) : waiting.push(event)));
    if (response.destroyed) {
      // The board left while this process started listening.
      unsubscribe();
      this.streams.delete(stream);
      return;
    }
    response.on('close', () => {
      unsubscribe();
      this.streams.delete(stream);
    });
    response.writeHead(200, headers);
    response.write(': connected\n\n');
    if (lastEventId === undefined) {
      stream.lastSent = await this.bus.latestId();
    } else {
      const missed = await this.bus.eventsAfter(lastEventId);
      if (missed) for (const event of missed) this.send(stream, event);
      else this.reset(stream, await this.bus.latestId());
    }
    replayed = true;
    for (const event of waiting) this.send(stream, event);
  }

  /** Ends every stream, so that the server can close; the boards reconnect to another process or after the restart. */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
  }

  private send(stream: Stream, event: NumberedBoardEvent): void {
    if (event.id <= stream.lastSent) return;
    stream.lastSent = event.id;
    const { id, ...change } = event;
    this.write(stream, `id: ${id}\ndata: ${JSON.stringify({ ...change, at: toWorkshopIso(change.at, this.options.timeZone) })}\n\n`);
  }

  private reset(stream: Stream, latestId: number): void {
    stream.lastSent = latestId;
    this.write(stream, `id: ${latestId}\nevent: reset\ndata: {}\n\n`);
  }

  private write(stream: Stream, text: string): void {
    const { response } = stream;
    if (response.destroyed) return;
    response.write(text);
    if (response.writableLength > MAX_UNREAD_BYTES) {
      this.streams.delete(stream);
      response.destroy();
    }
  }
}
