import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** product_cost.show: correcting or deleting a record, for administrators (docs/PRODUCT.md#roles-and-access). */
export const recordEditRoutes: RouteObject[] = [
  { path: routePaths['product_cost.show'], ...lazyScreen(() => import('./RecordEditPage.tsx'), 'RecordEditPage') },
];
