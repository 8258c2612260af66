import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { messages } from '../../domain/messages.ts';

const reload = () => window.location.reload();

/**
 * In place of a screen whose code could not be fetched (the network lost before the tablet ever kept
 * it, or a version deployed since): why, and the page loaded again as soon as the browser reports the
 * network back, since nobody may be at a station's tablet to press 再読み込み.
 */
export function ScreenNotLoaded() {
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <Alert color="red" title="読み込みに失敗しました。" role="alert" m="md">
      <Stack gap="sm" align="flex-start">
        <Text>{messages.http.network}</Text>
        <Text>ネットワークが戻ると自動で表示します。</Text>
        <Button color="red" variant="outline" onClick={reload}>
          再読み込み
        </Button>
      </Stack>
    </Alert>
  );
}
