import { CompositeChart } from '@mantine/charts';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { LossRow } from '../../../domain/analytics-api.ts';
import { stopCategoryNames } from '../../../domain/analytics.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import type { ScreenFilter } from './analytics-filters.ts';
import { count, hours, percent } from './analytics-format.ts';
import type { useLosses } from './analytics-queries.ts';
import { durationScale, durationAxis, legendInOrder, nameAxis } from './chart-axes.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { LoadedSection } from './LoadedSection.tsx';

const paretoSeries = [
  { name: '計画停止', type: 'bar', color: 'indigo.5' },
  { name: '非計画停止', type: 'bar', color: 'orange.6' },
  { name: '累積比率', type: 'line', color: 'red.7', yAxisId: 'right' },
] as const;

/**
 * 停止理由のパレート図: time by reason, largest first, planned and unplanned in their own colours, the
 * running share as a line; its table downloadable, for the stops to be taken to a meeting.
 */
export function LossPareto({
  query,
  filter,
  onDrill,
}: {
  query: ReturnType<typeof useLosses>;
  filter: ScreenFilter;
  /** A reason pressed in the table: 作業別原価 is to show the jobs stopped for it. */
  onDrill: (interruptionId: number) => void;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          停止理由（パレート図）
        </Title>
        <DownloadButtons path="/api/analytics/losses/export" query={{}} filter={filter} label="停止理由" />
      </Group>
      <LoadedSection query={query}>
        <Losses losses={query.data ?? []} onDrill={onDrill} />
      </LoadedSection>
    </Stack>
  );
}

function Losses({ losses, onDrill }: { losses: LossRow[]; onDrill: (interruptionId: number) => void }) {
  // The largest first: its bar sets the scale.
  const scale = durationScale(losses[0]?.seconds ?? 0);
  const data = losses.map((loss) => ({
    name: loss.name,
    計画停止: loss.category === 'planned' ? scale.of(loss.seconds) : 0,
    非計画停止: loss.category === 'unplanned' ? scale.of(loss.seconds) : 0,
    累積比率: loss.cumulative_share,
  }));
  return losses.length === 0 ? (
    <p>この期間の停止はありません。</p>
  ) : (
    <>
      <CompositeChart
        h={300}
        data={data}
        dataKey="name"
        xAxisProps={nameAxis}
        withLegend
        withRightYAxis
        unit={scale.unit}
        yAxisProps={durationAxis}
        rightYAxisProps={{ domain: [0, 100], unit: '%' }}
        barProps={{ stackId: 'stop' }}
        series={[...paretoSeries]}
        legendProps={legendInOrder(paretoSeries)}
      />
      <ScrollTable label="停止理由の表" minWidth={560}>
        <Table striped withTableBorder aria-label="停止理由">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>中断内容</Table.Th>
              <Table.Th>区分</Table.Th>
              <Table.Th ta="right">停止時間</Table.Th>
              <Table.Th ta="right">回数</Table.Th>
              <Table.Th ta="right">比率</Table.Th>
              <Table.Th ta="right">累積比率</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {losses.map((loss) => (
              <Table.Tr key={loss.interruption_id}>
                <Table.Td>
                  <Anchor component="button" type="button" fw={600} onClick={() => onDrill(loss.interruption_id)}>
                    {loss.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{stopCategoryNames[loss.category]}</Table.Td>
                <Table.Td ta="right">{hours(loss.seconds)}</Table.Td>
                <Table.Td ta="right">{count(loss.count)}</Table.Td>
                <Table.Td ta="right">{percent(loss.share)}</Table.Td>
                <Table.Td ta="right">{percent(loss.cumulative_share)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="sm" c="dimmed">
        中断内容を押すと、その理由で止まった作業を作業別原価に表示します。
      </Text>
    </>
  );
}
