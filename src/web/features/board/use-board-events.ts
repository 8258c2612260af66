import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { boardKeys } from '../../api/query-keys.ts';
import { reconnectDelayMs } from './board-stream.ts';

/**
 * Listens to GET /api/events and rereads the board on every event and on `reset`. EventSource's own
 * retries would hammer a stopped server at a fixed pace, so a broken stream is closed and reopened
 * here with back-off. Returns whether the stream is connected.
 */
export function useBoardEvents(): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const reload = () => void queryClient.invalidateQueries({ queryKey: boardKeys.all });
    const open = () => {
      source = new EventSource('/api/events');
      source.onopen = () => {
        // Whatever happened while disconnected is read afresh.
        if (failures > 0) reload();
        failures = 0;
        setConnected(true);
      };
      source.onmessage = reload;
      source.addEventListener('reset', reload);
      source.onerror = () => {
        source?.close();
        failures += 1;
        setConnected(false);
        timer = setTimeout(open, reconnectDelayMs(failures));
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
  return connected;
}
