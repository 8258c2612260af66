import type { SelectProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { SelectorItem } from '../../domain/masters.ts';

/**
 * Once work has started the job's fields are disabled, and 中断内容 is while an interruption is
 * open, but they still say which job this is and what it waits for: dark, full-strength text
 * instead of Mantine's faded disabled look.
 */
export const lockedInputStyle: CSSProperties = { opacity: 1, color: 'var(--mantine-color-black)' };

/**
 * A select for gloved fingers: nothing to type (no on-screen keyboard), options at least 48px high,
 * a long list that scrolls within reach, and readable when disabled. The work screen's and 呼出's
 * selects are made so, and the work-time list's 加工機. Its option list is drawn when
 * it opens, not kept hidden in the page as Mantine's default does: the work screen's seven lists,
 * each with its portal, scroll area, options and position, were a third of what the screen drew
 * before 開始 could be pressed.
 */
export const touchSelectProps = {
  allowDeselect: false,
  maxDropdownHeight: 420,
  comboboxProps: { shadow: 'md', keepMounted: false },
  styles: {
    option: { minHeight: 48, display: 'flex', alignItems: 'center', fontSize: 'var(--mantine-font-size-lg)' },
    input: lockedInputStyle,
  },
} satisfies Partial<SelectProps>;

export function selectData(items: readonly SelectorItem[]) {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}
