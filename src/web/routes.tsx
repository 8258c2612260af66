import { LoadingOverlay } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout, RequireAdmin } from './components/AppLayout.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { MenuPage } from './features/menu/MenuPage.tsx';
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx';
import { settingsRoutes } from './features/settings/settings-routes.tsx';
import { processingRoutes } from './features/catalog/processing-routes.tsx';
import { employeeRoutes } from './features/employees/employee-routes.tsx';
import { namedMasterRoutes } from './features/masters/named-master-routes.tsx';
import { recordEditRoutes } from './features/record-edit/record-edit-routes.tsx';
import { workListRoutes } from './features/work-list/work-list-routes.tsx';
import { workRoutes } from './features/work/work-routes.tsx';
import { stationRoute } from './features/station/station-routes.tsx';
import { stationSettingRoutes } from './features/stations/stations-routes.tsx';
import { boardRoutes } from './features/board/board-routes.tsx';
import { analyticsRoutes } from './features/analytics/analytics-routes.tsx';
import { slipLabelRoutes } from './features/slip-label/slip-label-routes.tsx';
import { routePaths } from './route-paths.ts';

/** Administrator screens, each behind RequireAdmin. */
const adminRoutes: RouteObject[] = [
  ...settingsRoutes,
  ...namedMasterRoutes,
  ...processingRoutes,
  ...employeeRoutes,
  ...recordEditRoutes,
  ...stationSettingRoutes,
  ...analyticsRoutes,
];

/** Screens for every signed-in user. */
function userRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: routePaths.home, element: <MenuPage /> },
    ...workListRoutes,
    ...workRoutes(queryClient),
    ...boardRoutes,
    ...slipLabelRoutes,
  ];
}

/** Made with the app's query client, so that a route can start its screen's reads beside its code. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    { path: routePaths.login, element: <LoginPage /> },
    stationRoute,
    {
      element: <AppLayout />,
      // Shown while the first screen's code arrives.
      hydrateFallbackElement: <LoadingOverlay visible />,
      children: [
        ...userRoutes(queryClient),
        { element: <RequireAdmin />, children: adminRoutes },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
