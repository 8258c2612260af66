import { Alert, Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { JobCost } from '../../../domain/analytics-api.ts';
import { plannedProductionSeconds, ratioFormulas } from '../../../domain/analytics.ts';
import { formatDurationToSecond } from '../../../domain/product-cost-metrics.ts';
import { orderDates } from '../../../domain/slip-defaults.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { pathTo } from '../../route-paths.ts';
import { FigureCards, MissingRateOwners, percent, yen, yenPerHour, yenPerSheet, type Figure } from '../analytics/index.ts';
import { EditSection } from './EditSection.tsx';
import { jobCostQuery } from './record-edit-queries.ts';
import { Term } from './RecordStatus.tsx';

const SECTION_ID = 'job-cost';

/** Durations to the second, as everywhere in the editor. */
const toSecond = (seconds: number) => formatDurationToSecond(seconds * 1000);

/**
 * 原価と稼働 (docs/PRODUCT.md#record-editor): what the job cost and where its hours went, read-only,
 * by the definitions of 分析, for the record as saved. It has a read of its own: when that fails, the
 * section says so with 再読み込み, and the form stays to be edited.
 */
export function JobCostSection({ id }: { id: number }) {
  const job = useQuery(jobCostQuery(id));
  return (
    <EditSection title="原価と稼働" id={SECTION_ID}>
      {job.error ? (
        <LoadError error={job.error} onRetry={() => void job.refetch()} />
      ) : job.data ? (
        <JobCostFigures job={job.data} />
      ) : (
        <Loader aria-label="読み込み中" />
      )}
    </EditSection>
  );
}

/**
 * 原価 at the head of the editor, with 内訳へ down to 原価と稼働: what a manager who came from 分析 to
 * see why a job cost what it did finds first, above the fields, which the section would push away.
 * Nothing while it loads or when it failed, which the section says.
 */
export function CostTerm({ id }: { id: number }) {
  const { data: job } = useQuery(jobCostQuery(id));
  if (!job) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Term>原価</Term>
      <Group component="dd" m={0} gap="sm" wrap="nowrap">
        <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {job.finished ? yen(job.cost) : `${yen(job.cost)}（現在まで）`}
        </Text>
        {job.rate_missing && (
          <Badge color="yellow" variant="light" radius="sm" size="lg">
            単価未設定
          </Badge>
        )}
        <Anchor component="button" type="button" size="lg" onClick={() => document.getElementById(SECTION_ID)?.scrollIntoView()}>
          内訳へ
        </Anchor>
      </Group>
    </Group>
  );
}

function JobCostFigures({ job }: { job: JobCost }) {
  const missing = job.missing_rates;
  // Both costs are the time worked less planned stops (PPT) at a rate an hour.
  const ppt = plannedProductionSeconds({
    worked: job.worked_seconds,
    setup: job.setup_seconds,
    planned_stop: job.planned_stop_seconds,
    unplanned_stop: job.unplanned_stop_seconds,
  });
  const costed = (rate: number) => `${yenPerHour(rate)} × ${toSecond(ppt)}`;
  const machineHow = () => {
    if (job.machine_rate !== null) return costed(job.machine_rate);
    return missing.machines.length > 0 ? '時間チャージ未登録' : '加工機なし';
  };
  const costs: Figure[] = [
    { label: '原価', value: yen(job.cost) },
    { label: '機械費', value: yen(job.machine_cost), how: machineHow() },
    { label: '労務費', value: yen(job.labour_cost), how: job.labour_rate === null ? '労務単価未登録' : costed(job.labour_rate) },
    { label: '良品1枚あたり原価', value: yenPerSheet(job.cost_per_good) },
  ];
  const times: Figure[] = [
    { label: '作業時間', value: toSecond(job.worked_seconds) },
    { label: '工数（人時）', value: toSecond(job.man_seconds) },
    {
      label: '段取り時間',
      value: toSecond(job.setup_seconds),
      how: job.standard_setup_seconds === null ? undefined : `標準 ${toSecond(job.standard_setup_seconds)}`,
    },
    { label: '計画停止時間', value: toSecond(job.planned_stop_seconds) },
    { label: '非計画停止時間', value: toSecond(job.unplanned_stop_seconds) },
    { label: '正味稼働時間', value: toSecond(job.run_seconds) },
  ];
  const ratios: Figure[] = [
    { label: '時間稼働率', value: percent(job.availability), how: ratioFormulas.availability },
    { label: '性能稼働率', value: percent(job.performance), how: ratioFormulas.performance },
    { label: '良品率', value: percent(job.quality), how: ratioFormulas.quality },
    { label: 'OEE', value: percent(job.oee), how: ratioFormulas.oee },
  ];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        保存されている内容の数値です。入力中の変更は、保存すると反映されます。
      </Text>
      {/* Counts reach a job only at 終業 and 終了: until then its run time has no output. */}
      {!job.finished && (
        <Alert color="blue" role="status">
          作業中のため、現在までの数値です。数量は終業と終了で記録されるため、性能稼働率とOEEは、数量が記録されるまで低く表示されます。
        </Alert>
      )}
      <FigureCards figures={costs} cols={{ base: 2, lg: 4 }} />
      {/* The order's other processes (printing, cutting, folding) under the same slip, added up in 分析. */}
      <Anchor component={Link} to={orderPath(job)} size="lg">
        {`作業伝票No ${job.slip_no} の全工程を分析で見る`}
      </Anchor>
      {(missing.machines.length > 0 || missing.employees.length > 0) && (
        <Alert color="yellow">
          <Stack gap={4}>
            <Text size="sm">作業日の単価が登録されていないため、その分の原価は0円で計算しています。</Text>
            <MissingRateOwners missing={missing} />
          </Stack>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        機械費と労務費は、作業時間から計画停止時間を除いた時間に、1時間あたりの単価を掛けたものです（労務単価は作業者の合計）。
      </Text>
      <FigureCards figures={times} cols={{ base: 2, sm: 3, lg: 6 }} />
      <FigureCards figures={ratios} cols={{ base: 2, sm: 4 }} />
    </Stack>
  );
}

/** 分析 of the job's order: its slip, over the dates an order's jobs lie within. */
function orderPath(job: JobCost): string {
  return `${pathTo('analytics')}?${new URLSearchParams({ ...orderDates(job.work_date), slip: job.slip_no })}`;
}
