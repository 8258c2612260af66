import { z } from 'zod';
import { idSchema, optionalName, requiredName, rowIdSchema } from './fields.ts';
import { masterMessages, sentVersionSchema, versionSchema } from './masters.ts';
import { messages } from './messages.ts';
import { rateItemSchema, ratesSchema } from './rates.ts';
import { selectorItemSchema } from './responses.ts';
import { pinFieldSchema } from './stations.ts';
import { sameName } from './name-key.ts';
import { fullName, loginLimits } from './user.ts';
import { userIdKey } from './user-id.ts';

/** 従業員 (docs/PRODUCT.md#employees): who works in the workshop and, for some, who signs in. */
export const employeeLimits = {
  nameMax: 50,
  emailMax: 254,
  userNameMax: loginLimits.userNameMax,
  passwordMin: 4,
  passwordMax: loginLimits.passwordMax,
} as const;

export const employeeNoun = '従業員';

export const employeeMessages = {
  lastNameRequired: '姓を入力してください。',
  emailInvalid: 'メールアドレスの形式が正しくありません。',
  userNameRequired: messages.login.userNameRequired,
  passwordRequired: `パスワードを${employeeLimits.passwordMin}文字以上で入力してください。`,
  passwordTooShort: `パスワードは${employeeLimits.passwordMin}文字以上で入力してください。`,
  userNameTaken: 'このユーザIDは既に使われています。',
  notFound: masterMessages.notFound(employeeNoun),
  cannotDeleteSelf: '自分自身は削除できません。',
  // Without an administrator who can sign in, no one could ever reach the settings again.
  lastAdministratorDelete: 'ログインできる管理者がほかにいないため、この従業員は削除できません。',
  lastAdministratorDemote: 'ログインできる管理者がほかにいないため、管理者の権限を外せません。',
  lastAdministratorLoginOff: 'ログインできる管理者がほかにいないため、システムの利用をやめられません。',
  /** Under the password: one must be given (no password stored yet), or one may be changed. */
  passwordNewHint: `${employeeLimits.passwordMin}文字以上で入力してください。`,
  passwordChangeHint: '変更する場合のみ入力してください。',
  /** The form's own check: the server receives one password. */
  passwordMismatch: 'パスワードとパスワード（確認）が一致しません。',
  /** Under 暗証番号: for signing in on a station (docs/PRODUCT.md#stations). */
  pinNewHint: '作業端末で名前を選んで入力する4〜8桁の数字です。空欄なら作業端末には表示されません。',
  pinChangeHint: '設定されています。変更する場合のみ入力してください。',
  pinRemoveWithPin: '暗証番号を削除する場合は、暗証番号を入力しないでください。',
  namesake: (name: string) => `同じ名前の従業員（${name}）が既に登録されています。同姓同名の別の人として登録しますか？`,
} as const;

/** A password as it may be set anew (npm run reset-password): no shorter than a form takes, no longer than sign-in takes. */
export const newPasswordSchema = z
  .string()
  .min(employeeLimits.passwordMin, employeeMessages.passwordTooShort)
  .max(employeeLimits.passwordMax, masterMessages.tooLong('パスワード', employeeLimits.passwordMax));

const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

const emailFormat = z.email();

/** The fields in the order the form shows them, which is also the order their messages come in. */
const employeeFields = z.object({
  id: rowIdSchema,
  last_name: requiredName('姓', employeeMessages.lastNameRequired, employeeLimits.nameMax),
  first_name: optionalName('名', employeeLimits.nameMax),
  last_phonetic_name: optionalName('セイ', employeeLimits.nameMax),
  first_phonetic_name: optionalName('メイ', employeeLimits.nameMax),
  /** 作業者として表示: offered as a worker on the work screen; on unless said otherwise. */
  show_as_worker: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  use_login: flag,
  email: optionalName('メールアドレス', employeeLimits.emailMax).refine(
    (email) => email === '' || emailFormat.safeParse(email).success,
    employeeMessages.emailInvalid,
  ),
  /** Its key (userIdKey) is what the database keeps unique, so the key must fit the same bound. */
  user_name: optionalName('ユーザID', employeeLimits.userNameMax).refine(
    (userName) => userIdKey(userName).length <= employeeLimits.userNameMax,
    masterMessages.tooLong('ユーザID', employeeLimits.userNameMax),
  ),
  /** Write-only; empty means "keep the stored one". Never trimmed: a space is a character of it. */
  password: z
    .string()
    .max(employeeLimits.passwordMax, masterMessages.tooLong('パスワード', employeeLimits.passwordMax))
    .nullish()
    .transform((value) => value ?? ''),
  is_admin: flag,
  /** 暗証番号 for signing in on a station: write-only like the password; empty keeps the stored one. */
  pin: pinFieldSchema,
  /** True removes the stored 暗証番号: the employee leaves the stations' tiles and cannot sign in on one. */
  remove_pin: z.boolean().optional(),
  /** In the model, not on the form (docs/PRODUCT.md#people-and-sign-in): left as stored when absent. */
  is_responsible: z.boolean().optional(),
  /** 労務単価 from a date on (docs/PRODUCT.md#analytics): left as stored when absent. */
  rates: ratesSchema.optional(),
  /** The version the form read (docs/API.md#masters): a save over a newer one is refused; absent, the save is made. */
  version: sentVersionSchema,
});

interface LoginFields {
  use_login: boolean;
  password: string;
}

/**
 * docs/PRODUCT.md#employees: an employee who is to sign in but has no password yet (created now, or login switched on
 * now) must be given one.
 */
export function needsPassword(employee: LoginFields, hasPassword: boolean): boolean {
  return employee.use_login && employee.password === '' && !hasPassword;
}

/** The form's schema: it knows whether the employee it edits already has a password. */
export function employeeFormSchema(hasPassword: boolean) {
  return employeeFields.superRefine((employee, context) => {
    if (employee.remove_pin && employee.pin !== '') {
      context.addIssue({ code: 'custom', path: ['pin'], message: employeeMessages.pinRemoveWithPin });
    }
    if (!employee.use_login) return;
    if (employee.user_name === '') {
      context.addIssue({ code: 'custom', path: ['user_name'], message: employeeMessages.userNameRequired });
    }
    if (needsPassword(employee, hasPassword)) {
      context.addIssue({ code: 'custom', path: ['password'], message: employeeMessages.passwordRequired });
    } else if (employee.password !== '' && employee.password.length < employeeLimits.passwordMin) {
      context.addIssue({ code: 'custom', path: ['password'], message: employeeMessages.passwordTooShort });
    }
  });
}

/**
 * The payload as the server reads it. Whether a password is already stored is known only once the
 * row is read, so the service asks needsPassword itself then.
 */
export const employeeSchema = employeeFormSchema(true);

export const employeePayloadSchema = z.object({ employee: employeeSchema });

export type EmployeeInput = z.output<typeof employeeSchema>;
export type EmployeeFormValues = z.input<typeof employeeSchema>;

/** A row of GET /api/employee/selector: an employee offered as a worker, with the reading to find them by. */
export const workerItemSchema = selectorItemSchema.extend({ phonetic_name: z.string() });
export type WorkerItem = z.infer<typeof workerItemSchema>;

/** A row of GET /api/employee. */
export const employeeListItemSchema = z.object({ id: idSchema, full_name: z.string() });
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;

/**
 * Another employee listed whose name reads as this person's (nameKey over 姓 名): on a station's tiles
 * and the work screen's workers two such people cannot be told apart, so the form asks before a second
 * is saved. People do share names, so nothing refuses it. Undefined when there is none.
 */
export function namesakeOf(
  employees: readonly EmployeeListItem[],
  person: { id: number | null; last_name: string; first_name: string },
): EmployeeListItem | undefined {
  const name = fullName(person);
  return employees.find((employee) => employee.id !== person.id && sameName(employee.full_name, name));
}

/** GET /api/employee/:id: everything but the password, which never leaves the server. */
export const employeeDetailSchema = z.object({
  id: idSchema,
  last_name: z.string(),
  first_name: z.string(),
  last_phonetic_name: z.string(),
  first_phonetic_name: z.string(),
  email: z.string(),
  user_name: z.string(),
  is_admin: z.boolean(),
  is_responsible: z.boolean(),
  show_as_worker: z.boolean(),
  use_login: z.boolean(),
  /** Login is on and a password is stored: the employee can sign in now. */
  using_login: z.boolean(),
  /** A 暗証番号 is stored: the employee is offered on the stations' tiles. */
  has_pin: z.boolean(),
  /** 労務単価, oldest first. */
  rates: z.array(rateItemSchema),
  /** What a PUT sends back so as not to save over a change made since this read. */
  version: versionSchema,
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;
