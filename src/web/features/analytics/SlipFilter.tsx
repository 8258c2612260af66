import { CloseButton, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * 作業伝票No beside the other filters: one order's jobs, whose cards then say what the order cost over
 * all its processes. Typed text is applied at Enter or on leaving the field, not at each key, so that
 * 1187 is not first asked for as 1, 11 and 118; × clears it at once.
 */
export function SlipFilter({ value, onChange }: { value: string; onChange: (slip: string | undefined) => void }) {
  const [typed, setTyped] = useState(value);
  // The address may change it too (戻る, a bookmark): what is shown follows what is applied.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setTyped(value);
  }
  const apply = (slip: string) => {
    if (slip.trim() !== value) onChange(slip.trim() || undefined);
  };
  return (
    <TextInput
      label="作業伝票No"
      placeholder="すべて"
      w={200}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onKeyDown={(event) => event.key === 'Enter' && apply(typed)}
      onBlur={() => apply(typed)}
      autoComplete="off"
      rightSection={
        typed ? (
          <CloseButton
            aria-label="作業伝票Noをクリア"
            // The field keeps the focus: leaving it would first apply what was typed, then clear it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setTyped('');
              apply('');
            }}
          />
        ) : null
      }
    />
  );
}
