import type { RouteObject } from 'react-router';
import { routePaths } from '../../route-paths.ts';
import { WorkListPage } from './WorkListPage.tsx';

/** 作業時間管理一覧, for every signed-in user (SPEC §6). */
export const workListRoutes: RouteObject[] = [{ path: routePaths.product_cost, element: <WorkListPage /> }];
