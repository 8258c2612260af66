import type { RouteObject } from 'react-router';
import { routePaths } from '../../route-paths.ts';
import { NamedMasterFormPage } from './NamedMasterFormPage.tsx';
import { NamedMasterListPage } from './NamedMasterListPage.tsx';
import { namedMasterScreens } from './named-master-screens.ts';

/** List, create and edit of each named master, on the routes of SPEC §2. */
export const namedMasterRoutes: RouteObject[] = namedMasterScreens.flatMap((screen) => {
  const { resource } = screen.definition;
  return [
    { path: routePaths[resource], element: <NamedMasterListPage screen={screen} /> },
    { path: routePaths[`${resource}.create`], element: <NamedMasterFormPage screen={screen} /> },
    { path: routePaths[`${resource}.show`], element: <NamedMasterFormPage screen={screen} /> },
  ];
});
