import type { RouteObject } from 'react-router';
import { lazyFirstScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/**
 * 作業時間管理 for every signed-in worker. One screen serves both addresses; as their common parent
 * it stays mounted when 開始 moves from create to resume, instead of being built again.
 */
export const workRoutes: RouteObject[] = [
  {
    ...lazyFirstScreen(() => import('./WorkPage.tsx'), 'WorkPage'),
    // The children only name the addresses; they render nothing of their own (null said outright,
    // or the router warns that a leaf route has no element).
    children: [
      { path: routePaths['product_cost.create'], element: null },
      { path: routePaths['product_cost.resume'], element: null },
    ],
  },
];
