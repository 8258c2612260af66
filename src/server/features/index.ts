import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { analyticsRoutes } from './analytics/analytics-routes.ts';
import { boardRoutes } from './board/board-routes.ts';
import { callRoutes } from './calls/calls-routes.ts';
import { catalogRoutes } from './catalog/catalog-routes.ts';
import { employeeRoutes } from './employees/employees-routes.ts';
import { callReasonRoutes, companyRoutes, interruptionRoutes, machineRoutes, paperSizeRoutes } from './masters/index.ts';
import { editRoutes } from './record-edit/record-edit-routes.ts';
import { stationRoutes } from './stations/stations-routes.ts';
import { settingRoutes } from './settings/settings-routes.ts';
import { listRoutes } from './work-list/work-list-routes.ts';
import { workRoutes } from './work/work-routes.ts';

type FeatureRoutes = (context: AppContext) => (app: FastifyInstance) => Promise<void>;

/** Each feature's routes, registered in this order by buildApp. */
export const featureRoutes: FeatureRoutes[] = [
  machineRoutes,
  companyRoutes,
  interruptionRoutes,
  paperSizeRoutes,
  catalogRoutes,
  employeeRoutes,
  workRoutes,
  listRoutes,
  editRoutes,
  stationRoutes,
  analyticsRoutes,
  callReasonRoutes,
  callRoutes,
  settingRoutes,
  boardRoutes,
];
