import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';
import { namedMasterScreens } from './named-master-screens.ts';

/** List, create and edit of each named master, on the routes of docs/PRODUCT.md#routes. */
export const namedMasterRoutes: RouteObject[] = namedMasterScreens.flatMap((screen) => {
  const { resource } = screen.definition;
  return [
    { path: routePaths[resource], ...lazyScreen(() => import('./NamedMasterListPage.tsx'), 'NamedMasterListPage', { screen }) },
    { path: routePaths[`${resource}.create`], ...lazyScreen(() => import('./NamedMasterFormPage.tsx'), 'NamedMasterFormPage', { screen }) },
    { path: routePaths[`${resource}.show`], ...lazyScreen(() => import('./NamedMasterFormPage.tsx'), 'NamedMasterFormPage', { screen }) },
  ];
});
