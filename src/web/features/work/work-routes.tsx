import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyFirstScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';
import { prefetchWorkOptions } from './work-queries.ts';

/**
 * 作業時間管理 for every signed-in worker. One screen serves both addresses; as their common parent
 * it stays mounted when 開始 moves from create to resume, instead of being built again.
 */
export function workRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      ...lazyFirstScreen(() => import('./WorkPage.tsx'), 'WorkPage'),
      // The router runs it beside the screen's lazy code; it returns at once, so the screen waits
      // on no list it did not wait on before.
      loader: () => {
        prefetchWorkOptions(queryClient);
        return null;
      },
      // Only the opening needs it: once mounted, the screen's own queries keep its lists, and 開始's
      // move from create to resume would otherwise ask for them again.
      shouldRevalidate: () => false,
      // The children only name the addresses; they render nothing of their own (null said outright,
      // or the router warns that a leaf route has no element).
      children: [
        { path: routePaths['product_cost.create'], element: null },
        { path: routePaths['product_cost.resume'], element: null },
      ],
    },
  ];
}
