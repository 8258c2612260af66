import {
  breakdownNames,
  type BreakdownBy,
  type BreakdownRow,
  type JobRow,
  type JobsFilter,
  type LossRow,
} from '../../../domain/analytics-api.ts';
import { stopCategoryNames } from '../../../domain/analytics.ts';
import { fullName } from '../../../domain/user.ts';
import { periodCondition, type DownloadColumn, type DownloadCondition, type DownloadTable } from '../../downloads/download-table.ts';
import { longestText } from '../../downloads/text-widths.ts';
import type { findNames } from './analytics-repository.ts';

/** The longest values of 分析's own text columns, beside the masters' (longestText). */
const longest = {
  ...longestText,
  // 2026/12/28〜2027/01/03: a week the year's end cuts (weekName).
  week: 22,
  date: 10,
  month: 10,
} as const;

type Names = Awaited<ReturnType<typeof findNames>>;

/**
 * What a download of 分析 is of, for its workbook's sheet 条件: the range, and each filter by the name
 * the screen offered it under (すべて when none was chosen).
 */
export function filterLines(filter: JobsFilter, names: Names): DownloadCondition[] {
  const chosen = (id: number | undefined, name: (id: number) => string | undefined) =>
    id === undefined ? 'すべて' : (name(id) ?? String(id));
  const employee = (id: number) => {
    const found = names.employees.find((person) => person.id === id);
    return found && fullName(found);
  };
  return [
    periodCondition(filter.from, filter.to),
    { label: '加工機', value: chosen(filter.machine_id, (id) => names.machines.get(id)) },
    { label: '会社', value: chosen(filter.company_id, (id) => names.companies.get(id)) },
    { label: '加工内容', value: chosen(filter.processing_id, (id) => names.processings.get(id)) },
    { label: '加工内容詳細', value: chosen(filter.processing_detail_id, (id) => names.processingDetails.get(id)) },
    { label: '用紙サイズ', value: chosen(filter.paper_size_id, (id) => names.paperSizes.get(id)) },
    { label: '作業者', value: chosen(filter.employee_id, employee) },
    { label: '作業伝票No', value: filter.slip ?? 'すべて' },
    // 作業別原価 narrowed from the Pareto to the jobs stopped for one reason.
    ...(filter.interruption_id === undefined
      ? []
      : [
          {
            label: '停止理由',
            value: chosen(filter.interruption_id, (id) => names.interruptions.find((reason) => reason.id === id)?.name),
          },
        ]),
  ];
}

/** The OEE parts as a Japanese workshop names them; 稼働率 stays the product's working rate. */
const ratioColumns = <Row extends Pick<JobRow, 'availability' | 'performance' | 'quality' | 'oee'>>(): DownloadColumn<Row>[] => [
  { header: '時間稼働率(%)', kind: 'percent', value: (row) => row.availability },
  { header: '性能稼働率(%)', kind: 'percent', value: (row) => row.performance },
  { header: '良品率(%)', kind: 'percent', value: (row) => row.quality },
  { header: 'OEE(%)', kind: 'percent', value: (row) => row.oee },
];

const jobColumns: ReadonlyArray<DownloadColumn<JobRow>> = [
  { header: '作業日', kind: 'date', value: (row) => row.work_date },
  { header: '作業伝票No', kind: 'text', longest: longest.slip, value: (row) => row.slip_no },
  { header: '状態', kind: 'text', longest: 6, value: (row) => (row.finished ? '完了' : '作業中') },
  { header: '作業者', kind: 'text', longest: longest.employeeName, value: (row) => row.workers_name },
  { header: '加工機', kind: 'text', longest: longest.masterName, value: (row) => row.machine_name },
  { header: '会社', kind: 'text', longest: longest.masterName, value: (row) => row.company_name },
  { header: '加工内容', kind: 'text', longest: longest.masterName, value: (row) => row.processing_name },
  { header: '加工内容詳細', kind: 'text', longest: longest.masterName, value: (row) => row.processing_detail_name },
  { header: '用紙サイズ', kind: 'text', longest: longest.masterName, value: (row) => row.paper_size_name },
  { header: '作業時間', kind: 'duration', value: (row) => row.worked_seconds },
  { header: '工数(人時)', kind: 'duration', value: (row) => row.man_seconds },
  { header: '段取り時間', kind: 'duration', value: (row) => row.setup_seconds },
  { header: '標準段取り時間', kind: 'duration', value: (row) => row.standard_setup_seconds },
  { header: '計画停止時間', kind: 'duration', value: (row) => row.planned_stop_seconds },
  { header: '非計画停止時間', kind: 'duration', value: (row) => row.unplanned_stop_seconds },
  { header: '正味稼働時間', kind: 'duration', value: (row) => row.run_seconds },
  { header: '良品数', kind: 'count', value: (row) => row.good },
  { header: '不良数', kind: 'count', value: (row) => row.defective },
  ...ratioColumns<JobRow>(),
  { header: '機械費(円)', kind: 'yen', value: (row) => row.machine_cost },
  { header: '労務費(円)', kind: 'yen', value: (row) => row.labour_cost },
  { header: '原価(円)', kind: 'yen', value: (row) => row.cost },
  { header: '良品1枚あたり原価(円)', kind: 'yen_decimal', value: (row) => row.cost_per_good },
  { header: '単価未設定', kind: 'text', longest: 4, value: (row) => (row.rate_missing ? 'あり' : '') },
];

/** The job rows of 分析 as a file: 分析_作業別原価. */
export function jobsDownload(batches: AsyncIterable<JobRow[]>, conditions?: DownloadCondition[]): DownloadTable<JobRow> {
  return { fileName: '分析_作業別原価', asciiName: 'analytics-jobs', sheetName: '作業別原価', columns: jobColumns, batches, conditions };
}

/** How long a breakdown's item names can be: a master's or a worker's name, or a period's. */
const itemNameLongest: Record<BreakdownBy, number> = {
  machine: longest.masterName,
  employee: longest.employeeName,
  processing: longest.masterName,
  processing_detail: longest.masterName,
  paper_size: longest.masterName,
  company: longest.masterName,
  day: longest.date,
  week: longest.week,
  month: longest.month,
};

/**
 * 作業者別 counts a job in full on each of its workers (docs/API.md#analytics), so its rows add up to
 * more than the range's figures; the screen says so above the table, the workbook on 原価(円).
 */
export const employeeRowsNote =
  '作業者別では、複数人で行った作業をその作業者それぞれに数えるため、各行の合計は全体の数値より大きくなることがあります。工数（人時）は各作業者自身の時間です。';

function breakdownColumns(by: BreakdownBy): ReadonlyArray<DownloadColumn<BreakdownRow>> {
  return [
    { header: breakdownNames[by], kind: 'text', longest: itemNameLongest[by], value: (row) => row.name },
    { header: '作業件数', kind: 'count', value: (row) => row.jobs },
    { header: '作業時間', kind: 'duration', value: (row) => row.worked_seconds },
    { header: '工数(人時)', kind: 'duration', value: (row) => row.man_seconds },
    { header: '良品数', kind: 'count', value: (row) => row.good },
    { header: '不良数', kind: 'count', value: (row) => row.defective },
    { header: '不良率(%)', kind: 'percent', value: (row) => row.defective_rate },
    { header: 'キズ', kind: 'count', value: (row) => row.wound },
    { header: 'サイズミス', kind: 'count', value: (row) => row.size },
    { header: 'ポカミス', kind: 'count', value: (row) => row.miss },
    { header: 'その他', kind: 'count', value: (row) => row.other },
    ...ratioColumns<BreakdownRow>(),
    { header: '原価(円)', kind: 'yen', value: (row) => row.cost, ...(by === 'employee' && { note: employeeRowsNote }) },
  ];
}

/** Rows read whole before the file is written (a breakdown's, the Pareto's: one per item, never a year's jobs), as its one batch. */
async function* oneBatch<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

/** A breakdown of 分析 as a file: 分析_加工機別, 分析_月別, … */
export function breakdownDownload(by: BreakdownBy, rows: BreakdownRow[], conditions?: DownloadCondition[]): DownloadTable<BreakdownRow> {
  const sheetName = `${breakdownNames[by]}別`;
  return {
    fileName: `分析_${sheetName}`,
    asciiName: `analytics-${by}`,
    sheetName,
    columns: breakdownColumns(by),
    batches: oneBatch(rows),
    conditions,
  };
}

const lossColumns: ReadonlyArray<DownloadColumn<LossRow>> = [
  { header: '中断内容', kind: 'text', longest: longest.masterName, value: (row) => row.name },
  // 非計画停止, the longer 区分.
  { header: '区分', kind: 'text', longest: 10, value: (row) => stopCategoryNames[row.category] },
  { header: '停止時間', kind: 'duration', value: (row) => row.seconds },
  { header: '回数', kind: 'count', value: (row) => row.count },
  { header: '比率(%)', kind: 'percent', value: (row) => row.share },
  { header: '累積比率(%)', kind: 'percent', value: (row) => row.cumulative_share },
];

/** 停止理由's Pareto as a file, largest first as on the screen: 分析_停止理由. */
export function lossesDownload(rows: LossRow[], conditions?: DownloadCondition[]): DownloadTable<LossRow> {
  return {
    fileName: '分析_停止理由',
    asciiName: 'analytics-losses',
    sheetName: '停止理由',
    columns: lossColumns,
    batches: oneBatch(rows),
    conditions,
  };
}
