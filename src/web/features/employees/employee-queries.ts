import { useQuery } from '@tanstack/react-query';
import type { EmployeeDetail, EmployeeListItem } from '../../../domain/employees.ts';
import { api } from '../../api/client.ts';

/** ['employee'] holds the list and ['employee', id] one employee, so invalidating ['employee'] refreshes both. */
export const employeeQueryKey = ['employee'] as const;

export function useEmployeeList() {
  return useQuery({ queryKey: employeeQueryKey, queryFn: () => api<EmployeeListItem[]>('GET', '/api/employee') });
}

export function useEmployee(id: number | undefined) {
  return useQuery({
    queryKey: [...employeeQueryKey, id],
    queryFn: () => api<EmployeeDetail>('GET', `/api/employee/${id}`),
    enabled: id !== undefined,
  });
}
