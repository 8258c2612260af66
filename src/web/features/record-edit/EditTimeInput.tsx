import { TextInput, type TextInputProps } from '@mantine/core';
import { EDIT_TIME_EXAMPLE } from '../../../domain/edit-time.ts';

/** Long enough for any accepted form; the server refuses longer text outright. */
const MAX_LENGTH = 40;

/**
 * A time typed as text (docs/PRODUCT.md#record-editor), e.g. 2026/11/22 08:30 or with seconds. It is
 * read when saving, so a half-typed value never jumps about while typing.
 */
export function EditTimeInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder={EDIT_TIME_EXAMPLE}
      maxLength={MAX_LENGTH}
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
