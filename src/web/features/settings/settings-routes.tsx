import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/**
 * 各種設定管理, for administrators. Lazy like the master screens it leads to: its 要確認 form checks
 * with the server's zod schema and draws a NumberInput, which a tablet's first load has no use for.
 */
export const settingsRoutes: RouteObject[] = [
  { path: routePaths.setting, ...lazyScreen(() => import('./SettingsPage.tsx'), 'SettingsPage') },
];
