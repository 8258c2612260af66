import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers.ts';

async function answerOf(secureCookies: boolean) {
  const app = Fastify();
  installSecurityHeaders(app, { secureCookies });
  app.get('/api/thing', async () => ({ result: true }));
  const response = await app.inject({ method: 'GET', url: '/api/thing' });
  await app.close();
  return response;
}

describe('security headers', () => {
  it('go with every answer, the same policy each time', async () => {
    const app = Fastify();
    installSecurityHeaders(app, { secureCookies: false });
    app.get('/api/thing', async () => ({ result: true }));
    const [first, second] = [await app.inject('/api/thing'), await app.inject('/api/thing')];
    await app.close();
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.json()).toEqual({ result: true });
  });

  it('over plain HTTP: no HSTS, and no upgrade of requests', async () => {
    const response = await answerOf(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('behind HTTPS (secure cookies): HSTS, and requests upgraded', async () => {
    const response = await answerOf(true);
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
