import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SelectorItem } from '../../domain/responses.ts';
import { secondTapGuard } from './dialogs.tsx';
import classes from './reason-picker.module.css';

/**
 * The question a press asks when its reason was not chosen first (中断内容を選択してください。), with a large
 * button for each reason: a worker in gloves picks it in one tap, instead of reading a refusal, closing
 * it and opening the select for a second try. Answers the chosen reason's id, or null at キャンセル and
 * Escape. The buttons ignore a double tap's second tap (secondTapGuard), which lands where the press was.
 */
export function pickReason(question: string, reasons: readonly SelectorItem[]): Promise<string | null> {
  return new Promise((resolve) => {
    let chosen: string | null = null;
    const answer = (reasonId: string | null) => {
      chosen = reasonId;
      modals.close(id);
    };
    const id = modals.open({
      children: (
        <div {...secondTapGuard()}>
          <Text size="lg" role="alert">
            {question}
          </Text>
          <div className={classes.reasons}>
            {reasons.map((reason) => (
              <Button
                key={reason.id}
                variant="default"
                size="xl"
                mih={64}
                h="auto"
                py="xs"
                styles={{ label: { whiteSpace: 'normal' } }}
                onClick={() => answer(String(reason.id))}
              >
                {reason.name}
              </Button>
            ))}
          </div>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" size="lg" onClick={() => answer(null)}>
              キャンセル
            </Button>
          </Group>
        </div>
      ),
      withCloseButton: false,
      centered: true,
      size: 'lg',
      closeOnClickOutside: false,
      onClose: () => resolve(chosen),
    });
  });
}
