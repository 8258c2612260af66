import { namedMasters } from '../../../domain/masters.ts';
import { namedMasterRoutes } from './masters-routes.ts';

export const machineRoutes = namedMasterRoutes(namedMasters.machine, 'machines', { selector: false });
export const companyRoutes = namedMasterRoutes(namedMasters.company, 'companies', { selector: false });
export const interruptionRoutes = namedMasterRoutes(namedMasters.interruption, 'interruptions', { selector: true });
export const paperSizeRoutes = namedMasterRoutes(namedMasters.paper_size, 'paper_sizes', { selector: true });
export const callReasonRoutes = namedMasterRoutes(namedMasters.call_reason, 'call_reasons', { selector: true });

/** Processings are named masters too: the catalog keeps their rows through the same store. */
export * as namedMasterStore from './masters-repository.ts';
