import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface EditBreak {
  id: number;
  broken_on: string;
  restarted_on: string | null;
  interruption_id: number;
  interruption_other: string | null;
}

export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  /** ISO 8601 with the workshop's offset. */
  at: string;
  actor_name: string;
}

/** GET /api/productcost/edit/{id}: the whole record, times as ISO 8601 with the workshop's offset. */
export interface EditRecord {
  id: number;
  version: number;
  slip_no: string;
  employees: Array<{ id: number; name: string }>;
  paper_size_id: number | null;
  processing_id: number | null;
  processing_detail_id: number | null;
  machine_id: number | null;
  company_id: number | null;
  started_on: string;
  finished_on: string | null;
  break_times: EditBreak[];
  setup_times: Array<{ id: number; started_on: string; finished_on: string | null; setup_break_times: EditBreak[] }>;
  superior: number | null;
  wound: number | null;
  size: number | null;
  miss: number | null;
  other: number | null;
  process2: string | null;
  /** The workshop's zone, in which times are shown and typed times are read. */
  time_zone: string;
  history: HistoryEntry[];
}

export const editRecordKey = (id: number) => ['productcost', id, 'edit'] as const;

/**
 * The record as it is now. Kept only while the screen shows it (gcTime 0): opened again, the screen
 * starts from the server's version, never from a copy that a save would overwrite with 409.
 */
export function useEditRecord(id: number) {
  return useQuery({ queryKey: editRecordKey(id), queryFn: () => api<EditRecord>('GET', `/api/productcost/edit/${id}`), gcTime: 0 });
}
