import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** 設定管理 → 端末, for administrators. */
export const stationSettingRoutes: RouteObject[] = [
  { path: routePaths.stations, ...lazyScreen(() => import('./StationsPage.tsx'), 'StationsPage') },
];
