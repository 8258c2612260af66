import { BarChart, CompositeChart } from '@mantine/charts';
import { Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { BreakdownBy, BreakdownRow } from '../../../domain/analytics-api.ts';
import { breakdownNames } from '../../../domain/analytics-api.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { asHours, count, hours, percent, yen } from './analytics-format.ts';
import { useBreakdown } from './analytics-queries.ts';
import { durationAxis, legendInOrder, nameAxis, periodAxis } from './chart-axes.ts';
import type { ScreenFilter } from './analytics-filters.ts';
import { sectionChoices, type Section } from './analytics-view.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { LoadedSection } from './LoadedSection.tsx';

/**
 * A percentage axis: to 100 %, and above it only as far as the figures go, up to 200 %. A job
 * timed far too short (開始 pressed at its end) has a performance in the thousands of per cent,
 * which would otherwise flatten every other bar and point; what is cut off is in the table under
 * the chart.
 */
const PERCENT_AXIS_MAX = 200;
const percentAxis = {
  domain: ([, highest]: readonly [number, number]): [number, number] => [
    0,
    Math.min(Math.max(100, Math.ceil(highest / 10) * 10), PERCENT_AXIS_MAX),
  ],
  allowDataOverflow: true,
};

const oeeSeries = [
  { name: '時間稼働率', color: 'blue.6' },
  { name: '性能稼働率', color: 'teal.6' },
  { name: '良品率', color: 'grape.6' },
];
const defectSeries = [
  { name: 'キズ', color: 'red.6' },
  { name: 'サイズミス', color: 'orange.6' },
  { name: 'ポカミス', color: 'yellow.6' },
  { name: 'その他', color: 'gray.6' },
];
const costSeries = [{ name: '原価', color: 'indigo.6' }];
const trendSeries = [
  { name: '作業時間', type: 'bar', color: 'blue.6' },
  { name: 'OEE', type: 'line', color: 'red.7', yAxisId: 'right' },
] as const;

/** A breakdown with its chart and, under it, the table of the same numbers, and its downloads. */
export function BreakdownSection({
  filter,
  title,
  section,
  by,
  onChoose,
}: {
  filter: ScreenFilter;
  title: string;
  section: Section;
  by: BreakdownBy;
  onChoose: (by: BreakdownBy) => void;
}) {
  const choices = sectionChoices[section];
  const breakdown = useBreakdown(filter, by);
  const rows = breakdown.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Group gap="sm">
          {choices.length > 1 && (
            <SegmentedControl
              aria-label={`${title}の単位`}
              value={by}
              onChange={(value) => onChoose(value as BreakdownBy)}
              data={choices.map((choice) => ({ value: choice, label: `${breakdownNames[choice]}別` }))}
            />
          )}
          <DownloadButtons path="/api/analytics/breakdown/export" query={{ by }} filter={filter} label={`${breakdownNames[by]}別`} />
        </Group>
      </Group>
      <LoadedSection query={breakdown}>
        {by === 'employee' && rows.length > 0 && (
          <Text size="sm" c="dimmed">
            作業者別では、複数人で行った作業をその作業者それぞれに数えるため、各行の合計は上の数値より大きくなることがあります。工数（人時）は各作業者自身の時間です。
          </Text>
        )}
        {rows.length > 0 && <BreakdownChart rows={rows} section={section} />}
        <BreakdownTable rows={rows} by={by} title={title} />
      </LoadedSection>
    </Stack>
  );
}

function BreakdownChart({ rows, section }: { rows: BreakdownRow[]; section: Section }) {
  if (section === 'oee')
    return (
      <BarChart
        h={280}
        data={rows.map((row) => ({
          name: row.name,
          時間稼働率: row.availability ?? 0,
          性能稼働率: row.performance ?? 0,
          良品率: row.quality ?? 0,
        }))}
        dataKey="name"
        xAxisProps={nameAxis}
        withLegend
        unit="%"
        yAxisProps={percentAxis}
        series={oeeSeries}
        legendProps={legendInOrder(oeeSeries)}
      />
    );
  if (section === 'cost')
    return (
      <BarChart
        h={280}
        data={rows.map((row) => ({ name: row.name, 原価: row.cost }))}
        dataKey="name"
        xAxisProps={nameAxis}
        unit="円"
        valueFormatter={(value) => value.toLocaleString('ja-JP')}
        yAxisProps={{ width: 110 }}
        series={costSeries}
      />
    );
  if (section === 'defects')
    return (
      <BarChart
        h={280}
        type="stacked"
        data={rows.map((row) => ({ name: row.name, キズ: row.wound, サイズミス: row.size, ポカミス: row.miss, その他: row.other }))}
        dataKey="name"
        xAxisProps={nameAxis}
        withLegend
        unit="枚"
        series={defectSeries}
        legendProps={legendInOrder(defectSeries)}
      />
    );
  return (
    <CompositeChart
      h={280}
      data={rows.map((row) => ({ name: row.name, 作業時間: asHours(row.worked_seconds), OEE: row.oee }))}
      dataKey="name"
      xAxisProps={periodAxis}
      withLegend
      withRightYAxis
      unit="時間"
      yAxisProps={durationAxis}
      rightYAxisProps={{ ...percentAxis, unit: '%' }}
      connectNulls
      series={[...trendSeries]}
      legendProps={legendInOrder(trendSeries)}
    />
  );
}

function BreakdownTable({ rows, by, title }: { rows: BreakdownRow[]; by: BreakdownBy; title: string }) {
  return (
    <ScrollTable label={`${title}の表`} minWidth={1320}>
      {/* Headers, figures and names each on one line (サイズミ/ス, 270,083/円 read as two): the table scrolls sideways instead. */}
      <Table striped withTableBorder aria-label={title} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {[
              breakdownNames[by],
              '作業件数',
              '作業時間',
              '工数（人時）',
              '良品数',
              'キズ',
              'サイズミス',
              'ポカミス',
              'その他',
              '不良率',
              '時間稼働率',
              '性能稼働率',
              '良品率',
              'OEE',
              '原価',
            ].map((header, index) => (
              <Table.Th key={header} ta={index === 0 ? undefined : 'right'}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key ?? 'none'}>
              <Table.Td>{row.name}</Table.Td>
              {[
                count(row.jobs),
                hours(row.worked_seconds),
                hours(row.man_seconds),
                count(row.good),
                count(row.wound),
                count(row.size),
                count(row.miss),
                count(row.other),
                percent(row.defective_rate),
                percent(row.availability),
                percent(row.performance),
                percent(row.quality),
                percent(row.oee),
                yen(row.cost),
              ].map((cell, index) => (
                <Table.Td key={index} ta="right">
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
