/**
 * What the work screen says about a scan, by a USB scanner or the camera's スキャン. The check of
 * what was read (scan.ts) uses the slip number's zod schema; these are kept apart from it so that the
 * screen and its スキャン button show them without loading zod with the screen.
 */
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
