import { messages } from '../../domain/messages.ts';

/**
 * What a save over an item read at `readVersion` announces (docs/PRODUCT.md#record-editor,
 * #master-screens): the server writes nothing for a save that changes nothing and answers the version
 * the item stands at, the one the screen read, which says 変更はありません。; any other version is a save
 * that changed the item, announced as `changed`.
 */
export function saveAnnouncement(readVersion: number | undefined, saved: { version: number }, changed: string): string {
  return saved.version === readVersion ? messages.saved.unchanged : changed;
}
