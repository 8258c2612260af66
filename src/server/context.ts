import type { Kysely } from 'kysely';
import type { SessionService } from './auth/session-service.ts';
import type { Config } from './config.ts';
import type { Engine } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import type { EventBus } from './events/event-bus.ts';

/** What every feature's routes are built with. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  sessions: SessionService;
  /** Where services publish committed changes, and the floor boards' streams read them. */
  events: EventBus;
  /** The server's clock: of work actions and of what time decides (要確認); tests set it. */
  clock: () => Date;
}
