import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Board } from '../../../domain/board.ts';
import { answerCall } from '../../api/calls.ts';
import { api } from '../../api/client.ts';
import { boardKeys } from '../../api/query-keys.ts';
import { BOARD_REREAD_MS } from './board-layout.ts';

/**
 * The board's data, for one machine or the whole floor: read again on every event and every minute. A
 * read again keeps the data shown until its answer comes, so the tiles never flicker.
 */
export function useBoard(machineId: number | null) {
  return useQuery({
    queryKey: boardKeys.machine(machineId),
    queryFn: () => api<Board>('GET', machineId === null ? '/api/board' : `/api/board?machine_id=${machineId}`),
    refetchInterval: BOARD_REREAD_MS,
  });
}

/**
 * 対応済み: answers an open call, then rereads the board (the event would too, a moment later). A
 * failure is not followed by a reread of its own, which would take its message off the screen at once.
 */
export function useAnswerCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
