import { describe, expect, it } from 'vitest';
import { employeeFormSchema, employeeMessages, employeeSchema } from './employees.ts';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;
const filled = { last_name: '山田', use_login: true, user_name: 'yamada', password: 'pass' };

describe('employee schema', () => {
  it('reports the family name first, then the user ID, then the password, as the form shows them', () => {
    expect(firstMessage(employeeFormSchema(false).safeParse({ use_login: true }))).toBe(employeeMessages.lastNameRequired);
    expect(firstMessage(employeeFormSchema(false).safeParse({ last_name: '山田', use_login: true }))).toBe(
      employeeMessages.userNameRequired,
    );
    expect(firstMessage(employeeFormSchema(false).safeParse({ ...filled, password: '' }))).toBe(employeeMessages.passwordRequired);
    expect(firstMessage(employeeFormSchema(false).safeParse({ ...filled, password: 'abc' }))).toBe(employeeMessages.passwordTooShort);
  });

  it('lets an employee who has a password keep it by leaving the field empty', () => {
    expect(employeeFormSchema(true).safeParse({ ...filled, password: '' }).success).toBe(true);
    expect(firstMessage(employeeFormSchema(true).safeParse({ ...filled, password: 'abc' }))).toBe(employeeMessages.passwordTooShort);
  });

  it('asks nothing of the login fields when the employee does not use the system', () => {
    const parsed = employeeSchema.parse({ last_name: ' 山田 ', use_login: false, password: 'ab' });
    expect(parsed).toMatchObject({ last_name: '山田', first_name: '', user_name: '', password: 'ab', is_admin: false });
  });
});
