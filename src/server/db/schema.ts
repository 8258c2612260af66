import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CallEndingAction } from '../../domain/calls.ts';

/**
 * Table types of the data model. Timestamps are ISO 8601 strings in UTC on both engines
 * (the PostgreSQL connection parses timestamptz into the same form); flags are 0 or 1.
 */
type Timestamp = string;
type Flag = number;

interface Audited {
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

interface SoftDeleted {
  deleted_at: Timestamp | null;
}

/**
 * A master a form saves whole: every save moves its version on (migrations 202611280100_master_versions,
 * 202611300100_station_versions).
 */
interface Versioned {
  version: ColumnType<number, number | undefined, number>;
}

export interface EmployeeTable extends Audited, SoftDeleted, Versioned {
  id: Generated<number>;
  last_name: string;
  first_name: string;
  last_phonetic_name: string;
  first_phonetic_name: string;
  email: string;
  user_name: string | null;
  /** userIdKey(user_name): what sign-in looks up and the unique index holds. */
  user_key: string | null;
  password_hash: string | null;
  is_admin: Flag;
  is_responsible: Flag;
  use_login: Flag;
  /** 作業者として表示: offered as a worker on the work screen (on unless said otherwise). */
  show_as_worker: ColumnType<Flag, Flag | undefined, Flag>;
  display_order: number;
  /** argon2id of the 暗証番号 for station sign-in; NULL without one. */
  pin_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

interface NamedMaster extends Audited, SoftDeleted {
  id: Generated<number>;
  name: string;
  display_order: number;
}

/** A named master with its version; a processing's details are saved with their processing, under its version. */
interface VersionedNamedMaster extends NamedMaster, Versioned {}

export type MachineTable = VersionedNamedMaster;
export interface CompanyTable extends VersionedNamedMaster {
  phonetic_name: string;
}
export interface InterruptionTable extends VersionedNamedMaster {
  /** 区分: 計画停止 or 非計画停止 (docs/PRODUCT.md#analytics). */
  category: ColumnType<'planned' | 'unplanned', 'planned' | 'unplanned' | undefined, 'planned' | 'unplanned'>;
}
export type PaperSizeTable = VersionedNamedMaster;
export type ProcessingTable = VersionedNamedMaster;
export interface ProcessingDetailTable extends NamedMaster {
  processing_id: number;
  /** 標準速度, sheets an hour, and 標準段取り時間, minutes: the standards OEE measures against. */
  standard_speed: ColumnType<number | null, number | null | undefined, number | null>;
  standard_setup_minutes: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 時間チャージ of a machine or 労務単価 of an employee, yen an hour from a work date on. */
interface RateTable {
  valid_from: string;
  yen_per_hour: number;
}
export interface MachineRateTable extends RateTable {
  machine_id: number;
}
export interface EmployeeRateTable extends RateTable {
  employee_id: number;
}

/** A finished record's stop time per interruption reason, work and setup interruptions together. */
export interface ProductCostStopTable {
  product_cost_id: number;
  interruption_id: number;
  seconds: number;
  count: number;
}

/** Where a record falls in the rollup: its work date, and its machine, processing and detail (0 for none). */
interface RollupKey {
  work_date: string;
  machine_key: number;
  processing_key: number;
  detail_key: number;
}

/** The kept figures of the live, finished records summed per rollup key (records/analytic-rollup-repository.ts). */
export interface AnalyticDayTable extends RollupKey {
  jobs: number;
  worked_seconds: number;
  man_seconds: number;
  setup_seconds: number;
  planned_stop_seconds: number;
  unplanned_stop_seconds: number;
  good: number;
  wound: number;
  size: number;
  miss: number;
  other: number;
  machine_cost: number;
  labour_cost: number;
  rate_missing: number;
}

/** Their stop time per reason. */
export interface AnalyticDayStopTable extends RollupKey {
  interruption_id: number;
  seconds: number;
  count: number;
  /** The jobs stopped for the reason (each counted once however often it stopped). */
  jobs: Generated<number>;
}

export interface ProductCostTable extends Audited, SoftDeleted {
  id: Generated<number>;
  slip_no: string;
  paper_size_id: number | null;
  processing_id: number | null;
  processing_detail_id: number | null;
  machine_id: number | null;
  company_id: number | null;
  started_on: Timestamp;
  finished_on: Timestamp | null;
  superior: number | null;
  wound: number | null;
  size: number | null;
  miss: number | null;
  other: number | null;
  process2: string | null;
  version: ColumnType<number, number | undefined, number>;
  /** Kept when the record is finished or corrected; NULL while in progress (see the migration). */
  worked_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  breaked_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  setup_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  workers_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept for analysis like the totals above (src/server/records/record-totals.ts); NULL while in progress. */
  work_date: ColumnType<string | null, string | null | undefined, string | null>;
  planned_stop_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  unplanned_stop_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  worker_count: ColumnType<number | null, number | null | undefined, number | null>;
  machine_cost: ColumnType<number | null, number | null | undefined, number | null>;
  labour_cost: ColumnType<number | null, number | null | undefined, number | null>;
  machine_rate_missing: ColumnType<Flag | null, Flag | null | undefined, Flag | null>;
  labour_rate_missing: ColumnType<Flag | null, Flag | null | undefined, Flag | null>;
}

export interface ProductCostWorkerTable {
  product_cost_id: number;
  employee_id: number;
}

/** A period of a work record: who opened it and who closed it are kept for every one. */
interface Period {
  id: Generated<number>;
  product_cost_id: number;
  opened_by: number | null;
  closed_by: number | null;
}

export interface BreakTimeTable extends Period {
  broken_on: Timestamp;
  restarted_on: Timestamp | null;
  interruption_id: number;
  interruption_other: string | null;
}

export interface SetupTimeTable extends Period {
  started_on: Timestamp;
  finished_on: Timestamp | null;
}

export interface SetupBreakTimeTable extends Period {
  setup_time_id: number;
  broken_on: Timestamp;
  restarted_on: Timestamp | null;
  interruption_id: number;
  interruption_other: string | null;
}

export interface NoworkTimeTable extends Period {
  started_on: Timestamp;
  finished_on: Timestamp | null;
}

export interface SessionTable {
  /** HMAC of the cookie's token: a copy of the table does not hand out live sessions. */
  id: string;
  csrf_token: string;
  employee_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The station of a PIN sign-in; NULL for a password sign-in. */
  station_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoginThrottleTable {
  key: string;
  attempts: number;
  window_started_at: Timestamp;
}

/** Anonymous requests per client address in the current window (the rate limit on PostgreSQL). */
export type RequestCountTable = LoginThrottleTable;
/** The first answer to a work action sent with an Idempotency-Key, per user, for 24 hours. */
export interface IdempotencyKeyTable {
  employee_id: number;
  key: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  fingerprint: string;
  status: number;
  body: string;
  created_at: Timestamp;
}

/** 端末: a shop-floor tablet; token_hash is the keyed hash of its station cookie once bound. */
export interface StationTable extends Audited, Versioned {
  id: Generated<number>;
  name: string;
  machine_id: number | null;
  token_hash: string | null;
  bound_at: Timestamp | null;
}

/** The one-time code that binds a station, as a keyed hash, until used or expired. */
export interface StationCodeTable {
  code_hash: string;
  station_id: number;
  expires_at: Timestamp;
}

/** What lets a station's outbox send a worker's presses after that worker signed out: a keyed hash, like sessions. */
export interface PressCredentialTable {
  token_hash: string;
  employee_id: number;
  station_id: number;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  entity: string;
  entity_id: number;
  action: 'create' | 'update' | 'delete';
  actor_id: number | null;
  at: Timestamp;
  before_json: string | null;
  after_json: string | null;
}

export type CallReasonTable = VersionedNamedMaster;

/** A call for help (呼出) on a record: open until someone answers it, or a finish or 終業 ends it (ended_with). */
export interface CallTable {
  id: Generated<number>;
  product_cost_id: number;
  call_reason_id: number;
  called_at: Timestamp;
  called_by: number | null;
  answered_at: Timestamp | null;
  answered_by: number | null;
  /** The action that ended it when nobody answered it; null while it is open and when someone answered it. */
  ended_with: CallEndingAction | null;
}

/** A value an administrator sets in 設定管理. */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** A published change, kept an hour so that a board that reconnects gets what it missed. */
export interface BoardEventTable {
  id: Generated<number>;
  type: string;
  product_cost_id: number;
  state: number;
  at: Timestamp;
}

export interface Database {
  employees: EmployeeTable;
  machines: MachineTable;
  companies: CompanyTable;
  interruptions: InterruptionTable;
  paper_sizes: PaperSizeTable;
  processings: ProcessingTable;
  processing_details: ProcessingDetailTable;
  product_costs: ProductCostTable;
  product_cost_workers: ProductCostWorkerTable;
  break_times: BreakTimeTable;
  setup_times: SetupTimeTable;
  setup_break_times: SetupBreakTimeTable;
  nowork_times: NoworkTimeTable;
  sessions: SessionTable;
  login_throttles: LoginThrottleTable;
  request_counts: RequestCountTable;
  idempotency_keys: IdempotencyKeyTable;
  audit_logs: AuditLogTable;
  stations: StationTable;
  station_codes: StationCodeTable;
  press_credentials: PressCredentialTable;
  machine_rates: MachineRateTable;
  employee_rates: EmployeeRateTable;
  product_cost_stops: ProductCostStopTable;
  analytic_days: AnalyticDayTable;
  analytic_day_stops: AnalyticDayStopTable;
  call_reasons: CallReasonTable;
  calls: CallTable;
  settings: SettingTable;
  board_events: BoardEventTable;
}

export type Employee = Selectable<EmployeeTable>;
export type NewEmployee = Insertable<EmployeeTable>;
export type EmployeeUpdate = Updateable<EmployeeTable>;
export type Session = Selectable<SessionTable>;
