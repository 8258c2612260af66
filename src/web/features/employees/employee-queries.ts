import { useQuery } from '@tanstack/react-query';
import type { EmployeeDetail, EmployeeListItem } from '../../../domain/employees.ts';
import { api } from '../../api/client.ts';
import { readOncePerOpening } from '../../api/form-item-query.ts';
import { masterKeys } from '../../api/query-keys.ts';

/** The list, one employee and the work screen's selector of workers, all under `employeeKeys.all`. */
export const employeeKeys = masterKeys('employee');

/** The active employees by name, for the list and for the form's question about a namesake. */
export const employeeListQuery = { queryKey: employeeKeys.list, queryFn: () => api<EmployeeListItem[]>('GET', '/api/employee') };

export function useEmployeeList() {
  return useQuery(employeeListQuery);
}

/** One employee as they are now, read once per opening of the form (readOncePerOpening), as useNamedMasterItem. */
export function useEmployee(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.item(id),
    queryFn: () => api<EmployeeDetail>('GET', `/api/employee/${id}`),
    enabled: id !== undefined,
    ...readOncePerOpening,
  });
}
