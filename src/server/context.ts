import type { Kysely } from 'kysely';
import type { SessionService } from './auth/session-service.ts';
import type { Config } from './config.ts';
import type { Engine } from './db/connection.ts';
import type { Database } from './db/schema.ts';

/** What every feature's routes are built with. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  sessions: SessionService;
}
