import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/202611220100_initial.ts';
import * as recordTotals from './migrations/202611220200_record_totals.ts';
import * as signInSecurity from './migrations/202611230100_sign_in_security.ts';
import * as workersAndIdempotency from './migrations/202611230300_workers_and_idempotency.ts';
import * as workersNameText from './migrations/202611240000_workers_name_text.ts';
import * as board from './migrations/202611240100_board.ts';
import * as analytics from './migrations/202611240200_analytics.ts';
import * as stations from './migrations/202611240300_stations.ts';
import * as pressCredentials from './migrations/202611250300_press_credentials.ts';
import * as analyticRollup from './migrations/202611260100_analytic_rollup.ts';
import * as callsEndWithJob from './migrations/202611270100_calls_end_with_job.ts';
import * as masterVersions from './migrations/202611280100_master_versions.ts';
import * as slipIndex from './migrations/202611290100_slip_index.ts';
import * as stationVersions from './migrations/202611300100_station_versions.ts';
import * as machineIndex from './migrations/202611300200_machine_index.ts';
import * as callEnds from './migrations/202612010100_call_ends.ts';
import * as callsEndInNowork from './migrations/202612020100_calls_end_in_nowork.ts';
import * as stopReasonIndex from './migrations/202612020200_stop_reason_index.ts';

/** Append-only: a new migration is a new file named YYYYMMDDHHmm_what.ts, listed here. */
const migrations: Record<string, Migration> = {
  '202611220100_initial': initial,
  '202611220200_record_totals': recordTotals,
  '202611230100_sign_in_security': signInSecurity,
  '202611230300_workers_and_idempotency': workersAndIdempotency,
  '202611240000_workers_name_text': workersNameText,
  '202611240100_board': board,
  '202611240200_analytics': analytics,
  '202611240300_stations': stations,
  '202611250300_press_credentials': pressCredentials,
  '202611260100_analytic_rollup': analyticRollup,
  '202611270100_calls_end_with_job': callsEndWithJob,
  '202611280100_master_versions': masterVersions,
  '202611290100_slip_index': slipIndex,
  '202611300100_station_versions': stationVersions,
  '202611300200_machine_index': machineIndex,
  '202612010100_call_ends': callEnds,
  '202612020100_calls_end_in_nowork': callsEndInNowork,
  '202612020200_stop_reason_index': stopReasonIndex,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was, not as it is
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
