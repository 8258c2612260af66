import { z } from 'zod';
import { countSchema, freeText, idSchema, optionalChoice, requiredChoice, slipNoSchema, workshopTimeSchema } from './fields.ts';
import { MAX_WORKERS } from './field-limits.ts';
import { countLabels, INTERRUPTION_OTHER_MAX_LENGTH, PROCESS2_MAX_LENGTH, workMessages } from './product-cost-fields.ts';
import { OTHER_INTERRUPTION_ID } from './named-masters.ts';
import { pressedAtSchema, pressSchema } from './pressed-at.ts';
import { selectorItemSchema } from './responses.ts';
import { WorkState, workActions } from './work-state.ts';

// The work record's limits, labels and messages, which the server's services and tests take from here too.
export {
  countFields,
  countLabels,
  INTERRUPTION_OTHER_MAX_LENGTH,
  PROCESS2_MAX_LENGTH,
  workMessages,
  type CountField,
} from './product-cost-fields.ts';

/** A work action as the API and the audit log name it (start, break…). */
export const workActionSchema = z.literal(workActions);

/** A state code as the API answers it. */
export const workStateSchema = z.literal([
  WorkState.Finished,
  WorkState.Working,
  WorkState.SettingUp,
  WorkState.SetupInterrupted,
  WorkState.WorkInterrupted,
  WorkState.EndOfDay,
]);

/** The counts and note that finishing (and stopping for the day) saves. */
export const finishFieldsSchema = z.object({
  process2: freeText(PROCESS2_MAX_LENGTH, workMessages.process2TooLong),
  superior: countSchema(countLabels.superior),
  wound: countSchema(countLabels.wound),
  size: countSchema(countLabels.size),
  miss: countSchema(countLabels.miss),
  other: countSchema(countLabels.other),
});
export type FinishFields = z.infer<typeof finishFieldsSchema>;

/** POST /api/productcost/finish/{id}: the finish fields and, from a tablet's outbox, the time of the press. */
export const finishRequestSchema = finishFieldsSchema.extend(pressSchema.shape);

/** The actions that carry nothing but, from a tablet's outbox, the time of the press. */
export const pressRequestSchema = pressSchema.nullish();

/**
 * POST /api/productcost/start. The checks run in the order of docs/PRODUCT.md#work-screen, so the first message is the one
 * the screen would have shown.
 */
export const startRequestSchema = z
  .object({
    slip_no: slipNoSchema,
    employees: z
      .array(requiredChoice(workMessages.unknownWorker), { error: workMessages.workersRequired })
      .min(1, workMessages.workersRequired)
      .max(MAX_WORKERS, workMessages.unknownWorker),
    paper_size_id: requiredChoice(workMessages.paperSizeRequired),
    processing_id: requiredChoice(workMessages.processingRequired),
    processing_detail_id: requiredChoice(workMessages.processingRequired),
    machine_id: optionalChoice(workMessages.unknownMachine),
    company_id: optionalChoice(workMessages.unknownCompany),
  })
  .extend(finishFieldsSchema.shape)
  .extend(pressSchema.shape);
export type StartRequest = z.infer<typeof startRequestSchema>;

/** POST /api/productcost/break/{id} and setup/break/{setup_time_id}. */
export const interruptRequestSchema = z
  .object({
    interruption_id: requiredChoice(workMessages.interruptionRequired),
    interruption_other: freeText(INTERRUPTION_OTHER_MAX_LENGTH, workMessages.interruptionOtherTooLong).transform((text) => text?.trim()),
    pressed_at: pressedAtSchema,
  })
  .superRefine((value, context) => {
    if (value.interruption_id === OTHER_INTERRUPTION_ID && !value.interruption_other) {
      context.addIssue({ code: 'custom', message: workMessages.interruptionOtherRequired, path: ['interruption_other'] });
    }
  });
export type InterruptRequest = z.infer<typeof interruptRequestSchema>;

const countValue = z.number().int().min(0).nullable();

/** A record's counts and what is derived from them, as every read of a record answers them. */
export const countFiguresSchema = z.object({
  superior: countValue,
  wound: countValue,
  size: countValue,
  miss: countValue,
  other: countValue,
  total_defective: z.number().int().min(0),
  /** Percent. */
  defective_rate: z.number(),
});

/** What both the work screen and the edit screen read of a record, times with the workshop's offset. */
export const recordFieldsSchema = z.object({
  id: idSchema,
  slip_no: z.string(),
  employees: z.array(selectorItemSchema),
  paper_size_id: idSchema.nullable(),
  processing_id: idSchema.nullable(),
  processing_detail_id: idSchema.nullable(),
  machine_id: idSchema.nullable(),
  company_id: idSchema.nullable(),
  started_on: workshopTimeSchema,
  finished_on: workshopTimeSchema.nullable(),
  ...countFiguresSchema.shape,
  process2: z.string().nullable(),
  version: z.number().int().min(1),
});
export type RecordFields = z.infer<typeof recordFieldsSchema>;

const openInterruption = z.object({
  id: idSchema,
  broken_on: workshopTimeSchema,
  interruption_id: idSchema,
  interruption_other: z.string().nullable(),
});

/**
 * The record as the work screen loads it (docs/PRODUCT.md#records-and-periods): its state and the periods
 * open now, with when each began (the screen's この状態 counts from there).
 */
export const workRecordSchema = recordFieldsSchema.extend({
  state: workStateSchema,
  setup_time: z.object({ id: idSchema, started_on: workshopTimeSchema }).nullable(),
  setup_break_time: openInterruption.nullable(),
  break_time: openInterruption.nullable(),
  nowork_time: z.object({ id: idSchema, started_on: workshopTimeSchema, finished_on: workshopTimeSchema.nullable() }).nullable(),
});
export type WorkRecord = z.infer<typeof workRecordSchema>;

/**
 * GET /api/productcost/{id}: the record as the work screen loads it, with 要確認 by the list's rule and
 * its 作業時間 so far at the server's `now`, from which the screen ticks on as the board does.
 */
export const loadedWorkRecordSchema = workRecordSchema.extend({
  stale: z.boolean(),
  now: workshopTimeSchema,
  worked_seconds: z.number().int().min(0),
});
export type LoadedWorkRecord = z.infer<typeof loadedWorkRecordSchema>;

/** What every work action answers: the new state; an action that opens a period adds its id. */
export const workActionResultSchema = z.object({ result: z.literal(true), state: workStateSchema });
export const startResultSchema = workActionResultSchema.extend({ product_cost: workRecordSchema });
export const setupStartResultSchema = workActionResultSchema.extend({ setup_time_id: idSchema });
export const setupBreakResultSchema = workActionResultSchema.extend({ setup_break_time_id: idSchema });
export const breakResultSchema = workActionResultSchema.extend({ break_time_id: idSchema });
export const noworkStartResultSchema = workActionResultSchema.extend({ nowork_time_id: idSchema });

/** Any work action's answer, as the screen handles them all alike. */
export type WorkActionResult = z.infer<typeof workActionResultSchema> &
  Partial<
    Pick<z.infer<typeof startResultSchema>, 'product_cost'> &
      Pick<z.infer<typeof setupStartResultSchema>, 'setup_time_id'> &
      Pick<z.infer<typeof setupBreakResultSchema>, 'setup_break_time_id'> &
      Pick<z.infer<typeof breakResultSchema>, 'break_time_id'> &
      Pick<z.infer<typeof noworkStartResultSchema>, 'nowork_time_id'>
  >;
