import { employeeLimits } from '../../domain/employees.ts';
import { SLIP_NO_MAX_LENGTH } from '../../domain/field-limits.ts';
import { nameMaxLength } from '../../domain/named-masters.ts';

/**
 * The longest values of the downloads' text columns, in half-width characters (full-width counting
 * two), as the masters' limits allow them: a streamed sheet's widths are set before its first row.
 */
export const longestText = {
  masterName: nameMaxLength * 2,
  // 姓 名, both full-width; a job's workers are several of them, which the widest column holds anyway.
  employeeName: employeeLimits.nameMax * 4 + 1,
  slip: SLIP_NO_MAX_LENGTH,
  // 段取り中断, the longest state's name.
  state: 10,
} as const;
