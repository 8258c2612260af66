import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lazy-screen.ts';
import { routePaths } from '../../route-paths.ts';

/** 従業員一覧, 従業員の新規作成 and 従業員の編集 (administrators). */
export const employeeRoutes: RouteObject[] = [
  { path: routePaths.employee, ...lazyScreen(() => import('./EmployeeListPage.tsx'), 'EmployeeListPage') },
  { path: routePaths['employee.create'], ...lazyScreen(() => import('./EmployeeFormPage.tsx'), 'EmployeeFormPage') },
  { path: routePaths['employee.show'], ...lazyScreen(() => import('./EmployeeFormPage.tsx'), 'EmployeeFormPage') },
];
