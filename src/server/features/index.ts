import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

type FeatureRoutes = (context: AppContext) => (app: FastifyInstance) => Promise<void>;

/** Each feature's routes, registered in this order by buildApp. */
export const featureRoutes: FeatureRoutes[] = [];
