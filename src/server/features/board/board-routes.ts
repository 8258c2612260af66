import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardSchema } from '../../../domain/board.ts';
import { idText } from '../../../domain/fields.ts';
import type { AppContext } from '../../context.ts';
import { answers } from '../../responses.ts';
import { BoardService } from './board-service.ts';

/** GET /api/board (docs/API.md#floor-board-any-signed-in-user): what the floor board shows, for every signed-in user. */
export function boardRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new BoardService(context.db, context.config.timeZone, context.clock);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/board',
      {
        config: { access: 'user' },
        schema: { querystring: z.object({ machine_id: idText().optional() }), response: answers({ 200: boardSchema }) },
      },
      (request) => service.board(request.query.machine_id),
    );
  };
}
