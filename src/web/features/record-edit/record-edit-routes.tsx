import type { RouteObject } from 'react-router';
import { routePaths } from '../../route-paths.ts';
import { RecordEditPage } from './RecordEditPage.tsx';

/** product_cost.show: correcting or deleting a record, for administrators (SPEC §6). */
export const recordEditRoutes: RouteObject[] = [{ path: routePaths['product_cost.show'], element: <RecordEditPage /> }];
