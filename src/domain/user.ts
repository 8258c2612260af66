import { z } from 'zod';

/** The signed-in user as `GET /api/user/info` and `POST /api/login` answer it (docs/API.md#sign-in). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  is_admin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userInfoResponseSchema = currentUserSchema.extend({ csrf_token: z.string() });
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;

/** Limits that keep a sign-in request small whatever a client sends. */
export const loginLimits = { userNameMax: 100, passwordMax: 200 } as const;

export const loginRequestSchema = z.object({
  user_name: z.string().max(loginLimits.userNameMax),
  password: z.string().max(loginLimits.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  result: z.literal(true),
  user: currentUserSchema,
  csrf_token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/logout: the new anonymous session's token. */
export const logoutResponseSchema = z.object({ result: z.literal(true), csrf_token: z.string() });

/** Family name first, as a Japanese name is written (docs/PRODUCT.md#people-and-sign-in). */
export function fullName(person: { last_name: string; first_name?: string | null }): string {
  const given = person.first_name?.trim();
  return given ? `${person.last_name} ${given}` : person.last_name;
}

/** The reading of a full name, family name first, as フリガナ is written under it. */
export function fullPhoneticName(person: { last_phonetic_name: string; first_phonetic_name: string }): string {
  return fullName({ last_name: person.last_phonetic_name.trim(), first_name: person.first_phonetic_name });
}

/** The signed-in user as sign-in answers it, from the employee's row. */
export function currentUserOf(employee: {
  id: number;
  last_name: string;
  first_name: string;
  user_name: string | null;
  is_admin: number;
}): CurrentUser {
  return {
    id: employee.id,
    employee_id: employee.id,
    name: fullName(employee),
    user_name: employee.user_name ?? '',
    is_admin: employee.is_admin === 1,
  };
}
