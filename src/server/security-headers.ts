import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer: a Content-Security-Policy that allows the app's own
 * scripts and connections only (styles inline too, images and fonts as data: URLs too), nosniff,
 * no referrer, and HSTS behind HTTPS. The middleware is built once
 * and applied in one hook: the Fastify wrapper (@fastify/helmet) built it again for each request,
 * parsing the policy each time, which was 3 % of a work action's time (docs/PERFORMANCE.md).
 */
export function installSecurityHeaders(app: FastifyInstance, { secureCookies }: { secureCookies: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
