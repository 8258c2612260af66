import { beforeEach, describe, expect, it } from 'vitest';
import { apiSession } from './support/api.ts';
import { answerDialog, nextRead, slowAnswers } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });
/** The employee calls that left the browser, so that a test can tell a refusal came before any call. */
let employeeWrites: string[];

beforeEach(() => {
  employeeWrites = [];
  e2e.page.on('request', (request) => {
    if (request.url().includes('/api/employee') && request.method() !== 'GET')
      employeeWrites.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
});

const button = (name: string) => e2e.page.getByRole('button', { name, exact: true });
const row = (name: string) => e2e.page.getByRole('link', { name, exact: true });
const heading = (name: string) => e2e.page.getByRole('heading', { name, exact: true });
/** The input of a label, exactly; a 必須 badge may follow it. */
const field = (label: string) => e2e.page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));
const pathname = () => new URL(e2e.page.url()).pathname;

/** The red area of the form, once it says something. */
async function errorArea(): Promise<string> {
  const alert = e2e.page.getByRole('alert');
  await alert.waitFor();
  return alert.innerText();
}

async function openList(): Promise<void> {
  await e2e.page.getByRole('link', { name: '設定管理' }).click();
  await heading('各種設定管理').waitFor();
  await e2e.page.getByRole('link', { name: '従業員', exact: true }).click();
  await expectList();
}

async function expectList(): Promise<void> {
  await heading('従業員一覧').waitFor();
  expect(pathname()).toBe('/employee');
  expect(await e2e.page.locator('thead th').allInnerTexts()).toEqual(['氏名']);
  expect(await button('新規追加').isVisible()).toBe(true);
  expect(await button('戻る').isVisible()).toBe(true);
}

/** Signs in from a browser of its own and answers what the sign-in screen then shows. */
async function signInElsewhere(userName: string, password: string): Promise<{ signedIn: boolean; shows: string }> {
  // Its own browser context, closed with this test's.
  const otherPage = await e2e.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('ユーザID').fill(userName);
  await otherPage.getByLabel('パスワード').fill(password);
  await otherPage.getByRole('button', { name: 'ログイン' }).click();
  const outcome = otherPage.getByRole('heading', { name: 'メニュー' }).or(otherPage.getByRole('alert'));
  await outcome.waitFor();
  const signedIn = await otherPage.getByRole('heading', { name: 'メニュー' }).isVisible();
  const shows = signedIn ? await otherPage.getByTestId('current-user-name').innerText() : await otherPage.getByRole('alert').innerText();
  return { signedIn, shows };
}

describe('従業員', () => {
  it('creates an employee who signs in, edits and deletes them, going back one step each time', async () => {
    await openList();
    // The rows come with the list's call, after the heading.
    await expect.poll(() => row('管理者').isVisible()).toBe(true);

    await button('新規追加').click();
    await heading('従業員の新規作成').waitFor();
    expect(pathname()).toBe('/employee/create');
    for (const label of ['戻る', 'キャンセル', '登録する']) expect(await button(label).isVisible()).toBe(true);
    expect(await button('この従業員を削除する').count()).toBe(0);
    expect(await e2e.page.locator('label', { hasText: '姓' }).innerText()).toContain('必須');
    for (const label of ['名', 'セイ', 'メイ']) expect(await field(label).isVisible()).toBe(true);
    expect(await field('ユーザID').count()).toBe(0);

    await button('登録する').click();
    expect(await errorArea()).toBe('姓を入力してください。');
    await e2e.page.getByLabel('姓').fill('  佐藤 ');
    await field('名').fill('次郎');
    await field('セイ').fill('サトウ');
    await field('メイ').fill('ジロウ');
    await field('システムを利用する').check();
    for (const label of ['メールアドレス', 'ユーザID', '管理者']) await expect.poll(() => field(label).isVisible()).toBe(true);
    await expect.poll(() => heading('権限を選択').isVisible()).toBe(true);
    expect(
      await e2e.page
        .locator('label', { hasText: /^パスワード/ })
        .first()
        .innerText(),
    ).toContain('必須');

    await button('登録する').click();
    await expect.poll(errorArea).toBe('ユーザIDを入力してください。');
    await field('ユーザID').fill('sato');
    await button('登録する').click();
    await expect.poll(errorArea).toBe('パスワードを4文字以上で入力してください。');
    await field('パスワード').fill('abc');
    await button('登録する').click();
    await expect.poll(errorArea).toBe('パスワードは4文字以上で入力してください。');
    // Typed again with a slip of the finger: nothing is sent.
    await field('パスワード').fill('sato-pass');
    await field('パスワード（確認）').fill('sato-pas');
    await button('登録する').click();
    await expect.poll(errorArea).toBe('パスワードとパスワード（確認）が一致しません。');
    expect(employeeWrites).toEqual([]);

    await field('パスワード（確認）').fill('sato-pass');
    await button('登録する').click();
    expect(await answerDialog(e2e.page)).toBe('登録しました。');
    await expectList();
    await row('佐藤 次郎').waitFor();
    expect(employeeWrites).toEqual(['POST /api/employee']);

    await row('佐藤 次郎').click();
    await heading('従業員の編集').waitFor();
    expect(pathname()).toMatch(/^\/employee\/show\/\d+$/);
    // The heading shows at once; the fields fill when the employee has loaded.
    await expect.poll(() => e2e.page.getByLabel('姓').inputValue()).toBe('佐藤');
    expect(await field('ユーザID').inputValue()).toBe('sato');
    expect(await field('パスワード').inputValue()).toBe('');
    expect(await field('パスワード（確認）').inputValue()).toBe('');
    expect(await e2e.page.getByText('変更する場合のみ入力してください。', { exact: true }).isVisible()).toBe(true);
    expect(
      await e2e.page
        .locator('label', { hasText: /^パスワード/ })
        .first()
        .innerText(),
    ).not.toContain('必須');
    for (const label of ['戻る', 'キャンセル', '保存する', 'この従業員を削除する']) expect(await button(label).isVisible()).toBe(true);

    await field('名').fill('三郎');
    // The list answers slowly from here on, so that a list drawn from the rows it kept would show.
    const restoreList = await slowAnswers(e2e.page, '**/api/employee');
    const listRead = nextRead(e2e.page, '/api/employee');
    await button('保存する').click();
    // The list is read again while the message is shown, and drawn as the server now has it: never
    // first with the name it kept.
    await listRead;
    expect(await answerDialog(e2e.page)).toBe('更新しました。');
    await expectList();
    await row('管理者').waitFor();
    expect(await row('佐藤 次郎').count()).toBe(0);
    expect(await row('佐藤 三郎').count()).toBe(1);

    expect(await signInElsewhere('sato', 'sato-pass')).toEqual({ signedIn: true, shows: '佐藤 三郎' });

    await row('佐藤 三郎').click();
    await heading('従業員の編集').waitFor();
    await button('この従業員を削除する').click();
    const listReadAgain = nextRead(e2e.page, '/api/employee');
    expect(await answerDialog(e2e.page, '削除する')).toBe('削除してもよろしいですか？');
    await listReadAgain;
    expect(await answerDialog(e2e.page)).toBe('削除しました。');
    await expectList();
    // Nor with the deleted employee among the rows it kept.
    await row('管理者').waitFor();
    expect(await row('佐藤 三郎').count()).toBe(0);
    await restoreList();
    e2e.expectRefusal(401, 'the deleted employee’s sign-in is refused with 401');
    expect(await signInElsewhere('sato', 'sato-pass')).toEqual({ signedIn: false, shows: 'ユーザIDまたはパスワードが正しくありません。' });

    // Each save and delete stepped back once: behind the list is 各種設定管理.
    await e2e.page.goBack();
    await heading('各種設定管理').waitFor();
  });

  it('creates an employee without login, who cannot sign in even with what was typed before unticking', async () => {
    await openList();
    await button('新規追加').click();
    await e2e.page.getByLabel('姓').fill('田中');
    await field('システムを利用する').check();
    await field('ユーザID').fill('tanaka');
    await field('パスワード').fill('tanaka-pass');
    await field('システムを利用する').uncheck();
    await expect.poll(() => field('ユーザID').count()).toBe(0);
    await button('登録する').click();
    expect(await answerDialog(e2e.page)).toBe('登録しました。');
    await expectList();
    await row('田中').waitFor();

    e2e.expectRefusal(401, 'an employee without login is refused with 401');
    expect(await signInElsewhere('tanaka', 'tanaka-pass')).toEqual({
      signedIn: false,
      shows: 'ユーザIDまたはパスワードが正しくありません。',
    });
  });

  it('asks before a second 佐藤 花子 is registered, since the stations could not tell the two apart', async () => {
    await e2e.admin.call('POST', '/api/employee', { employee: { last_name: '佐藤', first_name: '花子' } });
    await openList();
    await button('新規追加').click();
    await e2e.page.getByLabel('姓').fill('佐藤');
    await e2e.page.getByLabel('名', { exact: true }).fill('\u3000花子');
    await button('登録する').click();
    const question = '同じ名前の従業員（佐藤 花子）が既に登録されています。同姓同名の別の人として登録しますか？';
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(question);
    expect(pathname()).toBe('/employee/create');
    const namesakes = async () =>
      ((await e2e.admin.call('GET', '/api/employee')) as unknown as Array<{ full_name: string }>).filter(
        (employee) => employee.full_name === '佐藤 花子',
      ).length;
    expect(await namesakes()).toBe(1);

    await button('登録する').click();
    expect(await answerDialog(e2e.page, 'OK')).toBe(question);
    expect(await answerDialog(e2e.page)).toBe('登録しました。');
    expect(await namesakes()).toBe(2);
  });

  it('takes a 暗証番号 typed in full-width digits, as the input method writes them', async () => {
    await openList();
    await button('新規追加').click();
    await e2e.page.getByLabel('姓').fill('中村');
    await e2e.page.getByLabel('暗証番号').fill('１２３４');
    await button('登録する').click();
    expect(await answerDialog(e2e.page)).toBe('登録しました。');
    const employees = (await e2e.admin.call('GET', '/api/employee')) as unknown as Array<{ id: number; full_name: string }>;
    const id = employees.find((employee) => employee.full_name.startsWith('中村'))!.id;
    expect((await e2e.admin.call('GET', `/api/employee/${id}`)).has_pin).toBe(true);

    // Set, the 暗証番号 says so, and 暗証番号を削除する takes the worker off the stations' tiles.
    await row('中村').click();
    await heading('従業員の編集').waitFor();
    await e2e.page.getByText('設定されています。変更する場合のみ入力してください。').waitFor();
    await field('暗証番号を削除する').check();
    expect(await e2e.page.getByLabel('暗証番号', { exact: true }).isDisabled()).toBe(true);
    await button('保存する').click();
    expect(await answerDialog(e2e.page)).toBe('更新しました。');
    expect((await e2e.admin.call('GET', `/api/employee/${id}`)).has_pin).toBe(false);
  });

  it("shows the server's refusal in the red area and stays; キャンセル and 戻る step back", async () => {
    await openList();
    await button('新規追加').click();
    await e2e.page.getByLabel('姓').fill('重複');
    await field('システムを利用する').check();
    e2e.expectRefusal(409, 'the server refuses a user id already in use with 409 Conflict');
    await field('ユーザID').fill('ADMIN');
    await field('パスワード').fill('some-pass');
    await field('パスワード（確認）').fill('some-pass');
    await button('登録する').click();
    expect(await errorArea()).toBe('このユーザIDは既に使われています。');
    await heading('従業員の新規作成').waitFor();

    // What was typed is unsaved: leaving asks first.
    await button('キャンセル').click();
    expect(await answerDialog(e2e.page, '破棄する')).toBe('変更を破棄しますか？');
    await expectList();
    await row('管理者').waitFor();
    expect(await row('重複').count()).toBe(0);
    await button('新規追加').click();
    await heading('従業員の新規作成').waitFor();
    await button('戻る').click();
    await expectList();
  });

  it('offers no delete when the administrator edits themself', async () => {
    await openList();
    await row('管理者').click();
    await heading('従業員の編集').waitFor();
    await expect.poll(() => e2e.page.getByLabel('姓').inputValue()).toBe('管理者');
    expect(await field('システムを利用する').isChecked()).toBe(true);
    expect(await field('管理者').isChecked()).toBe(true);
    expect(await button('保存する').isVisible()).toBe(true);
    expect(await button('この従業員を削除する').count()).toBe(0);
  });

  it('shows 更新しました。 over the menu when the administrator takes away their own 管理者, and asks nothing the server refuses', async () => {
    const second = { userName: 'second-admin', password: 'second-pass' };
    await e2e.admin.call('POST', '/api/employee', {
      employee: { last_name: '鈴木', use_login: true, user_name: second.userName, password: second.password, is_admin: true },
    });
    await openList();
    await row('管理者').click();
    await heading('従業員の編集').waitFor();
    await expect.poll(() => e2e.page.getByLabel('姓').inputValue()).toBe('管理者');
    await field('管理者').uncheck();
    await button('保存する').click();
    // The suite fails the test on any refused call in the console: before, the form's own employee
    // and the list behind it were read again as the flag went, and refused with 403.
    expect(await answerDialog(e2e.page)).toBe('更新しました。');
    await heading('メニュー').waitFor();
    expect(await e2e.page.getByRole('link', { name: '作業時間管理' }).isVisible()).toBe(true);
    expect(await e2e.page.getByRole('link', { name: '設定管理' }).count()).toBe(0);

    const other = await apiSession(e2e.server.baseUrl, second.userName, second.password);
    const me = (await e2e.admin.call('GET', '/api/user/info')) as { employee_id: number; is_admin: boolean };
    expect(me.is_admin).toBe(false);
    // The administrator again, for the file's later tests.
    const stored = (await other.call('GET', `/api/employee/${me.employee_id}`)) as Record<string, unknown>;
    const fields = [
      'last_name',
      'first_name',
      'last_phonetic_name',
      'first_phonetic_name',
      'show_as_worker',
      'email',
      'use_login',
      'user_name',
    ];
    const employee = { ...Object.fromEntries(fields.map((name) => [name, stored[name]])), password: '', is_admin: true };
    await other.call('PUT', `/api/employee/${me.employee_id}`, { employee });
    expect(((await e2e.admin.call('GET', '/api/user/info')) as { is_admin: boolean }).is_admin).toBe(true);
  });
});
