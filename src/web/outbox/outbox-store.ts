import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { withRecordedId, type OutboxPress } from './outbox-press.ts';

/** A press as the outbox holds it: `seq` is its place in the order of pressing. */
export type StoredPress = OutboxPress & { seq: number };

export interface StoredCredential {
  workerId: number;
  token: string;
  expiresAt: string;
}

interface OutboxSchema extends DBSchema {
  presses: { key: number; value: StoredPress };
  credentials: { key: number; value: StoredCredential };
}

/**
 * The outbox in IndexedDB, which outlives a reload and a restart of the browser: the presses in
 * the order they were made, and each station worker's press credential.
 */
let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;
function database() {
  opened ??= openDB<OutboxSchema>('kosu-outbox', 1, {
    upgrade(db) {
      db.createObjectStore('presses', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('credentials', { keyPath: 'workerId' });
    },
  });
  return opened;
}

/** Every press kept, in the order pressed (the key's order). */
export async function storedPresses(): Promise<StoredPress[]> {
  return (await database()).getAll('presses');
}

/** Keeps a press at the end of the order, and answers its place (`seq`). */
export async function addPress(press: OutboxPress): Promise<number> {
  // seq is given by the store (autoIncrement), so presses of two tabs never take one place.
  return (await database()).add('presses', press as StoredPress);
}

/** A held press handed to the outbox (OutboxPress.heldBy), in its place in the order. */
export async function releasePress(seq: number): Promise<void> {
  const tx = (await database()).transaction('presses', 'readwrite');
  const press = await tx.store.get(seq);
  if (press) {
    const { heldBy: _, ...released } = press;
    await tx.store.put(released);
  }
  await tx.done;
}

/** Removes a recorded press and gives the id it was recorded as to every press that waited for it, in one transaction. */
export async function removeRecorded(press: StoredPress, recordedId: number | null): Promise<void> {
  const tx = (await database()).transaction('presses', 'readwrite');
  await tx.store.delete(press.seq);
  if (recordedId !== null) {
    for (const other of await tx.store.getAll()) await tx.store.put(withRecordedId(other, press.key, recordedId) as StoredPress);
  }
  await tx.done;
}

/** Marks a press refused, unless it is no longer kept (a held press its own screen settled meanwhile). */
export async function markRefused(press: StoredPress, message: string, at: string): Promise<void> {
  const tx = (await database()).transaction('presses', 'readwrite');
  if (await tx.store.get(press.seq)) await tx.store.put({ ...press, refused: { message, at } });
  await tx.done;
}

/** A refused press the worker or the administrator has read and dealt with, or a held one its screen was answered for. */
export async function removePress(seq: number): Promise<void> {
  await (await database()).delete('presses', seq);
}

export async function keepCredential(credential: StoredCredential): Promise<void> {
  await (await database()).put('credentials', credential);
}

export async function credentialOf(workerId: number): Promise<StoredCredential | undefined> {
  return (await database()).get('credentials', workerId);
}
