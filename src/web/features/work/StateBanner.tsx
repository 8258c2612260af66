import { Group, Paper, Text } from '@mantine/core';
import type { ScreenState } from '../../../domain/work-state.ts';
import { stateColors } from '../../components/work-state-colors.ts';
import { screenStateName } from './work-session.ts';

/** The current state, large enough to read from across the machine. */
export function StateBanner({ state }: { state: ScreenState }) {
  const color = stateColors[state];
  return (
    <Paper radius="md" px="lg" py={6} bg={`${color}.0`} bd={`2px solid var(--mantine-color-${color}-5)`}>
      <Group justify="center" gap="lg" wrap="nowrap">
        <Text size="lg" c="dimmed" fw={600}>
          状態
        </Text>
        <Text fz={34} fw={800} c={`${color}.8`} role="status" data-testid="work-state">
          {screenStateName(state)}
        </Text>
      </Group>
    </Paper>
  );
}
