import { useSyncExternalStore } from 'react';
import { outboxStore, type OutboxSnapshot } from './outbox.ts';

/** The outbox as it stands, or null until it has been read after the page loaded. */
export function useOutbox(): OutboxSnapshot | null {
  return useSyncExternalStore(outboxStore.subscribe, outboxStore.snapshot);
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
