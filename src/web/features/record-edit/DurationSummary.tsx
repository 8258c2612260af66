import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { formatDurationToSecond, formatRate, WORKING_RATE_FORMULA } from '../../../domain/product-cost-metrics.ts';
import type { formDurations } from './record-edit-form.ts';

const readOnly = { readOnly: true, variant: 'filled', styles: { input: { fontVariantNumeric: 'tabular-nums', fontWeight: 700 } } } as const;

/**
 * 作業時間, 中断時間, 段取り時間 and 稼働率 of the times as typed, to the second, so that a correction
 * can be checked before it is saved; while the times cannot be saved, why not.
 */
export function DurationSummary({ summary }: { summary: ReturnType<typeof formDurations> }) {
  const durations = summary.ok ? summary.durations : undefined;
  const shown = (milliseconds: number | undefined) => (milliseconds === undefined ? '' : formatDurationToSecond(milliseconds));
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput label="作業時間" value={shown(durations?.worked)} {...readOnly} />
        <TextInput label="中断時間" value={shown(durations?.interruption)} {...readOnly} />
        <TextInput label="段取り時間" value={shown(durations?.setup)} {...readOnly} />
        <TextInput
          {...readOnly}
          label="稼働率"
          description={WORKING_RATE_FORMULA}
          inputWrapperOrder={['label', 'input', 'description']}
          // A formula wraps at its spaces, never inside a name such as 作業時間.
          styles={{ ...readOnly.styles, description: { wordBreak: 'keep-all' } }}
          value={durations ? formatRate(durations.workingRate) : ''}
        />
      </SimpleGrid>
      {!summary.ok && <Text c="red.8">集計できません：{summary.message}</Text>}
    </>
  );
}
