import type { RouteObject } from 'react-router';
import { routePaths } from '../../route-paths.ts';
import { ProcessingFormPage } from './ProcessingFormPage.tsx';
import { ProcessingListPage } from './ProcessingListPage.tsx';

/** 加工内容一覧, 加工内容の新規作成 and 加工内容の編集 (administrators). */
export const processingRoutes: RouteObject[] = [
  { path: routePaths.processing, element: <ProcessingListPage /> },
  { path: routePaths['processing.create'], element: <ProcessingFormPage /> },
  { path: routePaths['processing.show'], element: <ProcessingFormPage /> },
];
