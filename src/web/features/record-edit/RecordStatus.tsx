import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { slashDate } from '../../../domain/product-cost-list.ts';
import { STALE_LABEL, workStateNames, type WorkState } from '../../../domain/work-state.ts';
import { stateColors } from '../../components/work-state-colors.ts';

/**
 * The record's 状態, in its colour (with 要確認 on a stale job), and its 作業日, as the list named them
 * when the clerk opened the record (docs/PRODUCT.md#record-editor): as saved, not as typed since. Half-typed times have no
 * state; what the typed times come to is the 集計's, further down.
 */
export function RecordStatus({
  state,
  workDate,
  stale,
  children,
}: {
  state: WorkState;
  workDate: string;
  stale: boolean;
  /** More terms of the record as saved, after these. */
  children?: ReactNode;
}) {
  return (
    <Group component="dl" gap="xl" m={0}>
      <Group gap="sm" wrap="nowrap">
        <Term>状態</Term>
        {/* As large as the date beside it: the list's state reads at a glance, and so does this. */}
        <Badge component="dd" m={0} size="xl" h={36} fz="lg" radius="sm" color={stateColors[state]} autoContrast>
          {workStateNames[state]}
        </Badge>
        {stale && (
          <Badge component="dd" m={0} size="xl" h={36} fz="lg" radius="sm" color="red">
            {STALE_LABEL}
          </Badge>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Term>作業日</Term>
        <Text component="dd" m={0} size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {slashDate(workDate)}
        </Text>
      </Group>
      {children}
    </Group>
  );
}

/** The name of a term at the head of the editor. */
export function Term({ children }: { children: string }) {
  return (
    <Text component="dt" size="lg" fw={600} c="dimmed">
      {children}
    </Text>
  );
}
