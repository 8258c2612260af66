import { describe, expect, it } from 'vitest';
import { ScannerBurst } from './scanner-keystrokes.ts';

const typeAt = (burst: ScannerBurst, keys: string[], start: number, gap: number) =>
  keys.map((key, index) => burst.press(key, start + index * gap)).at(-1);

describe('keystrokes of a barcode scanner', () => {
  it('are read as one scan when fast and ended by Enter', () => {
    expect(typeAt(new ScannerBurst(), [...'1234-5', 'Enter'], 1000, 10)).toBe('1234-5');
  });
  it('are not a person typing at a person’s pace', () => {
    expect(typeAt(new ScannerBurst(), [...'1234', 'Enter'], 1000, 120)).toBeNull();
  });
  it('start again after a pause, so slow keys before a scan are not part of it', () => {
    const burst = new ScannerBurst();
    burst.press('9', 0);
    expect(typeAt(burst, [...'4711', 'Enter'], 500, 5)).toBe('4711');
  });
  it('need a few characters: Enter alone is a person’s', () => {
    expect(typeAt(new ScannerBurst(), ['1', 'Enter'], 0, 5)).toBeNull();
  });
});
