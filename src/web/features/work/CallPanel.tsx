import { Button, Flex, Paper, Select, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callMessages } from '../../../domain/call-messages.ts';
import type { OpenCall, RecordCall } from '../../../domain/calls.ts';
import { clockOf } from '../../../domain/clock-of.ts';
import type { SelectorItem } from '../../../domain/masters.ts';
import { WorkState } from '../../../domain/work-state.ts';
import { answerCall } from '../../api/calls.ts';
import { api, failureMessage } from '../../api/client.ts';
import { boardKeys, masterKeys, productCostKeys } from '../../api/query-keys.ts';
import { useCurrentUser } from '../../api/user.ts';
import { pickReason } from '../../components/ReasonPicker.tsx';
import { alertDialog } from '../../components/dialogs.tsx';
import { selectData, touchSelectProps } from '../../components/select-props.ts';

/** 中断's question for its missing reason comes with this panel's code (ask-reason.ts). */
export { pickReason };

/** How often an open call is read again, to see it answered on the board: a foreman walks over in a minute or so. */
const OPEN_CALL_REREAD_MS = 10_000;

/** The record's open call, under the record's reads, so that every press's reread of the record reads it again too. */
const openCallKey = (recordId: number | null) => [...productCostKeys.all, recordId, 'call'] as const;

export interface CallPanelProps {
  /** The job in progress, or null before its 開始 is sent and once it is finished. */
  recordId: number | null;
  /** The job's state: in 終業 nobody is at the machine until the next shift, and the server takes no call (callRefusal). */
  state: WorkState | 'notStarted';
  /**
   * Whether the job has presses still in the outbox: the server holds the job as it was before them (in
   * 終業, behind an unsent 始業), and a call, sent at once, would be judged by that; it waits for them.
   */
  unsent: boolean;
}

/**
 * 呼出 (docs/PRODUCT.md#calls-for-help): a worker calls for help on the job in progress with a reason
 * from 呼出内容; the floor board shows it until someone answers it. While it is open this panel says
 * so, with 対応済み for when help has come, instead of a 呼出 the server would refuse; in 終業 it says
 * that 呼出 comes back with 始業, in place of a 呼出 the server would refuse too.
 */
export function CallPanel({ recordId, state, unsent }: CallPanelProps) {
  // A sign-out empties the cache under the leaving screen: its reads are not asked for again then.
  const signedIn = useCurrentUser().data != null;
  const queryClient = useQueryClient();
  const openCall = useQuery({
    queryKey: openCallKey(recordId),
    queryFn: () => api<RecordCall>('GET', `/api/productcost/call/${recordId}`),
    enabled: signedIn && recordId !== null,
    // Not after a failed read (a record deleted meanwhile): what it last read is no longer known to hold.
    refetchInterval: (query) => (query.state.status !== 'error' && query.state.data?.call ? OPEN_CALL_REREAD_MS : false),
  });
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: openCallKey(recordId) });
    void queryClient.invalidateQueries({ queryKey: boardKeys.all });
  };
  const answer = useMutation({
    mutationFn: answerCall,
    onError: (error) => alertDialog(failureMessage(error)),
    onSettled: settled,
  });
  const call = recordId === null || openCall.isError ? null : (openCall.data?.call ?? null);
  // Why a job in progress takes no call now, said in place of 呼出.
  const notNow =
    recordId === null ? null : state === WorkState.EndOfDay ? callMessages.endOfDayPanel : unsent ? callMessages.unsentPanel : null;
  return (
    <Paper withBorder radius="md" p="sm" bg="red.0" style={call ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      {call ? (
        <OpenCallView call={call} answering={answer.isPending} onAnswer={() => answer.mutate(call.id)} />
      ) : notNow ? (
        <Text size="lg" c="dimmed" py="xs" role="status">
          {notNow}
        </Text>
      ) : (
        <NewCall recordId={recordId} signedIn={signedIn} onSettled={settled} />
      )}
    </Paper>
  );
}

function OpenCallView({ call, answering, onAnswer }: { call: OpenCall; answering: boolean; onAnswer: () => void }) {
  return (
    <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'center' }}>
      <Text size="xl" fw={700} c="red.8" style={{ flex: 1, minWidth: 0 }} role="status">
        呼出中：{call.reason}（{clockOf(call.called_at)}から）
      </Text>
      <Button size="xl" h={64} color="dark" w={{ base: '100%', xs: 'auto' }} miw={140} loading={answering} onClick={onAnswer}>
        対応済み
      </Button>
    </Flex>
  );
}

function NewCall({ recordId, signedIn, onSettled }: { recordId: number | null; signedIn: boolean; onSettled: () => void }) {
  const reasons = useQuery({
    queryKey: masterKeys('call_reason').selector,
    queryFn: () => api<SelectorItem[]>('GET', '/api/call_reason/selector'),
    enabled: signedIn,
  });
  const [reasonId, setReasonId] = useState<string | null>(null);
  const call = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<{ result: true; call_id: number }>('POST', `/api/productcost/call/${id}`, { call_reason_id: reason }),
    onSuccess: () => alertDialog('呼び出しました。'),
    onError: (error) => alertDialog(failureMessage(error)),
    onSettled,
  });
  // 呼出 pressed before its reason asks which, with a button for each: the one tapped calls. Asked once,
  // however often it is tapped meanwhile.
  const asking = useRef(false);
  const press = async () => {
    if (recordId === null || asking.current) return;
    let reason = reasonId;
    if (reason === null) {
      const offered = reasons.data ?? [];
      // Without reasons to offer (not read), the question is a message; the select reads them again at a tap.
      if (offered.length === 0) return void alertDialog(callMessages.reasonRequired);
      asking.current = true;
      reason = await pickReason(callMessages.reasonRequired, offered);
      asking.current = false;
      if (reason === null) return;
      setReasonId(reason);
    }
    call.mutate({ id: recordId, reason });
  };
  return (
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
      <Button
        size="xl"
        h={64}
        color="red"
        w={{ base: '100%', xs: 140 }}
        disabled={recordId === null || call.isPending}
        onClick={() => void press()}
      >
        呼出
      </Button>
    </Flex>
  );
}
