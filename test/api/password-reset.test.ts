import { expect, it } from 'vitest';
import { employeeMessages } from '../../src/domain/employees.ts';
import { throttleRules } from '../../src/server/auth/login-throttle.ts';
import { SessionService } from '../../src/server/auth/session-service.ts';
import { resetPassword } from '../../src/server/features/employees/password-reset.ts';
import { createTestApp } from '../support/test-app.ts';
import { createEmployee } from '../support/employees.ts';

/** `npm run reset-password`: a new password for someone who can no longer sign in (docs/OPERATIONS.md). */
const t = await createTestApp();
const sessions = new SessionService(t.database.db, 'x'.repeat(32));
const owner = await createEmployee(t, { last_name: '山田', first_name: '太郎', user_name: 'owner', password: 'forgotten', is_admin: true });

const signInStatus = async (userName: string, password: string) =>
  (await (await t.visitor()).post('/api/login', { user_name: userName, password })).statusCode;
const versionOf = async (id: number) =>
  (await t.database.db.selectFrom('employees').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

it('sets the password anew, ends every session, lifts the lock of failed sign-ins and keeps it in the audit log', async () => {
  const signedIn = await t.signIn('owner', 'forgotten');
  for (let attempt = 0; attempt < throttleRules.perUser.limit; attempt++) await signInStatus('owner', 'wrong guess');
  expect(await signInStatus('owner', 'forgotten')).toBe(429);
  const version = await versionOf(owner);

  // The user ID as typed on a Japanese keyboard names the same user.
  expect(await resetPassword(t.database.db, sessions, 'ＯＷＮＥＲ', 'remembered')).toEqual({ name: '山田 太郎' });

  expect((await signedIn.get('/api/user/info')).statusCode).toBe(401);
  expect(await signInStatus('owner', 'forgotten')).toBe(401);
  expect(await signInStatus('owner', 'remembered')).toBe(200);
  expect(await versionOf(owner)).toBe(version + 1);
  const audit = await t.database.db
    .selectFrom('audit_logs')
    .select(['actor_id', 'after_json'])
    .where('entity', '=', 'employees')
    .where('entity_id', '=', owner)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(audit).toEqual({ actor_id: null, after_json: JSON.stringify({ password_changed: true }) });
});

it('generates a password when none is given, and answers it once', async () => {
  const reset = await resetPassword(t.database.db, sessions, 'owner');
  expect(reset?.generatedPassword).toMatch(/^[\w-]{16}$/);
  expect(await signInStatus('owner', reset!.generatedPassword!)).toBe(200);
});

it('changes nothing for a user ID no active employee signs in with, or a password too short', async () => {
  const gone = await createEmployee(t, { last_name: '退職', user_name: 'gone', password: 'gone-pass' });
  await t.database.db.updateTable('employees').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone).execute();
  await createEmployee(t, { last_name: '作業', first_name: '者' });
  for (const userId of ['nobody', 'gone', '']) expect(await resetPassword(t.database.db, sessions, userId, 'new-pass')).toBeUndefined();

  const version = await versionOf(owner);
  await expect(resetPassword(t.database.db, sessions, 'owner', 'abc')).rejects.toThrow(employeeMessages.passwordTooShort);
  // Longer than sign-in takes: it could never be typed in, and the administrator would stay locked out.
  await expect(resetPassword(t.database.db, sessions, 'owner', 'x'.repeat(201))).rejects.toThrow(
    'パスワードは200文字以内で入力してください。',
  );
  expect(await versionOf(owner)).toBe(version);
});
