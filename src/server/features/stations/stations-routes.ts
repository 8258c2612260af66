import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdResponseSchema, okResponseSchema, savedResponseSchema } from '../../../domain/responses.ts';
import {
  bindRequestSchema,
  bindResponseSchema,
  currentStationResponseSchema,
  pinLoginRequestSchema,
  pressCredentialResponseSchema,
  stationCodeResponseSchema,
  stationItemSchema,
  stationMessages,
  stationPayloadSchema,
  stationWorkerSchema,
} from '../../../domain/stations.ts';
import { pressCredentialMessages } from '../../../domain/press-credential.ts';
import { toWorkshopIso, workshopClockTime } from '../../../domain/time.ts';
import { loginResponseSchema } from '../../../domain/user.ts';
import { PressCredentials } from '../../auth/press-credentials.ts';
import { refuse, startAnonymousSession, startSession } from '../../auth/request-auth.ts';
import { stationAddresses } from './station-address.ts';
import { setStationCookie, STATION_COOKIE } from '../../auth/station-cookie.ts';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { attemptPinLogin } from './pin-login.ts';
import { StationService } from './stations-service.ts';

const base = '/api/station';
const admin = { access: 'admin' as const };
/** For a browser bound as a station only (request-auth.ts). */
const station = { access: 'station' as const };

/** The station calls (docs/API.md#stations): registering tablets, binding one, and PIN sign-in on it. */
export function stationRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const { config, sessions } = context;
    const service = new StationService(context.db, config.sessionSecret, config.timeZone);
    const pressCredentials = new PressCredentials(context.db, config.sessionSecret);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const actor = (request: { auth: { user: { id: number } | null } | null }) => request.auth!.user!.id;
    const addressesFor = (request: FastifyRequest) => stationAddresses(request.protocol, request.host, networkInterfaces());

    routes.get(base, { config: admin, schema: { response: answers({ 200: z.array(stationItemSchema) }) } }, () => service.list());
    routes.post(
      base,
      { config: admin, schema: { body: stationPayloadSchema, response: answers({ 201: stationCodeResponseSchema }) } },
      async (request, reply) =>
        reply.code(201).send({
          result: true as const,
          ...(await service.create(request.body.station, actor(request))),
          station_addresses: addressesFor(request),
        }),
    );
    routes.put(
      `${base}/:id`,
      {
        config: admin,
        schema: {
          params: idParams,
          body: stationPayloadSchema,
          response: answers({ 200: createdResponseSchema.extend(savedResponseSchema.shape) }),
        },
      },
      async (request) => {
        const version = await service.update(request.params.id, request.body.station, actor(request));
        return { result: true as const, id: request.params.id, version };
      },
    );
    routes.delete(
      `${base}/:id`,
      { config: admin, schema: { params: idParams, response: answers({ 200: okResponseSchema }) } },
      async (request) => {
        await service.delete(request.params.id, actor(request));
        return { result: true as const };
      },
    );
    routes.post(
      `${base}/:id/code`,
      { config: admin, schema: { params: idParams, response: answers({ 200: stationCodeResponseSchema }) } },
      async (request) => ({
        result: true as const,
        ...(await service.reissue(request.params.id, actor(request))),
        station_addresses: addressesFor(request),
      }),
    );

    routes.post(
      `${base}/bind`,
      { config: { access: 'public' }, schema: { body: bindRequestSchema, response: answers({ 200: bindResponseSchema }) } },
      async (request, reply) => {
        const bound = await service.bind(request.body.code);
        setStationCookie(reply, bound.token, config);
        request.log.info({ stationId: bound.station.id }, 'station bound');
        return { result: true as const, station: bound.station };
      },
    );
    routes.get(
      `${base}/current`,
      { config: station, schema: { response: answers({ 200: currentStationResponseSchema }) } },
      (request, reply) => ({
        ...request.station!,
        csrf_token: request.auth?.csrfToken ?? startAnonymousSession(reply, sessions, config),
      }),
    );
    routes.get(
      `${base}/workers`,
      { config: station, schema: { response: answers({ 200: z.array(stationWorkerSchema) }) } },
      async (request, reply) => {
        // A station in use keeps its cookie for another 400 days.
        setStationCookie(reply, request.cookies[STATION_COOKIE]!, config);
        return service.workers();
      },
    );
    routes.post(
      `${base}/press_credential`,
      { config: station, schema: { response: answers({ 200: pressCredentialResponseSchema }) } },
      async (request, reply) => {
        // Only for the worker signed in by PIN on this very station.
        const worker = request.auth?.stationId === request.station!.id ? request.auth.user : null;
        if (!worker) return refuse(reply, 403, pressCredentialMessages.stationOnly);
        const issued = await pressCredentials.issue(worker.id, request.station!.id);
        return { result: true as const, token: issued.token, expires_at: toWorkshopIso(issued.expiresAt, config.timeZone) };
      },
    );
    routes.post(
      '/api/login/pin',
      { config: station, schema: { body: pinLoginRequestSchema, response: answers({ 200: loginResponseSchema }) } },
      async (request, reply) => {
        const outcome = await attemptPinLogin(context.db, request.body.employee_id, request.body.pin);
        if (outcome.kind === 'locked')
          return refuse(reply, 429, stationMessages.pinLocked(workshopClockTime(outcome.until, config.timeZone)));
        if (outcome.kind === 'wrong-pin') return refuse(reply, 401, stationMessages.pinWrong);
        if (request.auth?.id) await sessions.end(request.auth.id);
        const started = await startSession(request, reply, sessions, config, outcome.user.id, request.station!.id);
        request.log.info({ employeeId: outcome.user.id, stationId: request.station!.id }, 'signed in by PIN');
        return { result: true as const, user: outcome.user, csrf_token: started.csrfToken };
      },
    );
  };
}
