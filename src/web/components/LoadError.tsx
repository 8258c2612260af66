import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError } from '../api/client.ts';
import { messages } from '../../domain/messages.ts';

/**
 * Whether asking again may answer otherwise: not when the server refused the request itself (a
 * reversed date range, a record that is gone), only when it failed, timed out or was too busy.
 */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status < 400 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** What a screen shows when its data did not load: the reason and, where it can help, a way to try again. */
export function LoadError({ error, onRetry, title = '読み込みに失敗しました。' }: { error: unknown; onRetry: () => void; title?: string }) {
  const reason = error instanceof ApiError ? error.errorMessage : messages.http.serverError;
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{reason}</Text>
        {isRetryable(error) && (
          <Button color="red" variant="outline" onClick={onRetry}>
            再読み込み
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
