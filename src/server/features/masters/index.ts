import { namedMasters } from '../../../domain/masters.ts';
import { namedMasterRoutes } from './named-master-routes.ts';

export const machineRoutes = namedMasterRoutes(namedMasters.machine, 'machines', { selector: false });
export const companyRoutes = namedMasterRoutes(namedMasters.company, 'companies', { selector: false });
export const interruptionRoutes = namedMasterRoutes(namedMasters.interruption, 'interruptions', { selector: true });
export const paperSizeRoutes = namedMasterRoutes(namedMasters.paper_size, 'paper_sizes', { selector: true });
