import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describeApi, serveApiDocs } from './api-docs.ts';
import { installAnonymousRateLimit } from './auth/anonymous-rate-limit.ts';
import { trustProxyOption } from './auth/client-address.ts';
import { installRequestAuth } from './auth/request-auth.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { PressCredentials } from './auth/press-credentials.ts';
import { SessionService } from './auth/session-service.ts';
import { stationResolver } from './auth/station-cookie.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { installErrorHandling } from './errors.ts';
import { createEventBus } from './events/event-bus.ts';
import { eventRoutes } from './events/events-routes.ts';
import { refuseUnstorableText } from './input-guard.ts';
import { featureRoutes } from './features/index.ts';
import { installRequestLog, OneLinePerRequest } from './request-log.ts';
import { collectApiRoutes } from './route-table.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { serializerCompiler } from './serializer.ts';
import { serveWebClient } from './web-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
}

/** Request bodies above this are refused: the largest real payload, a whole work record, is far smaller. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** false silences request logs (tests); otherwise pino at the configured level. */
  logger?: boolean;
  /** Where the log goes: stdout, unless a test reads it. */
  logStream?: { write(line: string): void };
  /** The clock of work actions and of what time decides (要確認); the system's unless a test sets one. */
  clock?: () => Date;
}

/** The one factory that main and the tests share. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  clock = () => new Date(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]', 'res.headers["x-csrf-token"]'],
      ...(logStream && { stream: logStream }),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Node checks both timeouts on this interval (30 s by default), which would let a slow
    // client outlive its timeout by that much again.
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1000 },
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestLog(app);
  collectApiRoutes(app);
  refuseUnstorableText(app);
  // Fastify reads text/plain too; the API speaks JSON alone, and anything else is a 415.
  app.removeContentTypeParser('text/plain');
  // No /api answer may be kept: on a shared browser, Back after sign-out would show the last
  // user's data from the cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  installSecurityHeaders(app, config);
  await app.register(fastifyCookie);

  const sessions = new SessionService(database.db, config.sessionSecret);
  app.decorate('sessions', sessions);
  const anonymousLimit = await installAnonymousRateLimit(app, { db: database.db, engine: database.engine, max: config.anonymousRateLimit });
  const pressCredentials = new PressCredentials(database.db, config.sessionSecret);
  installRequestAuth(app, sessions, config, anonymousLimit, stationResolver(database.db, config.sessionSecret), pressCredentials);
  const events = createEventBus(database, (error, what) => app.log.error({ err: error }, what));
  app.addHook('onClose', () => events.close());
  const context: AppContext = { config, db: database.db, engine: database.engine, sessions, events, clock };

  await describeApi(app);
  await app.register(authRoutes(context));
  for (const register of featureRoutes) await app.register(register(context));
  await app.register(eventRoutes(context));
  await serveApiDocs(app);
  await serveWebClient(app, sessions, config);
  return app;
}
