import { MasterList } from '../../components/MasterList.tsx';
import { pathTo } from '../../route-paths.ts';
import { useEmployeeList } from './employee-queries.ts';

/** 従業員一覧: one column 氏名, the family name first. */
export function EmployeeListPage() {
  const list = useEmployeeList();
  return (
    <MasterList
      title="従業員一覧"
      columnLabel="氏名"
      rows={list.data}
      cell={(row) => row.full_name}
      pending={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      createPath={pathTo('employee.create')}
      showPath={(id) => pathTo('employee.show', { employee_id: id })}
    />
  );
}
