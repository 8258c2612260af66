import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import '@mantine/dates/styles.css';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { useId, useRef } from 'react';
import { normaliseDate, parseDate, type DateRange } from './date-range.ts';

const CALENDAR_WIDTH = 300;

// The calendar keeps the input's large size for touch, but fills a fixed 300px instead of
// growing with it: seven days share the width, the header spans it.
const calendarStyles = {
  month: { width: '100%' },
  day: { width: '100%' },
  calendarHeader: { maxWidth: 'none' },
};

/**
 * One date of the range: typed as yyyy/MM/dd or picked from a Japanese calendar (day, month and
 * decade views), with a calendar button and a clear button.
 */
function DateField({ label, value, onChange }: { label: string; value: string; onChange: (date: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const openCalendar = () => {
    input.current?.focus();
    input.current?.click();
  };
  return (
    <DateInput
      ref={input}
      label={label}
      value={value || null}
      onChange={(date) => onChange(date ?? '')}
      // Text that is no date is dropped when the field is left, instead of showing the old date again.
      onBlur={(event) => {
        if (parseDate(event.currentTarget.value) === null) onChange('');
      }}
      dateParser={parseDate}
      valueFormat="YYYY/MM/DD"
      placeholder="yyyy/mm/dd"
      monthLabelFormat="YYYY年M月"
      yearLabelFormat="YYYY年"
      firstDayOfWeek={0}
      getDayAriaLabel={(date) => dayjs(date).format('YYYY年M月D日')}
      maxLevel="decade"
      clearable
      clearButtonProps={{ 'aria-label': '日付をクリア' }}
      leftSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="カレンダーを開く"
          onMouseDown={(event) => event.preventDefault()}
          onClick={openCalendar}
        >
          <IconCalendar size={20} aria-hidden />
        </ActionIcon>
      }
      leftSectionPointerEvents="all"
      // Narrow sections leave the 11.5rem field room for a whole yyyy/MM/dd at the large size.
      leftSectionWidth={40}
      rightSectionWidth={36}
      size="lg"
      w="11.5rem"
      popoverProps={{ width: CALENDAR_WIDTH }}
      styles={calendarStyles}
    />
  );
}

/**
 * The date-range input of docs/PRODUCT.md#work-time-list: 開始日 and 終了日 as YYYY-MM-DD, either empty. A value that is not a
 * date shows as empty.
 */
export function DateRangeInput({ value, onChange, label }: { value: DateRange; onChange: (range: DateRange) => void; label?: string }) {
  const labelId = useId();
  const from = normaliseDate(value.from);
  const to = normaliseDate(value.to);
  // The Japanese calendar is set up here, with the only screens that use it, not in every chunk.
  return (
    <DatesProvider settings={{ locale: 'ja' }}>
      <Stack gap={4}>
        {label && (
          <Text id={labelId} fw={600}>
            {label}
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap" role="group" aria-labelledby={label ? labelId : undefined}>
          <DateField label="開始日" value={from} onChange={(date) => onChange({ from: date, to })} />
          <Text size="lg" pb={12} aria-hidden>
            〜
          </Text>
          <DateField label="終了日" value={to} onChange={(date) => onChange({ from, to: date })} />
        </Group>
      </Stack>
    </DatesProvider>
  );
}
