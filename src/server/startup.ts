import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/connection.ts';
import { ensureAdministrator, seedDefaultMasters, type CreatedAdministrator } from './db/bootstrap.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureRollup } from './records/analytic-rollup-repository.ts';
import { keepMissingAnalyticFigures } from './records/record-totals.ts';

/** Opens the configured database, brings its schema up to date and fills what an empty one lacks. */
export async function prepareDatabase(
  config: Config,
  options: DatabaseOptions = {},
): Promise<{ database: DatabaseHandle; administrator?: CreatedAdministrator }> {
  const database = openDatabase(config.database, options);
  try {
    await migrateToLatest(database.db);
    await seedDefaultMasters(database.db, database.engine);
    await ensureRollup(database.db);
    await keepMissingAnalyticFigures(database.db, config.timeZone);
    const administrator = await ensureAdministrator(database.db, {
      userName: config.adminUserName,
      password: config.adminPassword,
    });
    return { database, administrator };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The first administrator's password goes to the console once, never into the structured log. */
export function announceAdministrator({ userName, generatedPassword }: CreatedAdministrator): void {
  const lines = generatedPassword
    ? [
        'The first administrator was created.',
        `  user ID:  ${userName}`,
        `  password: ${generatedPassword}`,
        'Sign in and change this password.',
      ]
    : [`The first administrator was created with user ID ${userName} and the password of ADMIN_PASSWORD.`];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
