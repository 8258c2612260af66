import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { CreatedAdministrator } from './db/bootstrap.ts';
import { prepareDatabase } from './startup.ts';

const IDLE_SESSION_SWEEP_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { database, administrator } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  app.log.info({ engine: database.engine }, 'database ready');
  if (administrator) announceAdministrator(administrator);

  const sweep = setInterval(() => {
    app.sessions.removeIdle().catch((error: unknown) => app.log.error({ err: error }, 'idle session sweep failed'));
  }, IDLE_SESSION_SWEEP_MS);
  sweep.unref();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

/** The first administrator's password goes to the console once, never into the structured log. */
function announceAdministrator({ userName, generatedPassword }: CreatedAdministrator): void {
  const lines = generatedPassword
    ? [`The first administrator was created.`, `  user ID:  ${userName}`, `  password: ${generatedPassword}`, `Sign in and change this password.`]
    : [`The first administrator was created with user ID ${userName} and the password of ADMIN_PASSWORD.`];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
