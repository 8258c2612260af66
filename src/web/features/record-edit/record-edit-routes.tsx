import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lazy-page.ts';
import { routePaths } from '../../route-paths.ts';

const RecordEditPage = lazyPage(() => import('./RecordEditPage.tsx'), 'RecordEditPage');

/** product_cost.show: correcting or deleting a record, for administrators (SPEC §6). */
export const recordEditRoutes: RouteObject[] = [{ path: routePaths['product_cost.show'], element: <RecordEditPage /> }];
