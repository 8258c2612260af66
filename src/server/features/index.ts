import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { companyRoutes, interruptionRoutes, machineRoutes, paperSizeRoutes } from './masters/index.ts';

type FeatureRoutes = (context: AppContext) => (app: FastifyInstance) => Promise<void>;

/** Each feature's routes, registered in this order by buildApp. */
export const featureRoutes: FeatureRoutes[] = [machineRoutes, companyRoutes, interruptionRoutes, paperSizeRoutes];
