import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError, failureMessage } from '../api/client.ts';

/**
 * Whether the server refused the request as bad input (a reversed date range in the address): asking
 * again gets the same answer, and nothing failed to load.
 */
export function isRefusedInput(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/** What a screen shows when its data did not load: the reason and, where it can help, a way to try again. */
export function LoadError({ error, onRetry, title = '読み込みに失敗しました。' }: { error: unknown; onRetry: () => void; title?: string }) {
  const reason = failureMessage(error);
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{reason}</Text>
        {!isRefusedInput(error) && (
          <Button color="red" variant="outline" onClick={onRetry}>
            再読み込み
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
