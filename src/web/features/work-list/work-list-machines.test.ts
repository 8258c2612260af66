import { describe, expect, it } from 'vitest';
import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { machineChoices } from './work-list-machines.ts';

const machines = [
  { id: 1, name: '断裁機 1号' },
  { id: 2, name: '折り機 1号' },
];
const foundOn = (machine_id: number, machine_name: string) =>
  [{ machine_id, machine_name, machine_deleted: true }] as unknown as ProductCostListRow[];

describe("加工機's choices", () => {
  it('offer すべて and the machines', () => {
    expect(machineChoices(machines, '', [])).toEqual([
      { value: '', label: 'すべて' },
      { value: '1', label: '断裁機 1号' },
      { value: '2', label: '折り機 1号' },
    ]);
    expect(machineChoices(machines, '2', foundOn(2, '折り機 1号'))).toHaveLength(3);
  });

  it('keep a machine deleted since as the choice, by its name from the rows found, or bare when none was found', () => {
    expect(machineChoices(machines, '7', foundOn(7, '断裁機 3号')).at(-1)).toEqual({ value: '7', label: '断裁機 3号（削除済み）' });
    expect(machineChoices(machines, '7', []).at(-1)).toEqual({ value: '7', label: '（削除済み）' });
    // Before the machines are read, a machine the search found nothing on may well be there.
    expect(machineChoices(undefined, '2', []).at(-1)).toEqual({ value: '2', label: '加工機 2' });
    expect(machineChoices(undefined, '7', foundOn(7, '断裁機 3号')).at(-1)).toEqual({ value: '7', label: '断裁機 3号（削除済み）' });
  });

  it('add nothing before the search has answered, or when it was refused', () => {
    expect(machineChoices(machines, '99999', undefined)).toHaveLength(3);
  });
});
