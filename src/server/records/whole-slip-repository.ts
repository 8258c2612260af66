import { sql } from 'kysely';

/**
 * The records (as `pc`) of the 作業伝票No `slip` as a whole, case aside — slips typed before the
 * digits-only rule may hold letters —, on the index of lower(slip_no): one order's jobs, not the slips
 * that hold the text as the list's search finds them.
 */
export const isWholeSlip = (slip: string) => sql<boolean>`lower(pc.slip_no) = lower(${slip})`;
