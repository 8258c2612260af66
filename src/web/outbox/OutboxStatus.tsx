import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { confirmDialog } from '../components/dialogs.tsx';
import { dismissRefused } from './outbox.ts';
import type { StoredPress } from './outbox-store.ts';
import { outboxTexts } from './outbox-texts.ts';
import { useOnline, useOutbox } from './use-outbox.ts';

/**
 * The outbox for the worker (docs/PRODUCT.md#offline-presses): how many presses wait, large enough to
 * read from the machine, and each press the server refused, with what was pressed, when, and why,
 * kept until someone has told the administrator.
 */
export function OutboxStatus() {
  const outbox = useOutbox();
  const online = useOnline();
  if (!outbox) return null;
  const waiting = outbox.unsent.length;
  return (
    <>
      {(waiting > 0 || !online) && (
        <Paper radius="md" px="lg" py="sm" bg="orange.0" bd="2px solid var(--mantine-color-orange-6)" data-testid="outbox">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="md" wrap="nowrap">
              {!online && (
                <Badge size="xl" color="gray.8" radius="sm">
                  {outboxTexts.offline}
                </Badge>
              )}
              <Text fz={28} fw={800} c="orange.9" role="status" data-testid="outbox-unsent">
                {outboxTexts.unsent(waiting)}
              </Text>
            </Group>
            {waiting > 0 && (
              <Text size="lg" fw={600} c="orange.9">
                {outboxTexts.willSend}
              </Text>
            )}
          </Group>
        </Paper>
      )}
      {outbox.refused.length > 0 && <RefusedPresses presses={outbox.refused} />}
    </>
  );
}

/** When a press was made, as the tablet's clock read it: 11/24 10:32. */
function pressTime(pressedAt: string): string {
  return new Date(pressedAt).toLocaleString('ja-JP', { month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function RefusedPresses({ presses }: { presses: StoredPress[] }) {
  const dismiss = async (press: StoredPress) => {
    if (await confirmDialog(outboxTexts.confirmDismiss)) await dismissRefused(press);
  };
  return (
    <Paper radius="md" px="lg" py="sm" bg="red.0" bd="2px solid var(--mantine-color-red-6)" data-testid="outbox-refused">
      <Text fz="xl" fw={800} c="red.9">
        {outboxTexts.refusedTitle}
      </Text>
      <Text size="md" c="red.9" mb="xs">
        {outboxTexts.refusedHint}
      </Text>
      <Stack gap="xs">
        {presses.map((press) => (
          <Group key={press.seq} justify="space-between" wrap="nowrap" gap="sm" data-testid="refused-press">
            <Stack gap={0} flex={1} miw={0}>
              <Group gap="lg" fz="lg" fw={700}>
                <span>{press.label}</span>
                <span>作業伝票No {press.slipNo}</span>
                <span>{pressTime(press.pressedAt)}</span>
              </Group>
              <Text size="md">{press.refused?.message}</Text>
            </Stack>
            <Button size="lg" variant="outline" color="red" flex="none" onClick={() => void dismiss(press)}>
              {outboxTexts.dismiss}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
