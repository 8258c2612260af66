import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { NumberedBoardEvent } from '../../src/domain/board-events.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import type { EventBus, EventListener } from '../../src/server/events/event-bus.ts';
import { EventStreams, MAX_UNREAD_BYTES } from '../../src/server/events/event-streams.ts';

/** A bus of this test's own: what it publishes reaches every subscriber at once. */
function testBus() {
  const listeners = new Set<EventListener>();
  let id = 0;
  const bus: EventBus = {
    store: async () => () => undefined,
    subscribe: async (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    eventsAfter: async () => [],
    latestId: async () => id,
    close: async () => undefined,
  };
  const emit = () => {
    const event: NumberedBoardEvent = {
      id: ++id,
      type: 'break',
      product_cost_id: 1,
      state: WorkState.WorkInterrupted,
      at: new Date().toISOString(),
    };
    for (const listener of listeners) listener(event);
  };
  return { bus, emit, listeners };
}

/** A response whose client reads nothing: everything written stays in its buffer. */
function unreadResponse() {
  const response = Object.assign(new EventEmitter(), {
    writableLength: 0,
    destroyed: false,
    writeHead: () => response,
    write(text: string) {
      response.writableLength += Buffer.byteLength(text);
      return response.writableLength < 16_384;
    },
    end() {
      response.emit('close');
    },
    destroy() {
      response.destroyed = true;
      response.emit('close');
    },
  });
  return response;
}

describe('EventStreams', () => {
  it('drops a client that stops reading once its unread events pass the limit, and lets go of it', async () => {
    const { bus, emit, listeners } = testBus();
    const streams = new EventStreams(bus, { limit: 10, heartbeatMs: 60_000, timeZone: 'Asia/Tokyo' });
    const response = unreadResponse();
    await streams.open(response as unknown as ServerResponse, {}, undefined);
    expect(streams.count).toBe(1);
    let sent = 0;
    while (!response.destroyed && sent < 100_000) {
      emit();
      sent++;
    }
    expect(response.destroyed).toBe(true);
    expect(response.writableLength).toBeGreaterThan(MAX_UNREAD_BYTES);
    expect(response.writableLength).toBeLessThan(MAX_UNREAD_BYTES + 1024);
    expect(streams.count).toBe(0);
    expect(listeners.size).toBe(0);
    streams.closeAll();
  });

  it('keeps a client that reads, however many events pass', async () => {
    const { bus, emit } = testBus();
    const streams = new EventStreams(bus, { limit: 10, heartbeatMs: 60_000, timeZone: 'Asia/Tokyo' });
    const response = unreadResponse();
    response.write = (text: string) => text.length > 0;
    await streams.open(response as unknown as ServerResponse, {}, undefined);
    for (let index = 0; index < 10_000; index++) emit();
    expect(response.destroyed).toBe(false);
    expect(streams.count).toBe(1);
    streams.closeAll();
    expect(streams.count).toBe(0);
  });
});
