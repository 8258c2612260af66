import '@mantine/charts/styles.css';
import { Alert, Box, Button, Divider, Group, LoadingOverlay, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../components/BackButton.tsx';
import { DateRangeInput } from '../../components/DateRangeInput.tsx';
import type { DateRange } from '../../components/date-range.ts';
import type { BreakdownBy } from '../../../domain/analytics-api.ts';
import { isRefusedInput, LoadError } from '../../components/LoadError.tsx';
import { failureMessage } from '../../api/client.ts';
import { Page } from '../../components/Page.tsx';
import {
  calendarMonth,
  filterFields,
  filterFromSearch,
  filterQuery,
  rangeProblem,
  type FilterKey,
  type ScreenFilter,
} from './analytics-filters.ts';
import { percent } from './analytics-format.ts';
import { breakdownQuery, jobsQuery, useFilterOptions, useLosses, useStopReasons, useSummary } from './analytics-queries.ts';
import { REASON_JOB_SORT, viewFromSearch, viewQuery, type ScreenView, type Section } from './analytics-view.ts';
import { BreakdownSection } from './BreakdownSection.tsx';
import { JOB_TABLE_HEADING, JobTable } from './JobTable.tsx';
import { LossPareto } from './LossPareto.tsx';
import { MissingRatesNote } from './MissingRatesNote.tsx';
import { SlipFilter } from './SlipFilter.tsx';
import { SummaryCards } from './SummaryCards.tsx';

const shownDate = (date: string) => date.replaceAll('-', '/');

/** 分析 (docs/PRODUCT.md#analytics-screen): what the jobs of a range cost, where the time went, OEE per machine. */
export function AnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const view = viewFromSearch(search);
  // Each change is made to the address as it stands when the change comes, not as this drawing read it:
  // two quick choices (作業者別, then 週別) before the screen has drawn the first would otherwise undo it.
  const update = (next: (shown: ScreenView, shownFilter: ScreenFilter) => [ScreenFilter, ScreenView]) => {
    const current = new URLSearchParams(window.location.search);
    const [nextFilter, nextView] = next(viewFromSearch(current), filterFromSearch(current));
    setSearch(new URLSearchParams(filterQuery(nextFilter, viewQuery(nextView))), { replace: true });
  };
  // Other filters are other jobs: 作業別原価 starts again at its first page, in the order chosen.
  const change = (next: ScreenFilter) => update((shown) => [next, { ...shown, page: 1 }]);
  const changeView = (next: Partial<ScreenView>) => update((shown, shownFilter) => [shownFilter, { ...shown, ...next }]);
  const choose = (section: Section) => (by: BreakdownBy) =>
    update((shown, shownFilter) => [shownFilter, { ...shown, by: { ...shown.by, [section]: by } }]);
  // A range being typed that cannot be shown yet (an end cleared, the ends reversed) stays in the
  // fields with its reason under them; the figures stay those of the last range that could, dimmed
  // and named, so that they are not read as the typed range's.
  const [unshown, setUnshown] = useState<DateRange | null>(null);
  const problem = unshown && rangeProblem(unshown);
  const changeRange = (range: DateRange) => {
    if (rangeProblem(range)) return setUnshown(range);
    setUnshown(null);
    change({ ...filter, from: range.from, to: range.to });
  };
  const summary = useSummary(filter);
  // The sections under the cards are drawn once the summary is in; their first reads go out with it,
  // not one after another behind it.
  usePrefetchQuery(breakdownQuery(filter, view.by.oee));
  usePrefetchQuery(breakdownQuery(filter, view.by.cost));
  usePrefetchQuery(breakdownQuery(filter, view.by.defects));
  usePrefetchQuery(breakdownQuery(filter, view.by.trend));
  usePrefetchQuery(jobsQuery(filter, view.page, view.sort, view.stop));
  const losses = useLosses(filter);
  // A stop reason of the Pareto: 作業別原価 shows the jobs that lost the most to it, and comes into view.
  const drill = (stop: number) => {
    changeView({ stop, sort: REASON_JOB_SORT, page: 1 });
    document.getElementById(JOB_TABLE_HEADING)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const empty = summary.data?.jobs === 0;
  // The reason 作業別原価 is narrowed to, by the Pareto's name for it, or the masters' when the range has no such stop.
  const paretoName = losses.data?.find((loss) => loss.interruption_id === view.stop)?.name;
  const reasons = useStopReasons(view.stop !== null && losses.isSuccess && !paretoName);
  const stopName = paretoName || reasons.data?.find((reason) => reason.id === view.stop)?.name;
  return (
    <Page title="分析" size={1800} actions={<BackButton to="home" />}>
      <Stack gap="lg" pos="relative">
        <Filters
          filter={filter}
          range={unshown ?? { from: filter.from, to: filter.to }}
          problem={problem}
          onRangeChange={changeRange}
          onChange={change}
        />
        {problem && <Text fw={700}>{`表示中：${shownDate(filter.from)}〜${shownDate(filter.to)}`}</Text>}
        <Box pos="relative" mih={200} style={problem ? { opacity: 0.4 } : undefined} data-testid="analytics-figures">
          <LoadingOverlay visible={summary.isFetching || losses.isFetching} />
          {summary.error ? (
            <SummaryError error={summary.error} onRetry={() => void summary.refetch()} />
          ) : empty ? (
            <Alert color="gray" fz="lg">
              {/* An order's jobs may lie outside the range: the slip is named, so that the range is the one to widen. */}
              {filter.slip ? `作業伝票No ${filter.slip} の作業記録はこの期間にありません。` : 'この期間の作業記録はありません。'}
            </Alert>
          ) : (
            summary.data && (
              <Stack gap="xl">
                <SummaryCards summary={summary.data} />
                <MissingRatesNote filter={filter} jobs={summary.data.rate_missing} />
                {/* Above 100 % the jobs ran faster than their standard allows: a time recorded too short (開始 pressed at the end), or a standard set too slow. */}
                {(summary.data.performance ?? 0) > 100 && (
                  <Alert color="yellow">{`性能稼働率が${percent(summary.data.performance)}で、標準速度より速く記録された作業があります。作業別原価でOEEの高い作業について、時間の記録と加工内容の標準速度を確かめてください。`}</Alert>
                )}
                {/* Counts reach a job only at 終業 and 終了, so one in progress has run time and no sheets yet. */}
                {summary.data.jobs > summary.data.finished_jobs && summary.data.performance !== null && (
                  <Alert
                    color="blue"
                    role="status"
                  >{`作業中の作業が${summary.data.jobs - summary.data.finished_jobs}件含まれています。数量は終業と終了で記録されるため、作業中の作業の性能稼働率とOEEは、数量が記録されるまで低く表示されます。`}</Alert>
                )}
                {/* One section under another at every width: a breakdown's table has fifteen columns, which half of an office screen cannot show. */}
                <LossPareto query={losses} filter={filter} onDrill={drill} />
                <Divider />
                <BreakdownSection filter={filter} title="加工機別のOEE" section="oee" by={view.by.oee} onChoose={choose('oee')} />
                <Divider />
                <BreakdownSection filter={filter} title="原価の内訳" section="cost" by={view.by.cost} onChoose={choose('cost')} />
                <Divider />
                <BreakdownSection filter={filter} title="不良の内訳" section="defects" by={view.by.defects} onChoose={choose('defects')} />
                <Divider />
                <BreakdownSection filter={filter} title="推移" section="trend" by={view.by.trend} onChoose={choose('trend')} />
                <Divider />
                <JobTable filter={filter} view={view} stopName={stopName} onChange={changeView} />
              </Stack>
            )
          )}
        </Box>
      </Stack>
    </Page>
  );
}

/**
 * Why the figures are not there. A range or a filter of the address that the server refuses (the ends
 * reversed, a date that is none) is said in its own words, like a typed one, not as a failure to load.
 */
function SummaryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (!isRefusedInput(error)) return <LoadError error={error} onRetry={onRetry} />;
  return (
    <Alert color="red" role="alert">
      {failureMessage(error)}
    </Alert>
  );
}

function Filters({
  filter,
  range,
  problem,
  onRangeChange,
  onChange,
}: {
  filter: ScreenFilter;
  range: DateRange;
  problem: string | null;
  onRangeChange: (range: DateRange) => void;
  onChange: (filter: ScreenFilter) => void;
}) {
  const choices = useFilterOptions();
  const options = choices.data;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <DateRangeInput label="作業日" value={range} onChange={onRangeChange} />
        {/* A month end's range in one press, where typing a November start first would reverse October's range. */}
        <Group gap="xs">
          <Button variant="default" onClick={() => onRangeChange(calendarMonth(-1))}>
            先月
          </Button>
          <Button variant="default" onClick={() => onRangeChange(calendarMonth(0))}>
            今月
          </Button>
        </Group>
        {filterFields.map(({ key, label }) => (
          <Select
            key={key}
            label={label}
            placeholder="すべて"
            w={200}
            searchable
            clearable
            data={(options?.[key as FilterKey] ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            value={filter[key] ?? null}
            onChange={(value) => onChange({ ...filter, [key]: value ?? undefined })}
          />
        ))}
        <SlipFilter value={filter.slip ?? ''} onChange={(slip) => onChange({ ...filter, slip })} />
      </Group>
      {problem && (
        <Text c="red" role="alert">
          {problem}
        </Text>
      )}
      {/* Read once with the screen (queries are not retried): without it every list of choices stays empty. */}
      {choices.error && (
        <LoadError title="絞り込みの選択肢を読み込めませんでした。" error={choices.error} onRetry={() => void choices.refetch()} />
      )}
    </Stack>
  );
}
