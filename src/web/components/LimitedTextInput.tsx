import { Text, TextInput, type TextInputProps } from '@mantine/core';

interface LimitedTextInputProps extends Omit<TextInputProps, 'maxLength' | 'description'> {
  value: string;
  maxLength: number;
  /** Said once the text is as long as it may be, e.g. その他の内容は200文字までです。 */
  limitMessage: string;
}

/**
 * A text input that counts its characters (n/max) and says so when it reaches its limit, instead of
 * silently refusing the next character or cutting a pasted text.
 */
export function LimitedTextInput({ value, maxLength, limitMessage, ...props }: LimitedTextInputProps) {
  const atLimit = value.length >= maxLength;
  return (
    <TextInput
      {...props}
      value={value}
      maxLength={maxLength}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <Text span size="sm" c={atLimit ? 'red.8' : 'gray.7'} role={atLimit ? 'status' : undefined}>
          {value.length}/{maxLength}
          {atLimit && ` ${limitMessage}`}
        </Text>
      }
    />
  );
}
