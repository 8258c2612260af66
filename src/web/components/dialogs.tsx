import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { MouseEvent, PointerEvent } from 'react';
import { isSecondTap } from './second-tap.ts';

/**
 * The second tap of a double tap (a gloved finger that bounces, or a worker who taps twice to be sure)
 * lands where the first one was, on the dialog that the first one answered or opened: it would answer a
 * question unread, or close the message that follows before it is seen. A dialog's buttons ignore it
 * (isSecondTap): the handlers go on the group that holds them, from the moment the dialog is opened.
 */
export function secondTapGuard() {
  const openedAt = performance.now();
  let pointerType = '';
  return {
    onPointerDownCapture: (event: PointerEvent) => {
      pointerType = event.pointerType;
    },
    onClickCapture: (event: MouseEvent) => {
      if (isSecondTap({ detail: event.detail, pointerType, msSinceOpened: performance.now() - openedAt })) event.stopPropagation();
      pointerType = '';
    },
  };
}

/**
 * In-app replacements for window.confirm and window.alert (docs/PRODUCT.md#shared-behaviour): a dialog with the exact
 * text and the buttons OK and キャンセル, awaited like the browser's own. What cannot be undone
 * (deleting, discarding) names itself on a red button instead of OK (`action`, e.g. 削除する). A
 * `warning` (something missing that the answer would make final) stands in red above the question.
 */
export function confirmDialog(text: string, { action, warning }: { action?: string; warning?: string } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      children: (
        <>
          {warning && (
            <Text size="lg" fw={700} c="red.8" mb="xs">
              {warning}
            </Text>
          )}
          <Text size="lg">{text}</Text>
        </>
      ),
      labels: { confirm: action ?? 'OK', cancel: 'キャンセル' },
      confirmProps: action ? { color: 'red' } : undefined,
      groupProps: secondTapGuard(),
      withCloseButton: false,
      centered: true,
      // Answered by its buttons (or Escape) only: the second tap of a double tap on the button that
      // opened it lands beside it, and would otherwise cancel what the first tap asked.
      closeOnClickOutside: false,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** `returnFocus: false` when the caller moves the cursor itself once the dialog is closed (to the field the text speaks of). */
export function alertDialog(text: string, { returnFocus = true }: { returnFocus?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const id = modals.open({
      children: (
        <>
          <Text size="lg" role="alert">
            {text}
          </Text>
          <Group justify="flex-end" mt="lg" {...secondTapGuard()}>
            <Button onClick={() => modals.close(id)} data-autofocus>
              OK
            </Button>
          </Group>
        </>
      ),
      withCloseButton: false,
      centered: true,
      // Read before it goes: a tap beside OK (a double tap's second, landing short of the button) leaves it.
      closeOnClickOutside: false,
      returnFocus,
      onClose: () => resolve(),
    });
  });
}
