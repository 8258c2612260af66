import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lazy-page.ts';
import { routePaths } from '../../route-paths.ts';

const ProcessingFormPage = lazyPage(() => import('./ProcessingFormPage.tsx'), 'ProcessingFormPage');
const ProcessingListPage = lazyPage(() => import('./ProcessingListPage.tsx'), 'ProcessingListPage');

/** 加工内容一覧, 加工内容の新規作成 and 加工内容の編集 (administrators). */
export const processingRoutes: RouteObject[] = [
  { path: routePaths.processing, element: <ProcessingListPage /> },
  { path: routePaths['processing.create'], element: <ProcessingFormPage /> },
  { path: routePaths['processing.show'], element: <ProcessingFormPage /> },
];
