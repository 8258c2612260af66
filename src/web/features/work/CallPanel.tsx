import { Button, Flex, Paper, Select } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callMessages } from '../../../domain/call-messages.ts';
import type { SelectorItem } from '../../../domain/masters.ts';
import { api, failureMessage } from '../../api/client.ts';
import { boardKeys, masterKeys } from '../../api/query-keys.ts';
import { alertDialog } from '../../components/dialogs.tsx';
import { selectData, touchSelectProps } from './field-props.ts';

/**
 * 呼出 (docs/PRODUCT.md#calls-for-help): a worker calls for help on the job in progress with a reason
 * from 呼出内容; the floor board shows it until someone answers it.
 */
export function CallPanel({ recordId }: { recordId: number | null }) {
  const queryClient = useQueryClient();
  const reasons = useQuery({
    queryKey: masterKeys('call_reason').selector,
    queryFn: () => api<SelectorItem[]>('GET', '/api/call_reason/selector'),
  });
  const [reasonId, setReasonId] = useState<string | null>(null);
  const call = useMutation({
    mutationFn: (id: number) => api<{ result: true; call_id: number }>('POST', `/api/productcost/call/${id}`, { call_reason_id: reasonId }),
    onSuccess: () => alertDialog('呼び出しました。'),
    onError: (error) => alertDialog(failureMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
  const press = () => {
    if (reasonId === null) return void alertDialog(callMessages.reasonRequired);
    if (recordId !== null) call.mutate(recordId);
  };
  return (
    <Paper withBorder radius="md" p="sm" bg="red.0">
      <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
        <Select
          label="呼出内容"
          data={selectData(reasons.data ?? [])}
          value={reasonId}
          onChange={setReasonId}
          // Read once with the screen: on a network that failed then, the worker's tap reads it again.
          error={reasons.isError ? callMessages.reasonsUnread : undefined}
          onDropdownOpen={() => void (reasons.isError && reasons.refetch())}
          disabled={recordId === null}
          style={{ flex: 1, minWidth: 0 }}
          {...touchSelectProps}
        />
        <Button size="xl" h={64} color="red" w={{ base: '100%', xs: 140 }} disabled={recordId === null || call.isPending} onClick={press}>
          呼出
        </Button>
      </Flex>
    </Paper>
  );
}
