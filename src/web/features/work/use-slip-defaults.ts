import { useQuery } from '@tanstack/react-query';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { SelectorItem } from '../../../domain/masters.ts';
import type { SlipDefaults } from '../../../domain/slip-defaults.ts';
import { api } from '../../api/client.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import type { JobFields } from './work-form.ts';
import type { WorkOptions } from './work-queries.ts';

/** The fields a slip's last job fills, with their labels for the note that says so. */
const filledFields = [
  { field: 'paper_size_id', label: '用紙サイズ', options: 'paperSizes' },
  { field: 'company_id', label: '会社', options: 'companies' },
] as const;
type FilledField = (typeof filledFields)[number]['field'];
type Filled = Partial<Record<FilledField, string>>;

const offered = (items: SelectorItem[], id: number | null) => id !== null && items.some((item) => item.id === id);

/**
 * A new job's 作業伝票No fills 用紙サイズ and 会社 from the slip's last job (docs/PRODUCT.md#work-screen)
 * where the worker has chosen none, so that an order's cutting and folding need not choose again what its
 * printing did. Answers the labels of what it filled and still stands, for the note under the slip.
 * Without an answer (offline, the server out of reach) nothing is filled and nothing is said. Off while
 * 開始 is being sent: the press took the fields as they were, and a value filled then would show on the
 * started job without being recorded.
 */
export function useSlipDefaults(
  fields: JobFields,
  setFields: Dispatch<SetStateAction<JobFields>>,
  options: WorkOptions,
  enabled: boolean,
): string[] {
  const slip = fields.slip_no;
  const { data } = useQuery({
    queryKey: [...productCostKeys.all, 'slip_defaults', slip],
    queryFn: () => api<SlipDefaults>('GET', `/api/productcost/slip_defaults?slip_no=${encodeURIComponent(slip)}`),
    enabled: enabled && slip !== '',
  });
  // One answer per slip, applied as it arrives: a field the worker empties afterwards stays empty,
  // whatever a later read of the same slip says.
  const [applied, setApplied] = useState<{ slip: string; filled: Filled }>({ slip: '', filled: {} });
  const stillFilled = (field: FilledField) => applied.filled[field] !== undefined && fields[field] === applied.filled[field];
  if (enabled && data && slip !== applied.slip) {
    // What the slip typed before filled, and nobody changed since, was never chosen: the new slip's answer replaces it.
    const next: Partial<JobFields> = {};
    const filled: Filled = {};
    for (const { field, options: items } of filledFields) {
      const free = fields[field] === null || stillFilled(field);
      if (free && offered(options[items], data[field])) filled[field] = next[field] = String(data[field]);
      else if (stillFilled(field)) next[field] = null;
    }
    if (Object.keys(next).length > 0) setFields((current) => ({ ...current, ...next }));
    setApplied({ slip, filled });
    return [];
  }
  return filledFields.filter(({ field }) => slip === applied.slip && stillFilled(field)).map(({ label }) => label);
}
