import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lazy-page.ts';
import { routePaths } from '../../route-paths.ts';
import { namedMasterScreens } from './named-master-screens.ts';

const NamedMasterFormPage = lazyPage(() => import('./NamedMasterFormPage.tsx'), 'NamedMasterFormPage');
const NamedMasterListPage = lazyPage(() => import('./NamedMasterListPage.tsx'), 'NamedMasterListPage');

/** List, create and edit of each named master, on the routes of SPEC §2. */
export const namedMasterRoutes: RouteObject[] = namedMasterScreens.flatMap((screen) => {
  const { resource } = screen.definition;
  return [
    { path: routePaths[resource], element: <NamedMasterListPage screen={screen} /> },
    { path: routePaths[`${resource}.create`], element: <NamedMasterFormPage screen={screen} /> },
    { path: routePaths[`${resource}.show`], element: <NamedMasterFormPage screen={screen} /> },
  ];
});
