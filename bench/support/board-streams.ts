/** What a board receives of one change: the record and the action, as GET /api/events sends them. */
export interface BoardEvent {
  type: string;
  product_cost_id: number;
  /** performance.now() of this process when the event's data line arrived. */
  arrivedAt: number;
}

export interface BoardStreams {
  /** Resolves once every stream has answered 200 and is listening. */
  ready: Promise<void>;
  /** Ends every stream. */
  close(): void;
}

/**
 * `count` floor boards listening to GET /api/events as the board does, each reading its stream to the
 * end and handing every event to `onEvent` with the moment it arrived.
 */
export function openBoardStreams(
  baseUrl: string,
  headers: Record<string, string>,
  count: number,
  onEvent: (board: number, event: BoardEvent) => void,
): BoardStreams {
  const controller = new AbortController();
  const listening = Array.from({ length: count }, (_, board) => listen(board));
  async function listen(board: number): Promise<() => Promise<void>> {
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`board ${board}: GET /api/events answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    return async () => {
      let pending = '';
      for (;;) {
        const part = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (part.done) return;
        const arrivedAt = performance.now();
        pending += part.value;
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          if (!line.startsWith('data: ')) continue;
          const data = JSON.parse(line.slice('data: '.length)) as { type: string; product_cost_id: number };
          onEvent(board, { type: data.type, product_cost_id: data.product_cost_id, arrivedAt });
        }
      }
    };
  }
  return {
    ready: Promise.all(listening).then((readers) => {
      for (const read of readers) void read();
    }),
    close: () => controller.abort(),
  };
}
