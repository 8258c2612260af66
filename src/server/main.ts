import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { announceAdministrator, prepareDatabase } from './startup.ts';
import { sweepExpired, SWEEP_INTERVAL_MS } from './auth/housekeeping.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const { database, administrator } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  app.log.info({ engine: database.engine }, 'database ready');
  if (administrator) announceAdministrator(administrator);

  const sweep = setInterval(() => {
    sweepExpired(database.db, app.sessions).catch((error: unknown) => app.log.error({ err: error }, 'sweep of expired rows failed'));
  }, SWEEP_INTERVAL_MS);
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

  const address = await app.listen({ port: config.port, host: config.host });
  // Always printed, whatever the log level: with PORT=0 it is the only word of the port taken, and
  // scripts that start the server wait for this line from their own child.
  process.stdout.write(`Listening at ${address}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
