import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lazy-page.ts';
import { routePaths } from '../../route-paths.ts';

const EmployeeFormPage = lazyPage(() => import('./EmployeeFormPage.tsx'), 'EmployeeFormPage');
const EmployeeListPage = lazyPage(() => import('./EmployeeListPage.tsx'), 'EmployeeListPage');

/** 従業員一覧, 従業員の新規作成 and 従業員の編集 (administrators). */
export const employeeRoutes: RouteObject[] = [
  { path: routePaths.employee, element: <EmployeeListPage /> },
  { path: routePaths['employee.create'], element: <EmployeeFormPage /> },
  { path: routePaths['employee.show'], element: <EmployeeFormPage /> },
];
