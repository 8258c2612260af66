import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okResponseSchema } from '../../src/domain/responses.ts';
import { answers } from '../../src/server/responses.ts';
import { serializerCompiler } from '../../src/server/serializer.ts';
import { checkAnswers } from '../support/answer-check.ts';

/**
 * The check that the test app puts on every answer, against routes that break their schema on
 * purpose: it must catch what the compiled serializer would let pass silently.
 */
let app: FastifyInstance;
afterEach(() => app.close());

async function appWith(check: boolean) {
  const mismatches: string[] = [];
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (check) checkAnswers(app, mismatches);
  const config = { access: 'public' as const };
  const schema = { response: answers({ 200: okResponseSchema }) };
  app.get('/api/undeclared', { config, schema }, async () => ({ result: true, secret: 'hash' }));
  app.get('/api/wrong-type', { config, schema }, async () => ({ result: 'yes' }));
  app.get('/api/refused', { config, schema }, async (_request, reply) =>
    reply.code(404).send({ result: false, errorMessage: '見つかりません。' }),
  );
  app.get('/api/other-status', { config, schema }, async (_request, reply) => reply.code(202).send({ result: true }));
  app.get(
    '/api/fine',
    { config, schema: { response: answers({ 200: z.object({ id: z.number(), at: z.string().nullable() }) }) } },
    async () => ({
      id: 1,
      at: null,
    }),
  );
  await app.ready();
  return mismatches;
}

describe('the compiled serializer alone', () => {
  it('drops a field its schema does not declare, silently', async () => {
    await appWith(false);
    const response = await app.inject('/api/undeclared');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
  });
});

describe('the answer check of the test app', () => {
  it('refuses a field the schema does not declare, naming it', async () => {
    const mismatches = await appWith(true);
    const response = await app.inject('/api/undeclared');
    expect(response.statusCode).toBe(500);
    expect(mismatches).toEqual([expect.stringContaining('does not declare: secret')]);
  });

  it('refuses a value of the wrong type', async () => {
    const mismatches = await appWith(true);
    expect((await app.inject('/api/wrong-type')).statusCode).toBe(500);
    expect(mismatches).toEqual([expect.stringContaining('does not match its schema')]);
  });

  it('refuses a status the route declares no answer for', async () => {
    const mismatches = await appWith(true);
    expect((await app.inject('/api/other-status')).statusCode).toBe(500);
    expect(mismatches).toEqual([expect.stringContaining('declares no answer for this status')]);
  });

  it('lets an answer that matches pass unchanged, and errors through the shared error schema', async () => {
    const mismatches = await appWith(true);
    const fine = await app.inject('/api/fine');
    expect(fine.json()).toEqual({ id: 1, at: null });
    const refused = await app.inject('/api/refused');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ result: false, errorMessage: '見つかりません。' });
    expect(mismatches).toEqual([]);
  });
});
