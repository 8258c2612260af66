import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { EDIT_TIME_EXAMPLE, isUnreadableEditTime } from '../../../domain/edit-time.ts';
import { editMessages } from '../../../domain/product-cost-edit.ts';

/** Long enough for any accepted form; the server refuses longer text outright. */
const MAX_LENGTH = 40;

/**
 * A time typed as text (docs/PRODUCT.md#record-editor), e.g. 2026/11/22 08:30 or with seconds. It is
 * read when saving, so a half-typed value never jumps about while typing; text that is no time is
 * marked under the field once it is left, where the one correcting it is looking, and the mark goes
 * as soon as it is typed into again.
 */
export function EditTimeInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  // The text the field was left with: marked while it is still the field's text and no time.
  const [leftWith, setLeftWith] = useState<string | null>(null);
  return (
    <TextInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => setLeftWith(value)}
      error={leftWith === value && isUnreadableEditTime(value) ? editMessages.unreadableTime : undefined}
      placeholder={EDIT_TIME_EXAMPLE}
      maxLength={MAX_LENGTH}
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
