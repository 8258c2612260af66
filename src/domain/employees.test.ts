import { describe, expect, it } from 'vitest';
import { employeeFormSchema, employeeMessages, employeeSchema, namesakeOf } from './employees.ts';

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

  it('bounds the user ID by its key, which some characters lengthen', () => {
    expect(employeeSchema.safeParse({ ...filled, user_name: 'a'.repeat(100) }).success).toBe(true);
    // ㍿ is one character whose key is 株式会社: 30 of them make a key of 120 characters.
    expect(firstMessage(employeeSchema.safeParse({ ...filled, user_name: '㍿'.repeat(30) }))).toBe(
      'ユーザIDは100文字以内で入力してください。',
    );
    expect(employeeSchema.safeParse({ ...filled, user_name: '㍿'.repeat(25) }).success).toBe(true);
  });
});

describe('a namesake', () => {
  const listed = [
    { id: 1, full_name: '佐藤 花子' },
    { id: 2, full_name: '佐藤' },
  ];

  it('is another listed employee whose name reads the same, spaces and widths aside', () => {
    expect(namesakeOf(listed, { id: null, last_name: '佐藤', first_name: '花子' })).toEqual(listed[0]);
    expect(namesakeOf(listed, { id: null, last_name: '佐藤', first_name: '\u3000花子' })?.id).toBe(1);
    expect(namesakeOf(listed, { id: null, last_name: '佐藤花子', first_name: '' })?.id).toBe(1);
    expect(namesakeOf(listed, { id: 3, last_name: '佐藤', first_name: '' })?.id).toBe(2);
  });

  it('is not the employee themself, nor someone with another name', () => {
    expect(namesakeOf(listed, { id: 1, last_name: '佐藤', first_name: '花子' })).toBeUndefined();
    expect(namesakeOf(listed, { id: null, last_name: '佐藤', first_name: '一郎' })).toBeUndefined();
    expect(namesakeOf(listed, { id: null, last_name: 'さとう', first_name: '花子' })).toBeUndefined();
  });
});
