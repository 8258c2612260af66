/** The keys of the keypad (docs/PRODUCT.md#keypad) that change the value (OK commits it). */
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '-' | 'backspace';

export interface KeypadRules {
  maxLength: number;
  /** A count: digits only (the hyphen is disabled) and no leading zero, so that 0 then 7 reads 7. */
  wholeNumber: boolean;
  /** Digits only, leading zeros kept (a PIN). */
  digitsOnly?: boolean;
  /** OK stays disabled below this many characters (a PIN of 4 to 8 digits): none is the least. */
  minLength?: number;
}

/** Whether OK may take the draft: it has the least length the field asks for. */
export function canCommit(draft: KeypadDraft, rules: KeypadRules): boolean {
  return draft.text.length >= (rules.minLength ?? 0);
}

/** docs/PRODUCT.md#keypad: at most 10 characters unless a field says otherwise. */
export const defaultKeypadRules: KeypadRules = { maxLength: 10, wholeNumber: false };

/**
 * The value on the keypad's display. While `fresh` it is still the field's value, shown selected:
 * the first digit replaces it (a count is usually entered anew), ⌫ edits it instead.
 */
export interface KeypadDraft {
  text: string;
  fresh: boolean;
}

export function openDraft(value: string): KeypadDraft {
  return { text: value, fresh: value !== '' };
}

export function isKeyEnabled(key: KeypadKey, rules: KeypadRules): boolean {
  return !(key === '-' && (rules.wholeNumber || rules.digitsOnly === true));
}

/** The draft after a key; a key that is disabled or would pass the maximum length changes nothing. */
export function pressKey(draft: KeypadDraft, key: KeypadKey, rules: KeypadRules): KeypadDraft {
  if (key === 'backspace') return { text: draft.text.slice(0, -1), fresh: false };
  if (!isKeyEnabled(key, rules)) return draft;
  const before = draft.fresh ? '' : draft.text;
  const text = rules.wholeNumber && before === '0' ? key : before + key;
  return text.length > rules.maxLength ? draft : { text, fresh: false };
}

/** The keypad key a physical keyboard's key stands for, so that office staff can type too. */
export function keypadKeyOf(key: string): KeypadKey | undefined {
  if (/^[0-9]$/.test(key) || key === '-') return key as KeypadKey;
  if (key === 'Backspace') return 'backspace';
  return undefined;
}

const ABANDON_EVENT = 'kosu-keypad-abandon';

/**
 * Closes every open keypad without taking its value, as its × does: a barcode scanner types as a
 * keyboard, and a slip scanned while a count's keypad was open would otherwise stay in it as a count.
 */
export function abandonOpenKeypads(): void {
  window.dispatchEvent(new Event(ABANDON_EVENT));
}

/** Calls `close` at abandonOpenKeypads until the answered function is called. */
export function onKeypadsAbandoned(close: () => void): () => void {
  window.addEventListener(ABANDON_EVENT, close);
  return () => window.removeEventListener(ABANDON_EVENT, close);
}
