import { describe, expect, it } from 'vitest';
import { keyStartsWith, masterKeys, productCostKeys } from './query-keys.ts';

describe('query keys', () => {
  it('put every key of a master under its root, so one invalidation reaches list, item and selector', () => {
    const machine = masterKeys('machine');
    for (const key of [machine.list, machine.item(3), machine.selector]) expect(keyStartsWith(key, machine.all)).toBe(true);
    expect(keyStartsWith(masterKeys('company').list, machine.all)).toBe(false);
  });

  it('tell one item from another and from the selector', () => {
    const machine = masterKeys('machine');
    expect(keyStartsWith(machine.item(3), machine.item(3))).toBe(true);
    expect(keyStartsWith(machine.item(4), machine.item(3))).toBe(false);
    expect(keyStartsWith(machine.selector, machine.item(3))).toBe(false);
    expect(keyStartsWith(productCostKeys.all, [...productCostKeys.all, 3, 'edit'])).toBe(false);
  });

  it('put the lists of records under the root of every record read, and no record’s own read under the lists', () => {
    expect(keyStartsWith(productCostKeys.lists, productCostKeys.all)).toBe(true);
    expect(keyStartsWith([...productCostKeys.all, 3, 'edit'], productCostKeys.lists)).toBe(false);
    expect(keyStartsWith([...productCostKeys.all, 3, 'work'], productCostKeys.lists)).toBe(false);
  });
});
