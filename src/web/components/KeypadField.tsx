import { TextInput } from '@mantine/core';
import { IconDialpad } from '@tabler/icons-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
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
}

/**
 * A value entered on the numeric keypad: the field shows it under its label, and a tap (or Enter)
 * opens the keypad. No on-screen keyboard appears, since the input itself is read-only.
 */
export function KeypadField({ label, labelNode, value, onChange, rules, disabled, placeholder, inputStyle }: KeypadFieldProps) {
  const [opened, setOpened] = useState(false);
  const open = () => !disabled && setOpened(true);
  return (
    <>
      <TextInput
        label={labelNode ?? label}
        value={value}
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
      <Keypad opened={opened} label={label} value={value} rules={rules} onCommit={onChange} onClose={() => setOpened(false)} />
    </>
  );
}
