import { MasterList } from '../../components/MasterList.tsx';
import { useNamedMasterList } from './named-master-queries.ts';
import { namedMasterPaths, type NamedMasterScreen } from './named-master-screens.ts';

/** 加工機一覧, 会社一覧, 中断内容一覧 and 用紙サイズ一覧: one column of names. */
export function NamedMasterListPage({ screen }: { screen: NamedMasterScreen }) {
  const list = useNamedMasterList(screen.definition);
  const paths = namedMasterPaths(screen.definition);
  return (
    <MasterList
      title={screen.listTitle}
      columnLabel={screen.columnLabel}
      rows={list.data}
      cell={(row) => row.name}
      pending={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      createPath={paths.create}
      showPath={paths.show}
    />
  );
}
