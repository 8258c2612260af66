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

const offered = (items: SelectorItem[], id: number | null) => id !== null && items.some((item) => item.id === id);

/**
 * A new job's 作業伝票No fills 用紙サイズ and 会社 from the slip's last job (docs/PRODUCT.md#work-screen)
 * where the worker has chosen none, so that an order's cutting and folding need not choose again what its
 * printing did. Answers the labels of what it filled, for the note under the slip. Without an answer
 * (offline, the server out of reach) nothing is filled and nothing is said: the fields are chosen as always.
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
  // Each answer is applied once, as it arrives: a field the worker empties again afterwards stays empty.
  const [applied, setApplied] = useState<{ answer: SlipDefaults; labels: string[] }>();
  if (enabled && data && data !== applied?.answer) {
    const fill = filledFields.filter(({ field, options: items }) => fields[field] === null && offered(options[items], data[field]));
    if (fill.length > 0)
      setFields((current) => ({ ...current, ...Object.fromEntries(fill.map(({ field }) => [field, String(data[field])])) }));
    setApplied({ answer: data, labels: fill.map(({ label }) => label) });
  }
  return enabled && data !== undefined && applied?.answer === data ? applied.labels : [];
}
