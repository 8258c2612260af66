import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { BoardEvent, NumberedBoardEvent } from '../../domain/board-events.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { appendAndNotify, appendEvent, EVENT_CHANNEL, eventsAfter, latestEventId } from './event-repository.ts';

export type EventListener = (event: NumberedBoardEvent) => void;

/** Hands a stored event to this process's boards; called once its transaction has committed. */
export type Announce = () => void;

/** What a service needs: to publish a change with the transaction that makes it. */
export interface EventPublisher {
  /**
   * Stores the event in the transaction of the change it tells of, as that transaction's last step,
   * so that the change and its event commit together or not at all; the answer is called after the
   * commit.
   */
  store(trx: Kysely<Database>, event: BoardEvent): Promise<Announce>;
}

/**
 * Changes on the floor, numbered in the database and delivered to the boards connected to this
 * process: in-process on SQLite (one process), by LISTEN/NOTIFY on PostgreSQL, so that a board on one
 * process sees a press made through another. The event is stored by the change's own transaction and
 * delivered once that commits, so a refused or rolled-back action is never seen and a committed one
 * always is.
 */
export interface EventBus extends EventPublisher {
  /** Resolves, with the way to unsubscribe, once every event committed from then on will reach the listener. */
  subscribe(listener: EventListener): Promise<() => void>;
  /** The events after this number, or undefined when the board must reload (docs/API.md#events-any-signed-in-user). */
  eventsAfter(id: number): Promise<NumberedBoardEvent[] | undefined>;
  latestId(): Promise<number>;
  close(): Promise<void>;
}

/** A failure to deliver is reported, never thrown: the change it tells of is already committed. */
type ErrorReporter = (error: unknown, what: string) => void;

export function createEventBus(database: DatabaseHandle, reportError: ErrorReporter): EventBus {
  return database.dedicatedClient
    ? new PostgresEventBus(database.db, database.dedicatedClient, reportError)
    : new InProcessEventBus(database.db, reportError);
}

abstract class LocalListeners {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly reportError: ErrorReporter,
  ) {}

  async subscribe(listener: EventListener): Promise<() => void> {
    this.emitter.on('event', listener);
    await this.listening();
    return () => this.emitter.off('event', listener);
  }

  eventsAfter(id: number) {
    return eventsAfter(this.db, id);
  }

  latestId() {
    return latestEventId(this.db);
  }

  /** Called at each subscription; the PostgreSQL bus starts listening at the first. */
  protected async listening(): Promise<void> {}
}

/** SQLite: one process writes, so it tells its own boards once the event is stored. */
class InProcessEventBus extends LocalListeners implements EventBus {
  async store(trx: Kysely<Database>, event: BoardEvent): Promise<Announce> {
    const numbered = await appendEvent(trx, event);
    return () => {
      try {
        this.emitter.emit('event', numbered);
      } catch (error) {
        this.reportError(error, 'delivering an event failed');
      }
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * PostgreSQL: NOTIFY is sent in the transaction that stores the event, and PostgreSQL delivers it at
 * commit to every process that LISTENs, this one included. One connection per process listens; when it
 * is lost, it reconnects with back-off and tells its boards what was published meanwhile.
 */
class PostgresEventBus extends LocalListeners implements EventBus {
  private client: pg.Client | undefined;
  private connection: Promise<void> | undefined;
  /** The latest event delivered; undefined until the first connection. */
  private lastSeen: number | undefined;
  /** Notifications that arrive while the events missed are read, delivered after them in order. */
  private held: NumberedBoardEvent[] | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    db: Kysely<Database>,
    private readonly newClient: () => pg.Client,
    reportError: ErrorReporter,
  ) {
    super(db, reportError);
  }

  /** PostgreSQL delivers the NOTIFY at commit, to this process's listening connection too. */
  async store(trx: Kysely<Database>, event: BoardEvent): Promise<Announce> {
    await appendAndNotify(trx, event);
    return () => undefined;
  }

  protected override listening(): Promise<void> {
    this.connection ??= this.connect(RECONNECT_FIRST_MS);
    return this.connection;
  }

  private async connect(nextDelayMs: number): Promise<void> {
    if (this.closed) return;
    const client = this.newClient();
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel !== EVENT_CHANNEL || !message.payload) return;
      this.deliver(JSON.parse(message.payload) as NumberedBoardEvent);
    });
    client.on('end', () => this.lost(client, RECONNECT_FIRST_MS));
    try {
      await client.connect();
      // Read before listening: what is committed from then on comes by notification or by the catch-up.
      this.lastSeen ??= await this.latestId();
      this.held = [];
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
      this.client = client;
      await this.catchUp();
    } catch (error) {
      this.held = undefined;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      this.reportError(error, 'listening for events failed; retrying');
      this.retry(Math.min(nextDelayMs * 2, RECONNECT_MAX_MS), nextDelayMs);
    }
  }

  /** What was published while this process was not listening, then what came meanwhile, in order. */
  private async catchUp(): Promise<void> {
    const missed = (await eventsAfter(this.db, this.lastSeen ?? 0)) ?? [];
    const held = this.held ?? [];
    this.held = undefined;
    for (const event of [...missed, ...held].sort((a, b) => a.id - b.id)) this.deliver(event);
  }

  private deliver(event: NumberedBoardEvent): void {
    if (this.held) {
      this.held.push(event);
      return;
    }
    if (event.id <= (this.lastSeen ?? 0)) return;
    this.lastSeen = event.id;
    this.emitter.emit('event', event);
  }

  private lost(client: pg.Client, delayMs: number): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.retry(delayMs * 2, delayMs);
  }

  private retry(nextDelayMs: number, delayMs: number): void {
    if (this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.connection = this.connect(nextDelayMs);
    }, delayMs);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
