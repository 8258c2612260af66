import { describe, expect, it } from 'vitest';
import { isSecondTap, SECOND_TAP_MS } from './second-tap.ts';

describe('the second tap of a double tap on a dialog', () => {
  it('is a click the browser counts as the second of a series, whatever the input and however late', () => {
    expect(isSecondTap({ detail: 2, pointerType: 'mouse', msSinceOpened: 5_000 })).toBe(true);
    expect(isSecondTap({ detail: 3, pointerType: 'touch', msSinceOpened: 5_000 })).toBe(true);
  });

  it('is a touch soon after the dialog opened, where every tap counts as a first (an iPad)', () => {
    expect(isSecondTap({ detail: 1, pointerType: 'touch', msSinceOpened: 120 })).toBe(true);
    expect(isSecondTap({ detail: 1, pointerType: 'touch', msSinceOpened: SECOND_TAP_MS - 1 })).toBe(true);
  });

  it('is not a touch once the dialog has been there long enough to be read, nor a mouse’s or a pen’s first click', () => {
    expect(isSecondTap({ detail: 1, pointerType: 'touch', msSinceOpened: SECOND_TAP_MS })).toBe(false);
    expect(isSecondTap({ detail: 1, pointerType: 'mouse', msSinceOpened: 10 })).toBe(false);
    expect(isSecondTap({ detail: 1, pointerType: 'pen', msSinceOpened: 10 })).toBe(false);
    // A key (Enter on the focused OK) is a click without a pointer.
    expect(isSecondTap({ detail: 0, pointerType: '', msSinceOpened: 10 })).toBe(false);
  });
});
