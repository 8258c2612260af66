import { useEffect, useRef } from 'react';
import { abandonOpenKeypads } from '../../components/keypad-input.ts';
import { ScannerBurst } from './scanner-keystrokes.ts';

/**
 * While `active`, hands every scanner burst typed anywhere on the screen to `onScan`. The Enter that
 * ends it is kept from the focused control, what the burst typed into a focused text field is
 * taken out again, and a keypad open under it closes without taking what it typed there.
 */
export function useScannerKeystrokes(active: boolean, onScan: (text: string) => void): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    if (!active) return;
    const burst = new ScannerBurst();
    const listen = (event: KeyboardEvent) => {
      const scanned = burst.press(event.key, event.timeStamp);
      if (scanned === null) return;
      event.preventDefault();
      event.stopPropagation();
      const field = document.activeElement;
      if (field instanceof HTMLInputElement && !field.readOnly && field.value.endsWith(scanned)) {
        field.value = field.value.slice(0, -scanned.length);
      }
      abandonOpenKeypads();
      latest.current(scanned);
    };
    window.addEventListener('keydown', listen, { capture: true });
    return () => window.removeEventListener('keydown', listen, { capture: true });
  }, [active]);
}
