import { LoadingOverlay } from '@mantine/core';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';
import { stationScreenCode } from '../../screen-code.ts';

/** /station: open to every browser, as the tablet is not signed in when it shows the tiles. */
export const stationRoute: RouteObject = {
  path: routePaths.station,
  ...lazyScreen(stationScreenCode, 'StationPage'),
  // Shown while the screen's code arrives.
  hydrateFallbackElement: <LoadingOverlay visible />,
};
