import { totalDefective, defectiveRate, decimalHours, workingRate } from '../../../domain/product-cost-metrics.ts';
import { LIST_FILE_STEM } from '../../../domain/product-cost-list.ts';
import { workDate, workshopMs } from '../../../domain/time.ts';
import { workStateNames } from '../../../domain/work-state.ts';
import type { DownloadColumn, DownloadCondition, DownloadTable } from '../../downloads/download-table.ts';
import { longestText } from '../../downloads/text-widths.ts';
import { nameOf, processingOf, type CsvBatch, type CsvRecord } from './csv-export.ts';

/** A record of the export with what its batch shares (the masters' names, the workshop's zone). */
type WorkbookRow = CsvRecord & { batch: CsvBatch };

const hours = (seconds: number) => decimalHours(seconds * 1000);

/**
 * The list's workbook: the CSV's columns in the CSV's order (docs/PRODUCT.md#csv-export), as typed
 * cells — 作業伝票No as text, so that Excel keeps 0012345 and 12-5 as written; dates and times as dates,
 * durations as Excel times to the second, counts and rates as numbers.
 */
const columns: ReadonlyArray<DownloadColumn<WorkbookRow>> = [
  { header: '状態', kind: 'text', longest: longestText.state, value: ({ status }) => workStateNames[status.state] },
  { header: '作業伝票No', kind: 'text', longest: longestText.slip, value: ({ record }) => record.slip_no },
  { header: '作業日', kind: 'date', value: ({ record, batch }) => workDate(record.started_on, batch.timeZone) },
  { header: '開始時刻', kind: 'time', value: ({ record, batch }) => workshopMs(record.started_on, batch.timeZone) },
  {
    header: '終了時刻',
    kind: 'time',
    value: ({ record, batch }) => (record.finished_on === null ? null : workshopMs(record.finished_on, batch.timeZone)),
  },
  { header: '作業者', kind: 'text', longest: longestText.employeeName, value: ({ status }) => status.workers_name },
  {
    header: '用紙サイズ',
    kind: 'text',
    longest: longestText.masterName,
    value: ({ record, batch }) => nameOf(batch.names.paperSizes, record.paper_size_id),
  },
  {
    header: '加工内容',
    kind: 'text',
    longest: longestText.masterName * 2 + 1,
    value: ({ record, batch }) => processingOf(record, batch.names),
  },
  { header: '作業時間', kind: 'duration', value: ({ status }) => status.worked_seconds },
  { header: '作業時間(時間)', kind: 'decimal', value: ({ status }) => hours(status.worked_seconds) },
  { header: '中断時間', kind: 'duration', value: ({ status }) => status.breaked_seconds },
  { header: '中断時間(時間)', kind: 'decimal', value: ({ status }) => hours(status.breaked_seconds) },
  { header: '段取り時間', kind: 'duration', value: ({ status }) => status.setup_seconds },
  { header: '段取り時間(時間)', kind: 'decimal', value: ({ status }) => hours(status.setup_seconds) },
  { header: '不良数', kind: 'count', value: ({ record }) => totalDefective(record) },
  { header: '稼働率(%)', kind: 'percent', value: ({ status }) => workingRate(status.worked_seconds, status.breaked_seconds) },
  { header: '良品数', kind: 'count', value: ({ record }) => record.superior },
  { header: 'キズ', kind: 'count', value: ({ record }) => record.wound },
  { header: 'サイズミス', kind: 'count', value: ({ record }) => record.size },
  { header: 'ポカミス', kind: 'count', value: ({ record }) => record.miss },
  { header: 'その他', kind: 'count', value: ({ record }) => record.other },
  { header: '不良率(%)', kind: 'percent', value: ({ record }) => defectiveRate(record) },
  {
    header: '加工機',
    kind: 'text',
    longest: longestText.masterName,
    value: ({ record, batch }) => nameOf(batch.names.machines, record.machine_id),
  },
  {
    header: '会社',
    kind: 'text',
    longest: longestText.masterName,
    value: ({ record, batch }) => nameOf(batch.names.companies, record.company_id),
  },
  { header: '呼出回数', kind: 'count', value: ({ calls }) => calls.count },
  { header: '呼出待ち時間', kind: 'duration', value: ({ calls }) => calls.wait_seconds },
];

export const workbookHeaders = columns.map((column) => column.header);

async function* rowsOf(batches: AsyncIterable<CsvBatch>): AsyncGenerator<WorkbookRow[]> {
  for await (const batch of batches) yield batch.rows.map((row) => ({ ...row, batch }));
}

/** The range's records as the list's workbook, 作業時間一覧.xlsx, written as the batches are read. */
export function listWorkbook(batches: AsyncIterable<CsvBatch>, conditions: DownloadCondition[]): DownloadTable<WorkbookRow> {
  return {
    fileName: LIST_FILE_STEM,
    asciiName: 'sagyo-jikan',
    sheetName: '作業時間一覧',
    columns,
    batches: rowsOf(batches),
    conditions,
  };
}
