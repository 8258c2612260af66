import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BoardEvent, BoardEventType, NumberedBoardEvent } from '../../domain/board-events.ts';
import type { WorkState } from '../../domain/work-state.ts';
import { preparedQuery, type ValueOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** How long published events are kept for boards that reconnect; the promise to them is ten minutes. */
export const EVENT_KEEP_MS = 60 * 60 * 1000;

/**
 * The channel of NOTIFY on PostgreSQL, and the key of the advisory lock that publishes one event at a
 * time there, so that event numbers are in the order the events become visible.
 */
export const EVENT_CHANNEL = 'kosu_board_events';
const PUBLISH_LOCK_KEY = 7_143_001;

const toEvent = (row: { id: number; type: string; product_cost_id: number; state: number; at: string }): NumberedBoardEvent => ({
  id: row.id,
  type: row.type as BoardEventType,
  product_cost_id: row.product_cost_id,
  state: row.state as WorkState,
  at: row.at,
});

const appendedEvent = preparedQuery((db, value: ValueOf<BoardEvent>) =>
  db
    .insertInto('board_events')
    .values({ type: value('type'), product_cost_id: value('product_cost_id'), state: value('state'), at: value('at') })
    .returning(['id', 'type', 'product_cost_id', 'state', 'at']),
);

/**
 * On SQLite: numbered in the transaction of the change it tells of. Every work action sends it, so it
 * is prepared once (db/prepared-query.ts).
 */
export async function appendEvent(db: Db, event: BoardEvent): Promise<NumberedBoardEvent> {
  const [row] = await appendedEvent(db, event);
  return toEvent(row!);
}

/**
 * The two parts of a statement that stores an event on PostgreSQL and tells every process of it:
 * `numbered`, the body of a `with` query that inserts the event once per row of `source` (a `from`
 * item, with a `where` if need be) after taking the advisory lock, so that numbers grow in the order
 * the events become visible; and `notify`, the statement's last select, the NOTIFY of each numbered
 * event with the event as the listeners parse it, delivered at commit. The lock is held to the commit. `at` must be written as PostgreSQL answers
 * a timestamp to readers (connection.ts), so that a board sees one form.
 */
export function boardEventParts(
  event: { type: unknown; product_cost_id: unknown; state: unknown; at: unknown },
  source: RawBuilder<unknown>,
) {
  return {
    numbered: sql`insert into board_events (type, product_cost_id, state, at)
      select ${event.type}, ${event.product_cost_id}::integer, ${event.state}, ${event.at}::timestamptz
      from (select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY}) from ${source}) as locked
      returning id, product_cost_id`,
    notify: sql`select pg_notify(
      ${EVENT_CHANNEL},
      json_build_object('id', id, 'type', ${event.type}::text, 'product_cost_id', product_cost_id,
        'state', ${event.state}::integer, 'at', ${event.at}::text)::text
    ) as notified
    from numbered`,
  };
}

/**
 * On PostgreSQL, one statement in the transaction of the change it tells of (boardEventParts). The
 * lock is held from here to the commit, so this is the transaction's last statement.
 */
export async function appendAndNotify(db: Db, event: BoardEvent): Promise<void> {
  const at = new Date(event.at).toISOString();
  const { numbered, notify } = boardEventParts({ ...event, at }, sql`(select 1) as one`);
  await sql`with numbered as (${numbered}) ${notify}`.execute(db);
}

/** The events after this one, or undefined when it is no longer kept (or never was): then the board must reload. */
export async function eventsAfter(db: Db, id: number): Promise<NumberedBoardEvent[] | undefined> {
  if (id > 0) {
    const known = await db.selectFrom('board_events').select('id').where('id', '=', id).executeTakeFirst();
    if (!known) return undefined;
  } else {
    // A board that saw none yet missed nothing only while the first event is still kept.
    const first = await db
      .selectFrom('board_events')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirst();
    if (first?.id != null && Number(first.id) > 1) return undefined;
  }
  const rows = await db.selectFrom('board_events').selectAll().where('id', '>', id).orderBy('id').execute();
  return rows.map(toEvent);
}

/** The number of the latest event, 0 when there is none. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('board_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function sweepEvents(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_KEEP_MS).toISOString();
  const result = await db.deleteFrom('board_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
