/**
 * The code of the screens a job's 終了 and 終業 lead to: the station's tiles, and the work list the
 * work screen is opened from. Their routes load it from here, and the work screen fetches it ahead
 * (use-work-actions.ts), since a press made offline still leads there (docs/PRODUCT.md#offline-presses).
 */
export const stationScreenCode = () => import('./features/station/StationPage.tsx');
export const workListScreenCode = () => import('./features/work-list/WorkListPage.tsx');
