import { MasterList } from '../../components/MasterList.tsx';
import { pathTo } from '../../route-paths.ts';
import { useProcessingList } from './processing-queries.ts';

/** 加工内容一覧: one column of processing names; a row opens the processing with its details. */
export function ProcessingListPage() {
  const list = useProcessingList();
  return (
    <MasterList
      title="加工内容一覧"
      columnLabel="加工内容"
      rows={list.data}
      cell={(row) => row.name}
      pending={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      createPath={pathTo('processing.create')}
      showPath={(id) => pathTo('processing.show', { processing_id: id })}
    />
  );
}
