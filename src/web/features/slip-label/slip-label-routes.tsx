import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** ラベル印刷, for every signed-in user (docs/PRODUCT.md#slip-label); bwip-js loads with it, never with the work screen. */
export const slipLabelRoutes: RouteObject[] = [
  { path: routePaths['product_cost.label'], ...lazyScreen(() => import('./SlipLabelPage.tsx'), 'SlipLabelPage') },
];
