import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** 現場モニター, for every signed-in user (docs/PRODUCT.md#floor-board). */
export const boardRoutes: RouteObject[] = [{ path: routePaths.board, ...lazyScreen(() => import('./BoardPage.tsx'), 'BoardPage') }];
