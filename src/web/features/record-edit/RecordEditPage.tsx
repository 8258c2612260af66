import { Box, LoadingOverlay } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadError } from '../../components/LoadError.tsx';
import { Page } from '../../components/Page.tsx';
import { parseRouteId } from '../../route-paths.ts';
import { NotFoundPage } from '../not-found/index.ts';
import { useWorkOptions } from '../work/index.ts';
import { jobCostQuery, useEditRecord } from './record-edit-queries.ts';
import { RecordEditScreen } from './RecordEditScreen.tsx';

const RECORD_EDIT_TITLE = '作業記録の編集';

/**
 * product_cost.show, for administrators. The lists to choose from and the record load together;
 * an id that is not a number is no record anyone linked to, so it is not found.
 */
export function RecordEditPage() {
  const id = parseRouteId(useParams().product_cost_id ?? '');
  if (id === null) return <NotFoundPage />;
  // Keyed by record, so that nothing typed for one record survives into another.
  return <RecordEditLoader key={id} id={id} />;
}

function RecordEditLoader({ id }: { id: number }) {
  const { options, error: optionsError, retry } = useWorkOptions();
  const record = useEditRecord(id);
  // 原価と稼働 is asked for with the record, not after it; its failure is its section's alone.
  usePrefetchQuery(jobCostQuery(id));
  // A refetch that fails later (the record deleted meanwhile) must not take the form away.
  const error = optionsError ?? (record.isLoadingError ? record.error : undefined);
  const retryAll = () => {
    retry();
    if (record.isError) void record.refetch();
  };
  return (
    <Page title={RECORD_EDIT_TITLE} size="xl">
      {error ? (
        <LoadError error={error} onRetry={retryAll} />
      ) : options && record.data ? (
        <RecordEditScreen record={record.data} options={options} />
      ) : (
        <Box pos="relative" mih={320}>
          <LoadingOverlay visible loaderProps={{ size: 'xl', 'aria-label': '読み込み中' }} />
        </Box>
      )}
    </Page>
  );
}
