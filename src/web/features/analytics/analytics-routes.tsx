import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** 分析, for administrators (docs/PRODUCT.md#analytics-screen); its charts load with it, never with the work screen. */
export const analyticsRoutes: RouteObject[] = [
  { path: routePaths.analytics, ...lazyScreen(() => import('./AnalyticsPage.tsx'), 'AnalyticsPage') },
];
