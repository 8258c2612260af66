import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lazy-page.ts';
import { routePaths } from '../../route-paths.ts';

const WorkListPage = lazyPage(() => import('./WorkListPage.tsx'), 'WorkListPage');

/** 作業時間管理一覧, for every signed-in user (SPEC §6). */
export const workListRoutes: RouteObject[] = [{ path: routePaths.product_cost, element: <WorkListPage /> }];
