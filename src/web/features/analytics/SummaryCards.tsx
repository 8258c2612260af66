import { ratioFormulas } from '../../../domain/analytics.ts';
import type { AnalyticsSummary } from '../../../domain/analytics-api.ts';
import { count, hours, percent, yen, yenPerSheet } from './analytics-format.ts';
import { FigureCards } from './FigureCards.tsx';

/** The figures of the range in cards, each with its name above it, and a ratio with its definition under it. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary }) {
  const cards: Array<[string, string, string?]> = [
    ['作業件数', count(summary.jobs)],
    ['作業時間', hours(summary.worked_seconds)],
    ['工数（人時）', hours(summary.man_seconds)],
    ['段取り時間', hours(summary.setup_seconds)],
    ['停止時間', hours(summary.planned_stop_seconds + summary.unplanned_stop_seconds)],
    ['良品数', count(summary.good)],
    ['不良率', percent(summary.defective_rate), ratioFormulas.defective_rate],
    ['稼働率', percent(summary.working_rate), ratioFormulas.working_rate],
    ['OEE', percent(summary.oee), ratioFormulas.oee],
    ['原価', yen(summary.cost)],
    ['良品1枚あたり原価', yenPerSheet(summary.cost_per_good)],
  ];
  return <FigureCards figures={cards.map(([label, value, how]) => ({ label, value, how }))} cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} />;
}
