import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';
import { workListScreenCode } from '../../screen-code.ts';

/** 作業時間管理一覧, for every signed-in user (docs/PRODUCT.md#roles-and-access). */
export const workListRoutes: RouteObject[] = [{ path: routePaths.product_cost, ...lazyScreen(workListScreenCode, 'WorkListPage') }];
