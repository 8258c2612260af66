import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../domain/messages.ts';
import { loginRequestSchema, loginResponseSchema, logoutResponseSchema, userInfoResponseSchema } from '../../domain/user.ts';
import type { Config } from '../config.ts';
import { answers } from '../responses.ts';
import type { Database } from '../db/schema.ts';
import type { Kysely } from 'kysely';
import { attemptLogin } from './login-service.ts';
import { refuse, startSession } from './request-auth.ts';
import type { SessionService } from './session-service.ts';

export function authRoutes(deps: { db: Kysely<Database>; sessions: SessionService; config: Config }) {
  const { db, sessions, config } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/api/login',
      { config: { access: 'public' }, schema: { body: loginRequestSchema, response: answers({ 200: loginResponseSchema }) } },
      async (request, reply) => {
        const { user_name, password } = request.body;
        if (!user_name.trim()) return refuse(reply, 400, messages.login.userNameRequired);
        if (!password) return refuse(reply, 400, messages.login.passwordRequired);
        const outcome = await attemptLogin(db, { userName: user_name, password, ip: request.ip });
        if (outcome.kind === 'throttled') return refuse(reply, 429, messages.login.tooManyAttempts);
        if (outcome.kind === 'wrong-credentials') return refuse(reply, 401, messages.login.wrongCredentials);

        if (request.auth) await sessions.end(request.auth.id);
        const started = await startSession(request, reply, sessions, config, outcome.user.id);
        request.log.info({ employeeId: outcome.user.id }, 'signed in');
        return { result: true as const, user: outcome.user, csrf_token: started.csrfToken };
      },
    );

    routes.post(
      '/api/logout',
      { config: { access: 'public' }, schema: { response: answers({ 200: logoutResponseSchema }) } },
      async (request, reply) => {
        if (request.auth) await sessions.end(request.auth.id);
        const started = await startSession(request, reply, sessions, config, null);
        return { result: true as const, csrf_token: started.csrfToken };
      },
    );

    routes.get(
      '/api/user/info',
      { config: { access: 'user' }, schema: { response: answers({ 200: userInfoResponseSchema }) } },
      async (request) => {
        const auth = request.auth!;
        return { ...auth.user!, csrf_token: auth.csrfToken };
      },
    );
  };
}
