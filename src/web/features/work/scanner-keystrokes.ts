/**
 * A USB or Bluetooth barcode scanner types its text as keystrokes ending in Enter, far faster than a
 * person: at most this long between two keys, and at least this many characters.
 */
export const SCANNER_KEY_GAP_MS = 50;
export const SCANNER_MIN_LENGTH = 3;

/** Collects keystrokes; answers the scanned text when Enter ends a fast enough burst. */
export class ScannerBurst {
  private text = '';
  private lastAt = -Infinity;

  /** `key` as KeyboardEvent.key; answers the scanned text at the Enter that ends a burst, else null. */
  press(key: string, atMs: number): string | null {
    const fast = atMs - this.lastAt <= SCANNER_KEY_GAP_MS;
    this.lastAt = atMs;
    if (key === 'Enter') {
      const scanned = fast && this.text.length >= SCANNER_MIN_LENGTH ? this.text : null;
      this.text = '';
      return scanned;
    }
    if (key.length !== 1) return null;
    this.text = fast ? this.text + key : key;
    return null;
  }
}
