import { slipNoSchema } from './fields.ts';

export const scanMessages = {
  /** What was read is named, so that a worker sees a wrong barcode for what it is. */
  notASlip: (read: string, why: string) => `読み取った「${read}」は作業伝票Noとして使えません。${why}`,
  /** The camera's scan (スキャン on the work screen) while it looks for a code. */
  reading: '読み取り中…',
  /** Shown for a moment before the camera's dialog closes and the slip number is filled. */
  read: (text: string) => `読み取りました: ${text}`,
  /** Camera refused, absent, or the page without one (not a secure origin): the keypad is the way in. */
  cameraUnavailable: 'カメラを使えません。作業伝票Noをキーパッドで入力してください。',
  /** The decoder could not be loaded (the server unreachable on the first scan, say). */
  decoderUnavailable: 'バーコードを読み取る準備ができませんでした。作業伝票Noをキーパッドで入力してください。',
} as const;

/** A scanned text as the slip number, by the slip number's own rules (src/domain/fields.ts), or why not. */
export function readScannedSlip(read: string): { slipNo: string } | { refused: string } {
  const parsed = slipNoSchema.safeParse(read);
  if (parsed.success) return { slipNo: parsed.data };
  return { refused: scanMessages.notASlip(read, parsed.error.issues[0]!.message) };
}
