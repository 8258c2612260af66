import type { LoadedWorkRecord, WorkRecord } from '../../../domain/product-cost.ts';
import { WorkState } from '../../../domain/work-state.ts';

/** For the work screen's tests: a record as the screen reads it, started at 8:30 and working, nothing open. */
export const workRecord = (overrides: Partial<WorkRecord> = {}): WorkRecord => ({
  id: 7,
  slip_no: '123',
  employees: [{ id: 2, name: '佐藤 花子' }],
  paper_size_id: 1,
  processing_id: 1,
  processing_detail_id: 2,
  machine_id: null,
  company_id: null,
  started_on: '2026-11-22T08:30:00+09:00',
  finished_on: null,
  superior: null,
  wound: null,
  size: null,
  miss: null,
  other: null,
  total_defective: 0,
  defective_rate: 0,
  process2: null,
  state: WorkState.Working,
  version: 1,
  setup_time: null,
  setup_break_time: null,
  break_time: null,
  nowork_time: null,
  ...overrides,
});

/** The same as GET /api/productcost/{id} answers it, with 要確認 and the server's times. */
export const loadedWorkRecord = (overrides: Partial<LoadedWorkRecord> = {}): LoadedWorkRecord => ({
  ...workRecord(),
  stale: false,
  now: '2026-11-22T08:30:00+09:00',
  worked_seconds: 0,
  ...overrides,
});
