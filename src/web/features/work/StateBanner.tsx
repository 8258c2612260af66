import { Badge, Group, Paper, Text } from '@mantine/core';
import { STALE_LABEL, type ScreenState } from '../../../domain/work-state.ts';
import { pressConnectionTexts, type PressConnection } from '../../api/press-retry.ts';
import { stateColors } from '../../components/work-state-colors.ts';
import { screenStateName } from './work-session.ts';

interface StateBannerProps {
  state: ScreenState;
  connection: PressConnection | null;
  stale: boolean;
}

/**
 * The current state, large enough to read from across the machine, with 要確認 on a job left without
 * an action for too long; while a press's call is out, how it goes (通信中…, or 接続できません。再送しています…
 * while it is resent).
 */
export function StateBanner({ state, connection, stale }: StateBannerProps) {
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
        {stale && (
          <Badge color="red" size="xl" data-testid="work-stale">
            {STALE_LABEL}
          </Badge>
        )}
        {connection && (
          <Text size="lg" fw={700} c={connection === 'resending' ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="press-connection">
            {pressConnectionTexts[connection]}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
