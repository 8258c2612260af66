import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { useId, useRef, useState } from 'react';
import { dateMessages } from '../../domain/dates.ts';
import { normaliseDate, parseTypedDate, type DateRange } from './date-range.ts';

const CALENDAR_WIDTH = 300;

// The calendar keeps the input's large size for touch, but fills a fixed 300px instead of
// growing with it: seven days share the width, the header spans it.
const calendarStyles = {
  month: { width: '100%' },
  day: { width: '100%' },
  calendarHeader: { maxWidth: 'none' },
};

/**
 * One date of the range: typed as people type dates (readDate: full-width, 20261105, 11/5…) or
 * picked from a Japanese calendar (day, month and decade views), with a calendar button and a clear
 * button. Text that cannot be read stays as typed, with a message under it, and the range keeps its
 * last readable date until it is corrected.
 */
function DateField({ label, value, onChange }: { label: string; value: string; onChange: (date: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [unreadableShown, setUnreadableShown] = useState(false);
  // Open on a tap in the field or on the calendar button, and closed as soon as a date is typed: on a
  // phone the open calendar covers what lies below the field (検索), and would take the tap meant for it.
  const [calendarOpened, setCalendarOpened] = useState(false);
  const unreadable = typed.trim() !== '' && parseTypedDate(typed) === null;
  const openCalendar = () => {
    input.current?.focus();
    setCalendarOpened(true);
  };
  return (
    <DateInput
      ref={input}
      label={label}
      value={value || null}
      onChange={(date) => {
        // A readable date, a pick from the calendar or a clear: nothing unreadable is left.
        setTyped('');
        onChange(date ?? '');
        setCalendarOpened(false);
      }}
      onInput={(event) => {
        setTyped(event.currentTarget.value);
        setUnreadableShown(false);
        setCalendarOpened(false);
      }}
      onFocus={() => setCalendarOpened(true)}
      onClick={() => setCalendarOpened(true)}
      onKeyDown={(event) => event.key === 'Escape' && setCalendarOpened(false)}
      // Readable text is written back as yyyy/MM/dd when the field is left; unreadable text stays, to be corrected.
      fixOnBlur={!unreadable}
      onBlur={() => {
        setUnreadableShown(unreadable);
        setCalendarOpened(false);
      }}
      error={unreadableShown ? dateMessages.unreadable : undefined}
      dateParser={(text) => parseTypedDate(text)}
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
      popoverProps={{ width: CALENDAR_WIDTH, opened: calendarOpened }}
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
        <Group gap="xs" align="flex-start" role="group" aria-labelledby={label ? labelId : undefined}>
          <DateField label="開始日" value={from} onChange={(date) => onChange({ from: date, to })} />
          <Text size="lg" pt={34} aria-hidden>
            〜
          </Text>
          <DateField label="終了日" value={to} onChange={(date) => onChange({ from, to: date })} />
        </Group>
      </Stack>
    </DatesProvider>
  );
}
