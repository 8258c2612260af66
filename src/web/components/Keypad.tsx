import { Box, Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  canCommit,
  defaultKeypadRules,
  isKeyEnabled,
  onKeypadsAbandoned,
  keypadKeyOf,
  openDraft,
  pressKey,
  type KeypadKey,
  type KeypadRules,
} from './keypad-input.ts';

const rows: KeypadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', 'backspace'];
const KEY_HEIGHT = 64;

interface KeypadProps {
  opened: boolean;
  /** The field's label, which titles the keypad so that the worker sees what is being entered. */
  label: string;
  value: string;
  rules?: KeypadRules;
  /** A secret (a PIN): the display shows a dot per character. */
  masked?: boolean;
  onCommit: (value: string) => void;
  onClose: () => void;
}

/**
 * The numeric keypad of docs/PRODUCT.md#keypad, 350px wide: 1 2 3 / 4 5 6 / 7 8 9 / 0 - ⌫ / OK. Only OK changes the
 * field; closing it any other way leaves the old value.
 */
export function Keypad({ opened, label, value, rules = defaultKeypadRules, masked = false, onCommit, onClose }: KeypadProps) {
  const [draft, setDraft] = useState(() => openDraft(value));
  // Every opening starts from the field's current value, not from what an abandoned one held.
  const [shownOpen, setShownOpen] = useState(opened);
  if (opened !== shownOpen) {
    setShownOpen(opened);
    if (opened) setDraft(openDraft(value));
  }

  useEffect(() => (opened ? onKeypadsAbandoned(onClose) : undefined), [opened, onClose]);

  const press = (key: KeypadKey) => setDraft((current) => pressKey(current, key, rules));
  const committable = canCommit(draft, rules);
  // Whether the value it opened with may be taken as it is (a count: yes; a PIN: not before it is typed).
  const openedCommittable = canCommit(openDraft(value), rules);
  const commit = () => {
    if (!committable) return;
    onCommit(draft.text);
    onClose();
  };
  const typed = (event: KeyboardEvent) => {
    const key = keypadKeyOf(event.key);
    if (event.key === 'Enter') commit();
    else if (key) press(key);
    else return;
    // Handled here: Enter must not also press the focused key.
    event.preventDefault();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={label}
      size={350}
      centered
      // 48 px, as every target for a gloved finger (Mantine's xl is 44).
      closeButtonProps={{ size: '48px', 'aria-label': '閉じる' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      <Stack gap="sm" onKeyDown={typed}>
        <Box
          data-testid="keypad-value"
          // Focus starts on OK, or here while OK waits for more digits (a PIN): a disabled button takes
          // no focus, and the keys typed on a keyboard reach this keypad only from within it.
          tabIndex={-1}
          data-autofocus={openedCommittable ? undefined : true}
          aria-live="polite"
          px="md"
          py="xs"
          bd="2px solid var(--mantine-color-gray-4)"
          bg={draft.fresh ? 'blue.1' : 'gray.0'}
          style={{ borderRadius: 'var(--mantine-radius-md)', textAlign: 'right', minHeight: KEY_HEIGHT, overflowWrap: 'anywhere' }}
        >
          <Text fz={32} fw={700} ff="monospace" lh={1.5}>
            {(masked ? '●'.repeat(draft.text.length) : draft.text) || '\u00a0'}
          </Text>
        </Box>
        <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
          {rows.map((key) => (
            <Button
              key={key}
              variant="default"
              h={KEY_HEIGHT}
              fz={28}
              disabled={!isKeyEnabled(key, rules)}
              aria-label={key === 'backspace' ? '1文字消す' : undefined}
              onClick={() => press(key)}
            >
              {key === 'backspace' ? <IconBackspace size={32} aria-hidden /> : key}
            </Button>
          ))}
        </SimpleGrid>
        <Button h={KEY_HEIGHT} fz={24} onClick={commit} disabled={!committable} data-autofocus={openedCommittable ? true : undefined}>
          OK
        </Button>
      </Stack>
    </Modal>
  );
}
