import { deletedName, type SelectorItem } from '../../../domain/masters.ts';
import { shownMachineName, type ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { selectData } from '../../components/select-props.ts';

/** 加工機's choice when none is made: the search takes every machine. */
export const ALL_MACHINES = { value: '', label: 'すべて' } as const;

/**
 * 加工機's choices: すべて, then the machines. A machine searched before it was deleted (an address kept
 * from then) is not among them but stays the choice, by its name marked （削除済み） from the rows found,
 * or bare （削除済み） when the search found none — as the record editor names a choice it cannot name.
 * While the machines are not read (`undefined`: not yet, or the read failed) such a choice may be a
 * machine that is there, and is named by its id alone. Until the search has answered (or when it was
 * refused: an id that never was) nothing is added.
 */
export function machineChoices(
  machines: readonly SelectorItem[] | undefined,
  chosen: string,
  found: readonly ProductCostListRow[] | undefined,
): Array<{ value: string; label: string }> {
  const choices = [ALL_MACHINES, ...selectData(machines ?? [])];
  if (chosen === '' || found === undefined || choices.some((choice) => choice.value === chosen)) return choices;
  const row = found.find((candidate) => String(candidate.machine_id) === chosen);
  const unnamed = machines ? deletedName('') : `加工機 ${chosen}`;
  return [...choices, { value: chosen, label: row ? shownMachineName(row) : unnamed }];
}
