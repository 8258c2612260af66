import { TextInput } from '@mantine/core';
import { IconDialpad } from '@tabler/icons-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Keypad } from './Keypad.tsx';
import type { KeypadRules } from './keypad-input.ts';

interface KeypadFieldProps {
  label: string;
  /** Shown instead of the label, e.g. with the 必須 badge; the keypad is titled with `label`. */
  labelNode?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  rules?: KeypadRules;
  disabled?: boolean;
  placeholder?: string;
  /** Added to the input's style, e.g. to keep a disabled value readable. */
  inputStyle?: CSSProperties;
  /** How the field shows the value (the keypad shows it as typed), e.g. a count's thousands grouped. */
  format?: (value: string) => string;
}

/**
 * A value entered on the numeric keypad: the field shows it under its label, and a tap (or Enter)
 * opens the keypad. No on-screen keyboard appears, since the input itself is read-only.
 */
export function KeypadField({ label, labelNode, value, onChange, rules, disabled, placeholder, inputStyle, format }: KeypadFieldProps) {
  const [opened, setOpened] = useState(false);
  // The keypad's dialog is built at its first opening, not with the field: the work screen's six
  // fields each drew a closed dialog (its portal, focus and scroll handling) before 開始 could be
  // pressed. It is built closed and then opened, as if it had always been there, so that it opens
  // with its transition and gives the focus back to the field when it closes; it stays afterwards.
  const [keypadBuilt, setKeypadBuilt] = useState(false);
  const open = () => {
    if (disabled) return;
    if (!keypadBuilt) flushSync(() => setKeypadBuilt(true));
    setOpened(true);
  };
  return (
    <>
      <TextInput
        label={labelNode ?? label}
        value={format ? format(value) : value}
        placeholder={placeholder}
        readOnly
        inputMode="none"
        autoComplete="off"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          open();
        }}
        rightSection={disabled ? undefined : <IconDialpad size={24} aria-hidden />}
        rightSectionPointerEvents="none"
        styles={{
          input: { cursor: disabled ? undefined : 'pointer', fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600, ...inputStyle },
        }}
      />
      {keypadBuilt && (
        <Keypad opened={opened} label={label} value={value} rules={rules} onCommit={onChange} onClose={() => setOpened(false)} />
      )}
    </>
  );
}
