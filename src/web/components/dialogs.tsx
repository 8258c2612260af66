import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * In-app replacements for window.confirm and window.alert (docs/PRODUCT.md#shared-behaviour): a dialog with the exact
 * text and the buttons OK and キャンセル, awaited like the browser's own.
 */
export function confirmDialog(text: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      children: <Text size="lg">{text}</Text>,
      labels: { confirm: 'OK', cancel: 'キャンセル' },
      withCloseButton: false,
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export function alertDialog(text: string): Promise<void> {
  return new Promise((resolve) => {
    const id = modals.open({
      children: (
        <>
          <Text size="lg" role="alert">
            {text}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button onClick={() => modals.close(id)} data-autofocus>
              OK
            </Button>
          </Group>
        </>
      ),
      withCloseButton: false,
      centered: true,
      onClose: () => resolve(),
    });
  });
}
