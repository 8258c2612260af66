import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** 加工内容一覧, 加工内容の新規作成 and 加工内容の編集 (administrators). */
export const processingRoutes: RouteObject[] = [
  { path: routePaths.processing, ...lazyScreen(() => import('./ProcessingListPage.tsx'), 'ProcessingListPage') },
  { path: routePaths['processing.create'], ...lazyScreen(() => import('./ProcessingFormPage.tsx'), 'ProcessingFormPage') },
  { path: routePaths['processing.show'], ...lazyScreen(() => import('./ProcessingFormPage.tsx'), 'ProcessingFormPage') },
];
