import { buildApp } from './app.ts';
import { IdempotencyService } from './idempotency/idempotency-service.ts';
import { ConfigError, loadConfig } from './config.ts';
import { announceAdministrator, prepareDatabase } from './startup.ts';

const SWEEP_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { database, administrator } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
  app.log.info({ engine: database.engine }, 'database ready');
  if (administrator) announceAdministrator(administrator);

  const idempotency = new IdempotencyService(database.db);
  const sweep = setInterval(() => {
    app.sessions.removeIdle().catch((error: unknown) => app.log.error({ err: error }, 'idle session sweep failed'));
    idempotency.removeExpired().catch((error: unknown) => app.log.error({ err: error }, 'idempotency key sweep failed'));
  }, SWEEP_MS);
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

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
