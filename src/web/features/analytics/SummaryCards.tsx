import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { AnalyticsSummary } from '../../../domain/analytics-api.ts';
import { count, hours, percent, yen } from './analytics-format.ts';

/** The figures of the range in cards, each with its name above it. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary }) {
  const cards: Array<[string, string]> = [
    ['作業件数', count(summary.jobs)],
    ['作業時間', hours(summary.worked_seconds)],
    ['工数（人時）', hours(summary.man_seconds)],
    ['段取り時間', hours(summary.setup_seconds)],
    ['停止時間', hours(summary.planned_stop_seconds + summary.unplanned_stop_seconds)],
    ['良品数', count(summary.good)],
    ['不良率', percent(summary.defective_rate)],
    ['稼働率', percent(summary.working_rate)],
    ['OEE', percent(summary.oee)],
    ['原価', yen(summary.cost)],
    ['良品1枚あたり原価', summary.cost_per_good === null ? '—' : `${summary.cost_per_good.toFixed(2)}円`],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} spacing="sm" component="dl" m={0}>
      {cards.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md" data-testid="analytics-card">
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fz={26} fw={800}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
