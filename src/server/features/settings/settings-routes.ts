import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../domain/responses.ts';
import { settingsPayloadSchema, settingsSchema } from '../../../domain/settings.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import type { AppContext } from '../../context.ts';
import { answers } from '../../responses.ts';
import { readSettings, writeSettings } from '../../settings/settings-repository.ts';

/** GET and PUT /api/setting (docs/API.md#settings): read by every signed-in user, set by administrators. */
export function settingRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get('/api/setting', { config: { access: 'user' }, schema: { response: answers({ 200: settingsSchema }) } }, () =>
      readSettings(context.db),
    );
    routes.put(
      '/api/setting',
      { config: { access: 'admin' }, schema: { body: settingsPayloadSchema, response: answers({ 200: okResponseSchema }) } },
      async (request) => {
        const actorId = request.auth!.user!.id;
        await context.db.transaction().execute(async (trx) => {
          const before = await readSettings(trx);
          const at = context.clock().toISOString();
          await writeSettings(trx, request.body.setting, at, actorId);
          await writeAudit(trx, { entity: 'settings', entityId: 1, action: 'update', actorId, at, before, after: request.body.setting });
        });
        return { result: true as const };
      },
    );
  };
}
