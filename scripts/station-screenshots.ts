import { screenshotRun } from './support/screenshot-run.ts';

/**
 * Screenshots of a station for docs/screenshots/: 作業端末の登録, 作業者を選択 (the tiles) and the PIN keypad, on a
 * 10-inch tablet upright (800×1280) and held sideways (1280×800). Started as scripts/screenshots.ts
 * is: the server as the browser tests run it, on a new SQLite database.
 *
 *   npx tsx scripts/station-screenshots.ts
 */
const viewports = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
];
const workers = [
  ['佐藤', '花子', 'サトウ', 'ハナコ'],
  ['田中', '一郎', 'タナカ', 'イチロウ'],
  ['鈴木', '健太', 'スズキ', 'ケンタ'],
  ['高橋', '美咲', 'タカハシ', 'ミサキ'],
  ['伊藤', '翔', 'イトウ', 'ショウ'],
  ['渡辺', '直美', 'ワタナベ', 'ナオミ'],
  ['山本', '大輔', 'ヤマモト', 'ダイスケ'],
  ['中村', '優子', 'ナカムラ', 'ユウコ'],
  ['小林', '誠', 'コバヤシ', 'マコト'],
  ['長谷川', 'アレクサンドラ恵美子', 'ハセガワ', 'アレクサンドラエミコ'],
  ['勅使河原', '左衛門三郎', 'テシガワラ', 'サエモンサブロウ'],
] as const;

await screenshotRun(async ({ admin, openPage, save }) => {
  for (const [last_name, first_name, last_phonetic_name, first_phonetic_name] of workers) {
    await admin.call('POST', '/api/employee', {
      employee: { last_name, first_name, last_phonetic_name, first_phonetic_name, pin: '1234' },
    });
  }
  for (const viewport of viewports) {
    const { code } = await admin.call('POST', '/api/station', { station: { name: '折り機 2号の端末' } });
    const page = await openPage(viewport);
    await page.goto('/station');
    await page.getByLabel('登録コード').waitFor();
    await save(page, 'station-bind');
    await page.getByLabel('登録コード').fill(String(code));
    await page.getByRole('button', { name: '登録' }).click();
    await page.getByRole('heading', { name: '作業者を選択' }).waitFor();
    await page.getByRole('button', { name: /佐藤 花子/ }).waitFor();
    await save(page, 'station-tiles');
    await page.getByRole('button', { name: /佐藤 花子/ }).click();
    for (const digit of '12') await page.getByRole('button', { name: digit, exact: true }).click();
    // The keypad opens with a short animation.
    await page.waitForTimeout(400);
    await save(page, 'station-pin');
    await page.context().close();
  }
});
