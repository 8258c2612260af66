import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../domain/messages.ts';
import { workshopClockTime } from '../../domain/time.ts';
import { loginRequestSchema, loginResponseSchema, logoutResponseSchema, userInfoResponseSchema } from '../../domain/user.ts';
import type { AppContext } from '../context.ts';
import { answers } from '../responses.ts';
import { clientAddress } from './client-address.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './device-cookie.ts';
import { attemptLogin } from './login-service.ts';
import { refuse, startAnonymousSession, startSession } from './request-auth.ts';

export const LOGIN_PATH = '/api/login';

export function authRoutes({ db, sessions, config }: Pick<AppContext, 'db' | 'sessions' | 'config'>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      LOGIN_PATH,
      { config: { access: 'public' }, schema: { body: loginRequestSchema, response: answers({ 200: loginResponseSchema }) } },
      async (request, reply) => {
        const { user_name, password } = request.body;
        if (!user_name.trim()) return refuse(reply, 400, messages.login.userNameRequired);
        if (!password) return refuse(reply, 400, messages.login.passwordRequired);
        const outcome = await attemptLogin(db, config.sessionSecret, {
          userName: user_name,
          password,
          address: clientAddress(request),
          deviceCookie: request.cookies[DEVICE_COOKIE],
        });
        if (outcome.kind === 'throttled') {
          return refuse(reply, 429, messages.login.tooManyAttempts(workshopClockTime(outcome.until, config.timeZone)));
        }
        if (outcome.kind === 'wrong-credentials') return refuse(reply, 401, messages.login.wrongCredentials);

        if (request.auth?.id) await sessions.end(request.auth.id);
        const started = await startSession(request, reply, sessions, config, outcome.user.id);
        // Sent back to sign-in alone: no other request needs it, so no other request carries it.
        reply.setCookie(DEVICE_COOKIE, outcome.deviceCookie, {
          path: LOGIN_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: config.secureCookies,
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
        request.log.info({ employeeId: outcome.user.id }, 'signed in');
        return { result: true as const, user: outcome.user, csrf_token: started.csrfToken };
      },
    );

    routes.post(
      '/api/logout',
      { config: { access: 'public' }, schema: { response: answers({ 200: logoutResponseSchema }) } },
      async (request, reply) => {
        if (request.auth?.id) await sessions.end(request.auth.id);
        return { result: true as const, csrf_token: startAnonymousSession(reply, sessions, config) };
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
