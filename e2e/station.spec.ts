import { networkInterfaces } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stationMessages } from '../src/domain/stations.ts';
import { stationAddresses } from '../src/server/features/stations/station-address.ts';
import { answerDialog, nextRead, slowAnswers } from './support/browser.ts';
import { heightsOf, linesOf } from './support/layout.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

/** A family and a given name that do not fit one line of a tile on a tablet held upright. */
const LONG_NAME = {
  last_name: '勅使河原',
  first_name: '左衛門三郎',
  last_phonetic_name: 'テシガワラ',
  first_phonetic_name: 'サエモンサブロウ',
};

/** Workers with a PIN, arranged through 従業員's API as an administrator would set it. */
const e2e = e2eSuite({
  signedIn: true,
  arrange: async (admin) => {
    for (const [last_name, last_phonetic_name, pin] of [
      ['佐藤', 'サトウ', '1234'],
      ['井上', 'イノウエ', '5678'],
    ] as const) {
      await admin.call('POST', '/api/employee', {
        employee: { last_name, first_name: '一郎', last_phonetic_name, first_phonetic_name: 'イチロウ', pin },
      });
    }
    await admin.call('POST', '/api/employee', {
      employee: { ...LONG_NAME, pin: '2468' },
    });
  },
});

/** Registers a station in 設定管理 → 端末 as the signed-in administrator, and answers its code. */
async function registerStation(name: string): Promise<string> {
  const page = e2e.page;
  await page.getByRole('link', { name: '設定管理' }).click();
  await page.getByRole('link', { name: '端末' }).click();
  await page.getByRole('button', { name: '新規登録' }).click();
  await page.getByLabel('端末名').fill(name);
  await page.getByRole('button', { name: '登録', exact: true }).click();
  const code = (await page.getByTestId('station-code').innerText()).trim();
  expect(code).toMatch(/^\d{8}$/);
  // Shown once, it stays through Escape; only 閉じる closes it.
  await page.keyboard.press('Escape');
  expect(await page.getByTestId('station-code').isVisible()).toBe(true);
  await page.getByRole('button', { name: '閉じる' }).last().click();
  await page.getByRole('cell', { name }).waitFor();
  return code;
}

/** A tablet held upright, bound with the code, showing the tiles. */
async function boundTablet(code: string) {
  const tablet = await e2e.newPage({ width: 800, height: 1280 });
  e2e.expectRefusal(403, 'a browser that is not yet a station asks which station it is, and is told it is none');
  await tablet.goto('/station');
  await tablet.getByRole('heading', { name: '作業端末の登録' }).waitFor();
  await tablet.getByLabel('登録コード').fill(code);
  await tablet.getByRole('button', { name: '登録' }).click();
  await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
  return tablet;
}

/** Signs a worker in on the tablet's tiles with their PIN, to 作業時間管理一覧. */
async function signInOnTiles(tablet: Page, name: string, pin: string) {
  await tablet.getByRole('button', { name: new RegExp(name) }).click();
  await tablet.getByText(`${name}さんの暗証番号`).waitFor();
  for (const digit of pin) await tablet.getByRole('button', { name: digit, exact: true }).click();
  await tablet.getByRole('button', { name: 'OK' }).click();
  await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
}

/** The owner gives a worker a new 暗証番号 in 従業員, which ends the worker's sessions. */
async function changePin(fullName: string, pin: string, extra: Record<string, unknown> = {}) {
  const employees = (await e2e.admin.call('GET', '/api/employee')) as unknown as Array<{ id: number; full_name: string }>;
  const id = employees.find((employee) => employee.full_name === fullName)!.id;
  const { using_login: _, has_pin: __, ...read } = await e2e.admin.call('GET', `/api/employee/${id}`);
  await e2e.admin.call('PUT', `/api/employee/${id}`, { employee: { ...read, pin, ...extra } });
}

/** The owner takes a worker's 暗証番号 away (暗証番号を削除する): the worker leaves the tiles. */
async function removePin(fullName: string) {
  await changePin(fullName, '', { remove_pin: true });
}

const SESSION_ENDED = 'ログインの有効期限が切れました。もう一度暗証番号を入力してください。';

describe('a shop-floor station', () => {
  it('is bound with the code, signs a worker in by tile and PIN, and goes back to the tiles at ログアウト', async () => {
    const tablet = await boundTablet(await registerStation('折り機の端末'));
    await tablet.getByText('折り機の端末').waitFor();

    // The kana rows' chips are as tall as a gloved finger needs.
    const chipHeights = await heightsOf(tablet.getByRole('group', { name: '行で絞り込む' }).locator('label'));
    expect(chipHeights).toHaveLength(11);
    expect(Math.min(...chipHeights)).toBeGreaterThanOrEqual(48);
    // A long name breaks between family and given name, never inside either.
    expect(await linesOf(tablet.getByText('勅使河原 左衛門三郎', { exact: true }))).toEqual(['勅使河原 ', '左衛門三郎']);
    expect(await linesOf(tablet.getByText('テシガワラ サエモンサブロウ', { exact: true }))).toEqual(['テシガワラ ', 'サエモンサブロウ']);

    // The kana row さ leaves 佐藤 and hides 井上.
    await tablet.getByText('さ', { exact: true }).click();
    await tablet.getByRole('button', { name: /佐藤 一郎/ }).waitFor();
    await expect.poll(() => tablet.getByRole('button', { name: /井上 一郎/ }).count()).toBe(0);

    await tablet.getByRole('button', { name: /佐藤 一郎/ }).click();
    await tablet.getByText('佐藤 一郎さんの暗証番号').waitFor();
    // OK takes a PIN from its fourth digit on: a stray tap sends nothing that would count toward a lock.
    const ok = tablet.getByRole('button', { name: 'OK' });
    expect(await ok.isDisabled()).toBe(true);
    for (const digit of '123') await tablet.getByRole('button', { name: digit, exact: true }).click();
    expect(await ok.isDisabled()).toBe(true);
    await tablet.getByRole('button', { name: '4', exact: true }).click();
    await expect.poll(() => tablet.getByTestId('keypad-value').innerText()).toBe('●●●●');
    expect(await ok.isDisabled()).toBe(false);
    await tablet.getByRole('button', { name: 'OK' }).click();
    await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    expect(await tablet.getByTestId('current-user-name').innerText()).toBe('佐藤 一郎');

    await tablet.getByRole('button', { name: 'ログアウト' }).click();
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
  });

  it('lists the stations at 1280 with a row’s buttons on one line, and the code’s time never broken', async () => {
    await registerStation('折り加工ライン第二工場の端末');
    const row = e2e.page.getByRole('row', { name: /折り加工ライン第二工場の端末/ });
    const tops = await row.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
    const until = row.getByText(/^（\d{1,2}:\d{2}まで）$/);
    const { height, lineHeight } = await until.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThan(1.5 * lineHeight);
  });

  it('edits and deletes a station with the announcements of every other list (変更はありません。 for an unchanged 更新), and tells the tablet’s whole address with the code', async () => {
    await registerStation('仮置きの端末');
    const page = e2e.page;
    const row = page.getByRole('row', { name: /仮置きの端末/ });
    await row.getByRole('button', { name: '再登録' }).click();
    expect(await answerDialog(page)).toContain('を再登録します。');
    // The browser reached the server at 127.0.0.1, which a tablet cannot: the server's network addresses instead.
    const addresses = stationAddresses('http', new URL(page.url()).host, networkInterfaces());
    expect(await page.getByRole('dialog', { name: '登録コード' }).innerText()).toContain(
      `作業端末で ${addresses.join(' または ')} を開いて`,
    );
    await page.getByRole('button', { name: '閉じる' }).last().click();

    // 更新 with nothing changed writes nothing and says so, as every master form does.
    await row.getByRole('button', { name: '編集' }).click();
    await page.getByRole('button', { name: '更新', exact: true }).click();
    await page.getByRole('dialog', { name: '端末の編集' }).waitFor({ state: 'detached' });
    expect(await answerDialog(page)).toBe('変更はありません。');

    // Saved elsewhere while the form was open: refused, and the form opened anew saves over what it is now.
    await row.getByRole('button', { name: '編集' }).click();
    const stations = (await e2e.admin.call('GET', '/api/station')) as unknown as Array<{
      id: number;
      name: string;
      machine_id: number | null;
      version: number;
    }>;
    const held = stations.find((station) => station.name === '仮置きの端末')!;
    await e2e.admin.call('PUT', `/api/station/${held.id}`, {
      station: { name: '仮置きの端末（一階）', machine_id: held.machine_id, version: held.version },
    });
    await page.getByLabel('端末名').fill('二階の端末');
    e2e.expectRefusal(409, 'a save over a station saved since the form was opened');
    await page.getByRole('button', { name: '更新', exact: true }).click();
    await page
      .getByRole('dialog', { name: '端末の編集' })
      .getByText('他のユーザーが更新しました。画面を読み込み直してください。')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '端末の編集' }).waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('仮置きの端末（一階）');

    await row.getByRole('button', { name: '編集' }).click();
    await page.getByLabel('端末名').fill('二階の端末');
    await page.getByRole('button', { name: '更新', exact: true }).click();
    await page.getByRole('dialog', { name: '端末の編集' }).waitFor({ state: 'detached' });
    expect(await answerDialog(page)).toBe('更新しました。');
    const renamed = page.getByRole('row', { name: /二階の端末/ });
    await renamed.getByRole('button', { name: '削除' }).click();
    expect(await answerDialog(page, '削除する')).toBe('削除してもよろしいですか？');
    expect(await answerDialog(page)).toBe('削除しました。');
    await expect.poll(() => renamed.count()).toBe(0);
  });

  it('brings a worker signed in again to the job in progress in one tap', async () => {
    const tablet = await boundTablet(await registerStation('再開の端末'));
    const signInAsSato = async () => {
      await tablet.getByRole('button', { name: /佐藤 一郎/ }).click();
      await tablet.getByText('佐藤 一郎さんの暗証番号').waitFor();
      for (const digit of '1234') await tablet.getByRole('button', { name: digit, exact: true }).click();
      await tablet.getByRole('button', { name: 'OK' }).click();
      await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    };
    await signInAsSato();
    // Nothing is in progress yet: no section, and the list waits for a search as ever.
    await tablet.getByText('作業日を指定して検索してください。').waitFor();
    expect(await tablet.getByRole('heading', { name: /作業中の作業/ }).count()).toBe(0);
    await tablet.getByRole('button', { name: '作業開始' }).click();
    await fillJob(tablet, '24-5150');
    await tablet.getByRole('button', { name: '開始', exact: true }).click();
    await tablet.getByRole('button', { name: '段取り', exact: true }).waitFor();
    e2e.allowRefusal(401, 'a read of the leaving screen still under way when ログアウト comes');
    await tablet.getByRole('button', { name: 'ログアウト' }).click();
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();

    await signInAsSato();
    await tablet.getByRole('heading', { name: '作業中の作業（1件）' }).waitFor();
    const job = tablet.getByRole('table', { name: '作業中の作業' }).getByRole('row', { name: /24-5150/ });
    // Names keep together: a no-break space between family and given name.
    expect(await job.getByRole('cell').nth(3).innerText()).toBe('佐藤\u00a0一郎');
    await job.getByRole('button', { name: '作業中' }).click();
    await tablet.getByRole('heading', { name: '作業時間管理', exact: true }).waitFor();
    await expect.poll(() => tablet.getByLabel(/^作業伝票No/).inputValue()).toBe('24-5150');
    await tablet.getByRole('button', { name: '終了', exact: true }).waitFor();
  });

  it('takes a PIN typed on a keyboard, Enter for OK', async () => {
    const tablet = await boundTablet(await registerStation('鍵盤の端末'));
    await tablet.getByRole('button', { name: /佐藤 一郎/ }).click();
    await tablet.getByText('佐藤 一郎さんの暗証番号').waitFor();
    await tablet.keyboard.type('1234');
    await expect.poll(() => tablet.getByTestId('keypad-value').innerText()).toBe('●●●●');
    await tablet.keyboard.press('Enter');
    await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
  });

  it('refuses a wrong PIN with its message and keeps the tiles', async () => {
    const tablet = await boundTablet(await registerStation('断裁機の端末'));
    await tablet.getByRole('button', { name: /井上 一郎/ }).click();
    for (const digit of '0000') await tablet.getByRole('button', { name: digit, exact: true }).click();
    e2e.expectRefusal(401, 'a wrong PIN is refused');
    await tablet.getByRole('button', { name: 'OK' }).click();
    await tablet.getByRole('alert').waitFor();
    expect(await tablet.getByRole('alert').innerText()).toBe('井上 一郎さん：暗証番号が正しくありません。');
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
  });

  it('signs the worker out after 2 minutes without a touch, counting down the last 20 seconds', async () => {
    const tablet = await boundTablet(await registerStation('糊付け機の端末'));
    await tablet.clock.install();
    await tablet.getByRole('button', { name: /佐藤 一郎/ }).click();
    for (const digit of '1234') await tablet.getByRole('button', { name: digit, exact: true }).click();
    await tablet.getByRole('button', { name: 'OK' }).click();
    await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    // The idle sign-out's code comes once a worker is signed in, and its two minutes count from then: the
    // clock runs on five seconds at a time until the countdown of the last twenty shows, read at once.
    const countdown = tablet.getByText(/^操作がないため、あと\d+秒でログアウトします。$/);
    let shown = '';
    await expect
      .poll(
        async () => {
          await tablet.clock.runFor(5_000);
          shown = (await countdown.count()) ? await countdown.innerText() : '';
          return shown;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    // Its first figure is 20 less up to a step of 5 s, and up to 2 s more: the page's clock also runs on
    // in real time between the steps, which a busy machine makes long (14 was seen once).
    expect(shown).toMatch(/あと(1[3-9]|20)秒/);
    await tablet.clock.runFor(20_000);
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
  });

  it('keeps counts typed before the idle sign-out for whoever takes the job up again on the tablet, never over counts saved since', async () => {
    const tablet = await boundTablet(await registerStation('断裁2号の端末'));
    const signInFirst = async () => {
      await tablet.getByRole('button', { name: /佐藤 一郎/ }).click();
      for (const digit of '1234') await tablet.getByRole('button', { name: digit, exact: true }).click();
      await tablet.getByRole('button', { name: 'OK' }).click();
      await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    };
    await signInFirst();
    await tablet.getByRole('button', { name: '作業開始', exact: true }).click();
    await fillJob(tablet, '78');
    await tablet.getByRole('button', { name: '開始', exact: true }).click();
    await tablet.waitForURL(/\/product_cost\/resume\/\d+$/);
    const resumePath = new URL(tablet.url()).pathname;
    await tablet.getByLabel('良品数').click();
    const keypad = tablet.getByRole('dialog', { name: '良品数' });
    for (const digit of '500') await keypad.getByRole('button', { name: digit, exact: true }).click();
    await keypad.getByRole('button', { name: 'OK', exact: true }).click();
    await expect.poll(() => tablet.getByLabel('良品数').inputValue()).toBe('500');
    // As on a real shift, the 呼出 panel (a chunk of its own) is drawn and has read what it shows before
    // the two minutes pass. A read still under way when the sign-out comes is refused: nobody sees it.
    await tablet.getByRole('button', { name: '呼出', exact: true }).waitFor();
    const answered = () =>
      tablet.evaluate(() =>
        ['/api/call_reason/selector', '/api/productcost/call/'].every((path) =>
          performance.getEntriesByType('resource').some((entry) => entry.name.includes(path)),
        ),
      );
    await expect.poll(answered).toBe(true);
    e2e.allowRefusal(401, 'a read of the leaving screen still under way when the idle sign-out comes');

    await tablet.clock.install();
    await tablet.clock.runFor(125_000);
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
    await signInFirst();
    await tablet.goto(resumePath);
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('作業中');
    expect(await tablet.getByLabel('良品数').inputValue()).toBe('500');

    // Counts the server came to hold since (終業 on another tablet with 600) are not overwritten by the copy.
    const id = Number(resumePath.split('/').at(-1));
    const counts = { wound: 0, size: 0, miss: 0, other: 0, process2: '' };
    await e2e.admin.call('POST', `/api/productcost/nowork/start/${id}`, { superior: 600, ...counts });
    await tablet.reload();
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('終業');
    expect(await tablet.getByLabel('良品数').inputValue()).toBe('600');
    await tablet.getByRole('button', { name: '始業', exact: true }).click();
    expect(await answerDialog(tablet)).toBe('おはようございます。始業しますか？');
    expect(await answerDialog(tablet)).toBe('作業を開始しました。');
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('作業中');

    // 終了 takes them to the server, and the tablet keeps no copy.
    await tablet.getByRole('button', { name: '終了', exact: true }).click();
    expect(await answerDialog(tablet)).toBe('作業を終了します。よろしいですか？');
    await tablet.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
    expect((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).superior).toBe(600);
    expect(await tablet.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kosu-counts-draft-')))).toEqual([]);
  });

  it('preselects the station’s machine on 開始, records a whole job, and signs out to the tiles after 終了', async () => {
    const machine = Number((await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機2号' } })).id);
    const { code } = await e2e.admin.call('POST', '/api/station', { station: { name: '2号機の端末', machine_id: machine } });
    const tablet = await boundTablet(String(code));
    await tablet.getByRole('button', { name: /佐藤 一郎/ }).click();
    for (const digit of '1234') await tablet.getByRole('button', { name: digit, exact: true }).click();
    await tablet.getByRole('button', { name: 'OK' }).click();
    await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();

    await tablet.getByRole('button', { name: '作業開始', exact: true }).click();
    await expect.poll(() => tablet.getByRole('combobox', { name: '加工機' }).inputValue()).toBe('折り機2号');
    await fillJob(tablet, '77');
    await tablet.getByRole('button', { name: '開始', exact: true }).click();
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('作業中');
    await tablet.getByRole('button', { name: '終了', exact: true }).click();
    expect(await answerDialog(tablet)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
    const done = tablet.getByRole('dialog');
    await done.getByRole('button', { name: 'OK', exact: true }).click();
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();

    const rows = (await e2e.admin.call('GET', '/api/productcost')) as unknown as Array<Record<string, unknown>>;
    expect(rows.find((row) => row.slip_no === '77')).toMatchObject({ machine_name: '折り機2号', state: 0, workers_name: '佐藤 一郎' });
  });

  it('sends a worker whose session ended on the server back to the tiles, told why, never to the password sign-in', async () => {
    const tablet = await boundTablet(await registerStation('検品台の端末'));
    await signInOnTiles(tablet, '佐藤 一郎', '1234');
    await changePin('佐藤 一郎', '4321');
    try {
      e2e.expectRefusal(401, 'the ended session’s 作業開始 is refused');
      await tablet.getByRole('button', { name: '作業開始', exact: true }).click();
      // The work screen's code arrives, its reads are refused, and the tiles' code arrives: slow on a busy machine.
      await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor({ timeout: 30_000 });
      expect(await tablet.getByRole('alert').innerText()).toBe(SESSION_ENDED);
      expect(await tablet.getByRole('heading', { name: 'ログイン' }).count()).toBe(0);

      // The new PIN signs the worker in again, and the notice goes with the tiles.
      await signInOnTiles(tablet, '佐藤 一郎', '4321');
      await tablet.getByRole('button', { name: 'ログアウト' }).click();
      await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
      expect(await tablet.getByRole('alert').count()).toBe(0);
    } finally {
      // The later tests sign 佐藤 in with the PIN they were given, whatever became of this one.
      await changePin('佐藤 一郎', '1234');
    }
  });

  it('keeps a 終了 refused because the session ended in sight on the tiles, as not recorded', async () => {
    const tablet = await boundTablet(await registerStation('丁合機の端末'));
    await signInOnTiles(tablet, '井上 一郎', '5678');
    await tablet.getByRole('button', { name: '作業開始', exact: true }).click();
    await fillJob(tablet, '24-6160');
    await tablet.getByRole('button', { name: '開始', exact: true }).click();
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('作業中');
    await changePin('井上 一郎', '8765');
    try {
      e2e.expectRefusal(401, 'the ended session’s 終了 is refused');
      const finish = tablet.getByRole('button', { name: '終了', exact: true });
      await expect.poll(() => finish.isEnabled()).toBe(true);
      await finish.click();
      expect(await answerDialog(tablet)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
      // The refusal, the press kept and the tiles' code: slow on a busy machine.
      await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor({ timeout: 30_000 });
      expect(await tablet.getByRole('alert').innerText()).toBe(SESSION_ENDED);
      const refused = tablet.getByTestId('refused-press');
      await expect.poll(() => refused.count()).toBe(1);
      expect(await refused.innerText()).toMatch(
        /^終了\s+作業伝票No 24-6160\s+[\s\S]*ログインの有効期限が切れたため、記録されていません。\s+確認済み$/,
      );
      expect(await tablet.getByRole('dialog').count()).toBe(0);
      const rows = (await e2e.admin.call('GET', '/api/productcost?in_progress=true')) as unknown as Array<Record<string, unknown>>;
      expect(rows.find((row) => row.slip_no === '24-6160')).toBeDefined();
    } finally {
      await changePin('井上 一郎', '5678');
    }
  });

  it('offers no deleted machine on 開始, and names it as deleted in 端末', async () => {
    const machine = Number((await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機3号' } })).id);
    const { code } = await e2e.admin.call('POST', '/api/station', { station: { name: '3号機の端末', machine_id: machine } });
    const tablet = await boundTablet(String(code));
    await e2e.admin.call('DELETE', `/api/machine/${machine}`);

    await signInOnTiles(tablet, '佐藤 一郎', '1234');
    await tablet.getByRole('button', { name: '作業開始', exact: true }).click();
    await fillJob(tablet, '24-7170');
    expect(await tablet.getByRole('combobox', { name: '加工機' }).inputValue()).toBe('');
    await tablet.getByRole('button', { name: '開始', exact: true }).click();
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('作業中');

    const page = e2e.page;
    await page.getByRole('link', { name: '設定管理' }).click();
    await page.getByRole('link', { name: '端末' }).click();
    const row = page.getByRole('row', { name: /3号機の端末/ });
    await row.getByRole('cell', { name: '折り機3号（削除済み）' }).waitFor();
    await row.getByRole('button', { name: '編集' }).click();
    const form = page.getByRole('dialog', { name: '端末の編集' });
    expect(await form.getByRole('combobox', { name: '加工機' }).inputValue()).toBe('折り機3号（削除済み）');
    e2e.expectRefusal(400, 'a station cannot keep its deleted machine');
    await form.getByRole('button', { name: '更新', exact: true }).click();
    expect(await form.getByRole('alert').innerText()).toBe('選択された加工機は登録されていません。');
  });

  it('offers on 端末 a machine just added on 加工機, from its first drawing, without a reload', async () => {
    const page = e2e.page;
    const machineChoices = async () => {
      await page.getByRole('button', { name: '新規登録' }).click();
      const form = page.getByRole('dialog', { name: '端末の登録' });
      await form.getByRole('combobox', { name: '加工機' }).click();
      const choices = await page.getByRole('option').allInnerTexts();
      await page.keyboard.press('Escape');
      await page.getByRole('option').first().waitFor({ state: 'hidden' });
      await form.getByRole('button', { name: 'キャンセル' }).click();
      await form.waitFor({ state: 'detached' });
      return choices;
    };
    // 端末 open first, as an administrator setting up a new line's tablet would have it.
    const machinesRead = nextRead(page, '/api/machine');
    await page.getByRole('link', { name: '設定管理' }).click();
    await page.getByRole('link', { name: '端末' }).click();
    await machinesRead;
    expect(await machineChoices()).not.toContain('丁合機 1号');

    // 加工機 gets the line's machine. The machines answer slowly from here on, so that a 端末 drawn
    // from the machines it kept would show without it.
    await page.getByRole('button', { name: '戻る' }).click();
    await page.getByRole('link', { name: '加工機' }).click();
    await page.getByRole('button', { name: '新規追加' }).click();
    await page.getByLabel(/^名前/).fill('丁合機 1号');
    const restoreMachines = await slowAnswers(page.context(), '**/api/machine', 3_000);
    const listRead = nextRead(page, '/api/machine');
    await page.getByRole('button', { name: '登録する' }).click();
    await listRead;
    expect(await answerDialog(page)).toBe('登録しました。');
    await page.getByRole('heading', { name: '加工機一覧' }).waitFor();

    await page.getByRole('button', { name: '戻る' }).click();
    await page.getByRole('link', { name: '端末' }).click();
    await page.getByRole('heading', { name: '端末' }).waitFor();
    expect(await machineChoices()).toContain('丁合機 1号');
    await restoreMachines();
  });

  it('is bound with a code typed in full-width digits, as an input method writes them', async () => {
    const code = await registerStation('全角入力の端末');
    const tablet = await e2e.newPage({ width: 800, height: 1280 });
    e2e.expectRefusal(403, 'a browser that is not yet a station asks which station it is, and is told it is none');
    await tablet.goto('/station');
    await tablet.getByLabel('登録コード').fill(code.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0)));
    await tablet.getByRole('button', { name: '登録' }).click();
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
    await tablet.getByText('全角入力の端末').waitFor();
  });

  it('tells that no worker has a 暗証番号 yet, apart from a kana row without names', async () => {
    const tablet = await boundTablet(await registerStation('暗証番号なしの端末'));
    await tablet.getByText('な', { exact: true }).click();
    await tablet.getByText('該当する作業者はいません。').waitFor();

    const workers = [
      ['佐藤 一郎', '1234'],
      ['井上 一郎', '5678'],
      ['勅使河原 左衛門三郎', '2468'],
    ] as const;
    for (const [name] of workers) await removePin(name);
    try {
      await tablet.reload();
      await tablet.getByText(stationMessages.noWorkerHasPin).waitFor();
      expect(await tablet.getByText('該当する作業者はいません。').count()).toBe(0);
    } finally {
      for (const [name, pin] of workers) await changePin(name, pin);
    }
  });
});
