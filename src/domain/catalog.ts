import { z } from 'zod';
import { idSchema, requiredName, rowIdSchema } from './fields.ts';
import { masterMessages, nameMaxLength, sentVersionSchema, versionSchema } from './masters.ts';
import { nameKey } from './name-key.ts';
import { formatCount } from './product-cost-metrics.ts';
import { selectorItemSchema } from './responses.ts';

/**
 * A processing (加工内容) and its details, edited together on one form. The work screens offer the
 * processing first and then only its details (docs/PRODUCT.md#work-screen).
 */
export const processingLimits = { detailsMax: 100 } as const;

export const processingNoun = '加工内容';
export const detailNoun = '詳細';

export const catalogMessages = {
  nameRequired: '名前を入力してください。',
  detailNameRequired: '詳細を入力してください。',
  // A processing without details could never be chosen: starting work needs both (docs/PRODUCT.md#work-screen).
  detailsRequired: '詳細を1件以上入力してください。',
  tooManyDetails: `詳細は${processingLimits.detailsMax}件以内で入力してください。`,
  duplicateDetail: (name: string) => `詳細「${name}」が重複しています。`,
  repeatedDetailId: '同じ詳細が2回以上指定されています。',
  processingIdInvalid: '加工内容の指定が正しくありません。',
} as const;

export const standardLimits = { speedMax: 10_000_000, setupMinutesMax: 100_000 } as const;

// Grouped by formatCount rather than toLocaleString: a number format made when this module loads would
// load the locale's data with every screen that imports it.
export const standardMessages = {
  badSpeed: `標準速度（枚/時）は1から${formatCount(standardLimits.speedMax)}までの整数で入力してください。`,
  badSetupMinutes: `標準段取り時間（分）は0から${formatCount(standardLimits.setupMinutesMax)}までの整数で入力してください。`,
} as const;

/** An optional whole number: null or absent when there is no standard. */
function optionalWhole(min: number, max: number, message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .nullish()
    .transform((value) => value ?? null);
}

export const processingDetailSchema = z.object({
  /** null (or absent) for a detail to add; the id of one of this processing's details to keep. */
  id: rowIdSchema.transform((id) => id ?? null),
  name: requiredName(detailNoun, catalogMessages.detailNameRequired, nameMaxLength),
  /** 標準速度: sheets an hour (docs/PRODUCT.md#analytics). */
  standard_speed: optionalWhole(1, standardLimits.speedMax, standardMessages.badSpeed),
  /** 標準段取り時間: minutes. */
  standard_setup_minutes: optionalWhole(0, standardLimits.setupMinutesMax, standardMessages.badSetupMinutes),
});

export const processingSchema = z.object({
  name: requiredName('名前', catalogMessages.nameRequired, nameMaxLength),
  details: z
    .array(processingDetailSchema, { error: catalogMessages.detailsRequired })
    .min(1, catalogMessages.detailsRequired)
    .max(processingLimits.detailsMax, catalogMessages.tooManyDetails)
    // Twin names are refused by duplicateDetail, which needs the names stored now besides the list.
    .superRefine((details, context) => {
      const ids = new Set<number>();
      for (const [index, detail] of details.entries()) {
        if (detail.id !== null && ids.has(detail.id)) {
          context.addIssue({ code: 'custom', path: [index, 'id'], message: catalogMessages.repeatedDetailId });
        }
        if (detail.id !== null) ids.add(detail.id);
      }
    }),
  /** The processing's version as read: the details are saved with it, so it covers them too. */
  version: sentVersionSchema,
});

export type ProcessingInput = z.infer<typeof processingSchema>;

/**
 * The first detail of a processing's list whose name is another's under nameKey (`２つ折り` beside
 * `2つ折り`, not beside `二つ折り`), with its message; null when there is none. `stored` are the names
 * the processing's active details have now, by id (none for a new processing). A detail kept under
 * a name of the key it already had is settled, and settled twins may stay: a list saved before
 * names were compared this way may hold some, and a save that changes neither of them (a standard
 * speed, another detail) must not be refused for them. A new detail, or one renamed to another key,
 * is refused beside any other detail of its key. Of two new twins the later is named, since the
 * earlier was there first on the form. The server asks this with what it has stored, the form with
 * what it read, so that the form tells the same before any call.
 */
export function duplicateDetail(
  details: ReadonlyArray<{ id: number | null; name: string }>,
  stored: ReadonlyMap<number, string> = new Map(),
): { index: number; message: string } | null {
  const keys = details.map((detail) => nameKey(detail.name));
  const settled = details.map(({ id }, index) => {
    const storedName = id === null ? undefined : stored.get(id);
    return storedName !== undefined && nameKey(storedName) === keys[index];
  });
  for (const [index, detail] of details.entries()) {
    if (settled[index] || keys[index] === '') continue;
    const twin = keys.some((key, other) => other !== index && key === keys[index] && (other < index || settled[other]));
    if (twin) return { index, message: catalogMessages.duplicateDetail(detail.name) };
  }
  return null;
}
/** What the form holds before it is checked: names as typed. */
export type ProcessingDraft = z.input<typeof processingSchema>;

/** The body of POST and PUT /api/processing. */
export const processingPayloadSchema = z.object({ processing: processingSchema });

/** GET /api/processing/{id}: the processing with its active details, in order. */
export const processingDetailItemSchema = selectorItemSchema.extend({
  standard_speed: z.number().int().nullable(),
  standard_setup_minutes: z.number().int().nullable(),
});
export type ProcessingDetailItem = z.infer<typeof processingDetailItemSchema>;
export const processingItemSchema = selectorItemSchema.extend({ details: z.array(processingDetailItemSchema), version: versionSchema });
export type ProcessingItem = z.infer<typeof processingItemSchema>;

/** GET /api/processing_detail/selector: every active detail, with the processing it belongs to. */
export const processingDetailSelectorItemSchema = selectorItemSchema.extend({ processing_id: idSchema });
export type ProcessingDetailSelectorItem = z.infer<typeof processingDetailSelectorItemSchema>;

export const processingMessages = {
  notFound: masterMessages.notFound(processingNoun),
  detailNotFound: masterMessages.notFound(detailNoun),
  duplicate: masterMessages.duplicate(processingNoun),
} as const;
