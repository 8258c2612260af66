import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../domain/messages.ts';
import { startAnonymousSession } from './auth/request-auth.ts';
import type { SessionService } from './auth/session-service.ts';
import type { Config } from './config.ts';

const CSRF_PLACEHOLDER = '<meta name="csrf-token" content="" />';
const SIGNED_IN_PLACEHOLDER = '<meta name="signed-in" content="" />';

/**
 * Serves the built client: hashed assets as files, and for every other path outside /api the page
 * itself (history mode), carrying the session's CSRF token and whether it is signed in, so that a
 * signed-out visit need not ask the server who it is and be refused. Unknown /api paths answer JSON.
 */
export async function serveWebClient(app: FastifyInstance, sessions: SessionService, config: Config): Promise<void> {
  const indexFile = path.join(config.webRoot, 'index.html');
  const page = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (page === undefined) app.log.warn({ webRoot: config.webRoot }, 'the client is not built; pages will answer 503');
  else {
    for (const placeholder of [CSRF_PLACEHOLDER, SIGNED_IN_PLACEHOLDER]) {
      if (!page.includes(placeholder)) throw new Error(`index.html lacks ${placeholder}`);
    }
  }

  const assets = path.join(config.webRoot, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: '365d',
    });
  }

  const icons = path.join(config.webRoot, 'icons');
  if (existsSync(icons)) {
    await app.register(fastifyStatic, { root: icons, prefix: '/icons/', index: false, decorateReply: false, maxAge: '1d' });
  }
  servePwaFiles(app, config.webRoot);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
      return reply.code(404).send({ result: false, errorMessage: messages.http.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ result: false, errorMessage: messages.http.notFound });
    }
    if (page === undefined) return reply.code(503).type('text/plain; charset=utf-8').send('Client not built: run npm run build');
    return sendPage(request, reply, page, sessions, config);
  });
}

/**
 * The service worker and the web app manifest (docs/DECISIONS.md#offline-presses-and-the-app), at the
 * root where they must be. Revalidated on every visit, so that a new build's worker is found at once.
 */
function servePwaFiles(app: FastifyInstance, webRoot: string): void {
  const files = [
    { url: '/sw.js', type: 'text/javascript; charset=utf-8' },
    { url: '/manifest.webmanifest', type: 'application/manifest+json' },
  ];
  for (const file of files) {
    const onDisk = path.join(webRoot, file.url);
    if (!existsSync(onDisk)) continue;
    const body = readFileSync(onDisk);
    // Not part of the API: left out of its description.
    app.get(file.url, { schema: { hide: true } }, (_request, reply) =>
      reply.type(file.type).header('cache-control', 'no-cache').send(body),
    );
  }
}

/**
 * The page may compile WebAssembly: スキャン's decoder is ZXing-C++ built to WebAssembly
 * (docs/DECISIONS.md, スキャン). That is all 'wasm-unsafe-eval' allows — no eval of scripts — and
 * only the page gets it, not the API's reference page.
 */
function allowWebAssembly(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header('content-security-policy', policy.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"));
}

async function sendPage(request: FastifyRequest, reply: FastifyReply, page: string, sessions: SessionService, config: Config) {
  const csrfToken = request.auth?.csrfToken ?? startAnonymousSession(reply, sessions, config);
  allowWebAssembly(reply);
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      page
        .replace(CSRF_PLACEHOLDER, `<meta name="csrf-token" content="${csrfToken}" />`)
        .replace(SIGNED_IN_PLACEHOLDER, `<meta name="signed-in" content="${request.auth?.user ? 'true' : 'false'}" />`),
    );
}
