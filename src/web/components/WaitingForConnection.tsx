import { Center, Loader, Stack, Text } from '@mantine/core';

/** In place of a floor screen (a station's tiles, the work screen) while its reads wait for the connection: why the tablet shows nothing yet. */
export function WaitingForConnection() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" role="status">
        <Loader size="lg" />
        <Text fz="xl" fw={700}>
          接続を待っています。
        </Text>
        <Text c="dimmed">ネットワークが戻ると自動で表示します。</Text>
      </Stack>
    </Center>
  );
}
