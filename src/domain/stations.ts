import { z } from 'zod';
import { toHalfWidthText } from './dates.ts';
import { fieldMessages, ID_MAX } from './field-limits.ts';
import { idSchema, optionalChoice, requiredName, workshopTimeSchema } from './fields.ts';
import { sentVersionSchema, versionSchema } from './masters.ts';

/**
 * 端末 (docs/PRODUCT.md#stations): a shop-floor tablet an administrator registered, bound with a
 * one-time code, on which workers sign in by tapping their name and entering their 暗証番号.
 */
export const stationLimits = {
  nameMax: 50,
  /** The one-time code: digits, so that the tablet's keypad can enter it. */
  codeLength: 8,
  codeLifetimeMs: 10 * 60 * 1000,
  pinMin: 4,
  pinMax: 8,
} as const;

export const stationMessages = {
  nameRequired: '端末名を入力してください。',
  nameTooLong: fieldMessages.tooLong('端末名', stationLimits.nameMax),
  unknownMachine: '選択された加工機は登録されていません。',
  notFound: '端末が見つかりません。',
  codeRequired: `${stationLimits.codeLength}桁の登録コードを入力してください。`,
  codeWrong: '登録コードが正しくないか、有効期限が切れています。管理者に新しい登録コードを発行してもらってください。',
  notBound: 'この端末は作業端末として登録されていません。管理者から受け取った登録コードを入力してください。',
  passwordNeeded: 'この操作は作業端末のログインではできません。パスワードでログインしてください。',
  pinFormat: `暗証番号は${stationLimits.pinMin}〜${stationLimits.pinMax}桁の数字で入力してください。`,
  pinWrong: '暗証番号が正しくありません。',
  workerRequired: '作業者を選択してください。',
  /** `until` is the workshop's clock time (H:mm) from which PIN sign-in is possible again. */
  pinLocked: (until: string) => `暗証番号の誤りが続いたため、${until}まで暗証番号でログインできません。パスワードでのログインはできます。`,
  bound: 'この端末を作業端末として登録しました。',
  /** On the tiles, after a worker's session ended on the server (a new or removed PIN, the worker deleted, 再登録). */
  sessionEnded: 'ログインの有効期限が切れました。もう一度暗証番号を入力してください。',
  /** The tiles when no employee has a 暗証番号 yet (a workshop's first day). */
  noWorkerHasPin: '暗証番号が設定された作業者がいません。設定管理 → 従業員 で暗証番号を設定してください。',
} as const;

const PIN_FORM = new RegExp(`^\\d{${stationLimits.pinMin},${stationLimits.pinMax}}$`);

/** `pin` of the employee payload: write-only, 4 to 8 digits; empty (or absent) keeps the stored one. */
export const pinFieldSchema = z
  .string({ error: stationMessages.pinFormat })
  .refine((pin) => pin === '' || PIN_FORM.test(pin), stationMessages.pinFormat)
  .nullish()
  .transform((pin) => pin ?? '');

/** POST /api/station and PUT /api/station/{id}, which takes the version the list was read at, as a master's PUT does. */
export const stationSchema = z.object({
  name: requiredName('端末名', stationMessages.nameRequired, stationLimits.nameMax),
  machine_id: optionalChoice(stationMessages.unknownMachine),
  version: sentVersionSchema,
});
export type StationInput = z.output<typeof stationSchema>;
export type StationFormValues = z.input<typeof stationSchema>;
export const stationPayloadSchema = z.object({ station: stationSchema });

/** A row of GET /api/station (administrators). */
export const stationItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  machine_id: idSchema.nullable(),
  machine_name: z.string().nullable(),
  /** When a tablet bound itself as this station; null until then. */
  bound_at: workshopTimeSchema.nullable(),
  /** Until when the current one-time code can bind it; null without one. */
  code_expires_at: workshopTimeSchema.nullable(),
  /** Moved on by every save of its name or machine (docs/API.md#masters), not by binding or 再登録. */
  version: versionSchema,
});
export type StationItem = z.infer<typeof stationItemSchema>;

/** POST /api/station and POST /api/station/{id}/code (再登録): the one-time code, shown once. */
export const stationCodeResponseSchema = z.object({
  result: z.literal(true),
  id: idSchema,
  code: z.string(),
  code_expires_at: workshopTimeSchema,
  /** Where the tablet opens …/station: as the administrator reached the server, or its network addresses when that was the server's own machine. */
  station_addresses: z.array(z.string()),
});
export type StationCodeResponse = z.infer<typeof stationCodeResponseSchema>;

/** POST /api/station/bind; the code's full-width digits, as a Japanese input method types them, read as half-width. */
export const bindRequestSchema = z.object({
  code: z
    .string({ error: stationMessages.codeRequired })
    .overwrite(toHalfWidthText)
    .trim()
    .regex(new RegExp(`^\\d{${stationLimits.codeLength}}$`), stationMessages.codeRequired),
});

/** What a bound station knows of itself: GET /api/station/current, and the answer of bind. */
export const currentStationSchema = z.object({ id: idSchema, name: z.string(), machine_id: idSchema.nullable() });
export type CurrentStation = z.infer<typeof currentStationSchema>;
export const bindResponseSchema = z.object({ result: z.literal(true), station: currentStationSchema });
/**
 * GET /api/station/current: with the CSRF token of the browser's session, which the tiles take on,
 * since a worker's session that ended on the server (a new PIN) left the page holding a dead one.
 */
export const currentStationResponseSchema = currentStationSchema.extend({ csrf_token: z.string() });

/** GET /api/station/workers: the employees with a PIN, never more than this. */
export const stationWorkerSchema = z.object({ id: idSchema, name: z.string(), phonetic_name: z.string() });
export type StationWorker = z.infer<typeof stationWorkerSchema>;

/** POST /api/station/press_credential (press-credential.ts). */
export const pressCredentialResponseSchema = z.object({
  result: z.literal(true),
  token: z.string(),
  expires_at: workshopTimeSchema,
});
export type PressCredentialResponse = z.infer<typeof pressCredentialResponseSchema>;

/** POST /api/login/pin. */
export const pinLoginRequestSchema = z.object({
  employee_id: z
    .number({ error: stationMessages.workerRequired })
    .int(stationMessages.workerRequired)
    .min(1, stationMessages.workerRequired)
    .max(ID_MAX, stationMessages.workerRequired),
  // A PIN that is no PIN (none, too short) is refused before the throttle: it cannot be right, and
  // a worker's stray OK must not count toward locking them out.
  pin: z.string({ error: stationMessages.pinFormat }).regex(PIN_FORM, stationMessages.pinFormat),
});
