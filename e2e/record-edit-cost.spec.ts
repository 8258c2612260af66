import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/domain/messages.ts';
import { addEmployee, startRecord } from './support/api.ts';
import { answerDialog, failReads, nextRead, signIn, slowAnswers } from './support/browser.ts';
import { ownEmployeeId } from './support/editor.ts';
import { e2eSuite } from './support/suite.ts';

let workedExample: number;
let unrated: { job: number; machine: number };

const DAY = '2026/11/21';

/**
 * The worked example of docs/PRODUCT.md#analytics on slip 7001: 09:00–12:00 with 終業 10:00–10:30, a
 * setup 09:00–09:30 interrupted by 打ち合わせ (5 min) and 材料待ち (2 min), 機械故障 11:00–11:20 and
 * 清掃 11:30–11:40, 900 good and 100 defective sheets of 全断 (1,000 sheets an hour, 20 minutes of
 * setup), on a machine at 3,000 円/時 by workers at 1,500 and 1,333 円/時. And a job in progress on a
 * machine and by a worker without a rate.
 */
const e2e = e2eSuite({
  arrange: async (admin) => {
    const rate = (yen_per_hour: number) => [{ valid_from: '2026-01-01', yen_per_hour }];
    const machine = Number((await admin.call('POST', '/api/machine', { machine: { id: null, name: '断裁機1号', rates: rate(3000) } })).id);
    const aoki = await addEmployee(admin, { last_name: '青木', first_name: '一郎', rates: rate(1500) });
    const baba = await addEmployee(admin, { last_name: '馬場', first_name: '二郎', rates: rate(1333) });
    const cutting = (await admin.call('GET', '/api/processing/1')) as { name: string; details: Array<Record<string, unknown>> };
    const [fullCut, ...otherDetails] = cutting.details;
    await admin.call('PUT', '/api/processing/1', {
      processing: { name: cutting.name, details: [{ ...fullCut, standard_speed: 1000, standard_setup_minutes: 20 }, ...otherDetails] },
    });
    workedExample = await startRecord(admin, {
      slip_no: '7001',
      employees: [aoki, baba],
      machine_id: machine,
      processing_detail_id: Number(fullCut!.id),
    });
    await admin.call('POST', `/api/productcost/finish/${workedExample}`, { superior: 900, wound: 60, size: 20, miss: 10, other: 10 });
    const record = await admin.call('GET', `/api/productcost/edit/${workedExample}`);
    const pause = (from: string, to: string, interruption_id: number) => ({
      id: null,
      broken_on: `${DAY} ${from}`,
      restarted_on: `${DAY} ${to}`,
      interruption_id,
      interruption_other: null,
    });
    await admin.call('PUT', `/api/productcost/${workedExample}`, {
      productcost: {
        ...record,
        employees: [aoki, baba],
        started_on: `${DAY} 09:00`,
        finished_on: `${DAY} 12:00`,
        setup_times: [
          {
            id: null,
            started_on: `${DAY} 09:00`,
            finished_on: `${DAY} 09:30`,
            setup_break_times: [pause('09:10', '09:15', 3), pause('09:20', '09:22', 1)],
          },
        ],
        break_times: [pause('11:00', '11:20', 2), pause('11:30', '11:40', 4)],
        nowork_times: [{ id: null, started_on: `${DAY} 10:00`, finished_on: `${DAY} 10:30` }],
      },
    });
    const folder = Number((await admin.call('POST', '/api/machine', { machine: { id: null, name: '折り機2号' } })).id);
    const chiba = await addEmployee(admin, { last_name: '千葉', first_name: '三郎' });
    unrated = { job: await startRecord(admin, { slip_no: '7002', employees: [chiba], machine_id: folder }), machine: folder };
  },
});

const section = (on: Page = e2e.page) => on.getByRole('region', { name: '原価と稼働', exact: true });
/** A figure of 原価と稼働 by its name, and what explains it under it. */
const figure = (label: string) => section().locator(`dt:text-is("${label}") + dd`);
const how = (label: string) => section().locator(`dt:text-is("${label}") + dd + dd`);
/** 原価 at the head of the editor, beside 状態 and 作業日. */
const headCost = () => e2e.page.locator('dl').first().locator('dt:text-is("原価") + dd');
/** Whether a heading is on screen: scrolled to, its top may sit a fraction of a pixel above the window's, as layout rounds. */
const inView = (name: string) =>
  e2e.page
    .getByRole('heading', { name, exact: true })
    .evaluate((heading) => heading.getBoundingClientRect().top > -1 && heading.getBoundingClientRect().bottom <= window.innerHeight);

async function openedFromAnalytics(slip: string): Promise<void> {
  await e2e.page.goto(`/analytics?from=2026-11-21&to=2026-11-21`);
  await e2e.page.getByRole('table', { name: '作業別原価', exact: true }).getByRole('link', { name: slip, exact: true }).click();
  await figure('原価').waitFor();
}

describe('原価と稼働', () => {
  it('shows what a job opened from 分析 cost and how, and what it costs once a corrected 終了時刻 is saved', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await openedFromAnalytics('7001');
    // The cost at the head, above the fields; its breakdown under them, one press away.
    expect(await headCost().innerText()).toMatch(/^13,124円\s*内訳へ$/);
    expect(await inView('原価と稼働')).toBe(false);
    await headCost().getByRole('button', { name: '内訳へ' }).click();
    await expect.poll(() => inView('原価と稼働')).toBe(true);
    // PPT 2:15:00 (3 h − 30 min of 終業 − 15 min of planned stops) at 3,000 円/時 and at 1,500 + 1,333 円/時.
    expect([await figure('機械費').innerText(), await how('機械費').innerText()]).toEqual(['6,750円', '3,000円/時 × 2:15:00']);
    expect([await figure('労務費').innerText(), await how('労務費').innerText()]).toEqual(['6,374円', '2,833円/時 × 2:15:00']);
    expect(await figure('原価').innerText()).toBe('13,124円');
    expect(await figure('良品1枚あたり原価').innerText()).toBe('14.58円');
    const shown = async (labels: string[]) => Promise.all(labels.map((label) => figure(label).innerText()));
    expect(await shown(['作業時間', '工数（人時）', '段取り時間', '計画停止時間', '非計画停止時間', '正味稼働時間'])).toEqual([
      '2:30:00',
      '5:00:00',
      '0:23:00',
      '0:15:00',
      '0:22:00',
      '1:30:00',
    ]);
    expect(await how('段取り時間').innerText()).toBe('標準 0:20:00');
    expect(await shown(['時間稼働率', '性能稼働率', '良品率', 'OEE'])).toEqual(['66.7%', '66.7%', '90.0%', '40.0%']);
    // Each ratio with how it is worked out: 時間稼働率 is not the list's 稼働率, which the times above show.
    expect(await Promise.all(['時間稼働率', '性能稼働率', '良品率', 'OEE'].map((label) => how(label).innerText()))).toEqual([
      '正味稼働時間 ÷（作業時間 − 計画停止時間）',
      '標準速度での所要時間 ÷ 正味稼働時間',
      '良品数 ÷（良品数 + 不良数）',
      '時間稼働率 × 性能稼働率 × 良品率',
    ]);
    expect(await e2e.page.getByText('（作業時間 − 中断時間）÷ 作業時間', { exact: true }).isVisible()).toBe(true);
    expect(await section().getByRole('status').count()).toBe(0);

    // An hour more: PPT 3:15:00, 9,750 円 and 9,207.25 円.
    await e2e.page.getByLabel('作業終了時間').fill(`${DAY} 13:00`);
    // The save makes the figures stale with every read of the record, and they are read again at once.
    const readAgain = nextRead(e2e.page, `/api/analytics/jobs/${workedExample}`);
    await e2e.page.getByRole('button', { name: '保存する', exact: true }).click();
    expect(await answerDialog(e2e.page)).toBe(messages.saved.registered);
    await readAgain;
    const jobs = e2e.page.getByRole('table', { name: '作業別原価', exact: true });
    await jobs.getByRole('cell', { name: '18,957円' }).waitFor();
    // Opened again, it shows the new cost from its first drawing, while its read on opening is held back.
    const answerAgain = await slowAnswers(e2e.page, `**/api/analytics/jobs/${workedExample}`);
    await jobs.getByRole('link', { name: '7001', exact: true }).click();
    await figure('原価').waitFor();
    expect(await figure('原価').innerText()).toBe('18,957円');
    expect(await how('機械費').innerText()).toBe('3,000円/時 × 3:15:00');
    expect(await figure('労務費').innerText()).toBe('9,207円');
    await answerAgain();
  });

  it('opens the job’s order in 分析: every job of its slip, whichever process, in the 60 days either side', async () => {
    // The order's next process, folded today under the same slip.
    await startRecord(e2e.admin, { slip_no: '7001', employees: [await ownEmployeeId(e2e.admin)] });
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(`/product_cost/show/${workedExample}`);
    await section().getByRole('link', { name: '作業伝票No 7001 の全工程を分析で見る', exact: true }).click();
    await e2e.page.getByRole('heading', { name: '分析', exact: true }).waitFor();
    const address = new URL(e2e.page.url()).searchParams;
    expect([address.get('from'), address.get('to'), address.get('slip')]).toEqual(['2026-09-22', '2027-01-20', '7001']);
    const jobs = e2e.page.getByRole('table', { name: '作業別原価', exact: true });
    await expect.poll(() => jobs.locator('tbody tr').count()).toBe(2);
    expect(await e2e.page.getByRole('textbox', { name: '作業伝票No', exact: true }).inputValue()).toBe('7001');
  });

  it('says a job in progress counts up to now, and names the rates missing with a link to where each is added', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(`/product_cost/show/${unrated.job}`);
    await figure('原価').waitFor();
    expect(await headCost().innerText()).toMatch(/^[\d,]+円（現在まで）\s*単価未設定\s*内訳へ$/);
    expect(await section().getByRole('status').innerText()).toBe(
      '作業中のため、現在までの数値です。数量は終業と終了で記録されるため、性能稼働率とOEEは、数量が記録されるまで低く表示されます。',
    );
    expect([await figure('原価').innerText(), await how('機械費').innerText(), await how('労務費').innerText()]).toEqual([
      '0円',
      '時間チャージ未登録',
      '労務単価未登録',
    ]);
    expect(
      await section().getByText('作業日の単価が登録されていないため、その分の原価は0円で計算しています。', { exact: true }).isVisible(),
    ).toBe(true);
    expect(await section().getByRole('link', { name: '千葉 三郎' }).isVisible()).toBe(true);
    await section().getByRole('link', { name: '折り機2号' }).click();
    await expect.poll(() => new URL(e2e.page.url()).pathname).toBe(`/machine/show/${unrated.machine}`);
  });

  it('says so in its own place, with 再読み込み, when its figures cannot be read, and the record stays to be edited', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    e2e.expectRefusal(500, 'the job’s figures are answered with a server error');
    await failReads(e2e.page, `**/api/analytics/jobs/${workedExample}`);
    await e2e.page.goto(`/product_cost/show/${workedExample}`);
    const failed = section().getByRole('alert');
    await expect.poll(() => failed.innerText()).toContain('読み込みに失敗しました。');
    const finish = e2e.page.getByLabel('作業終了時間');
    expect(await finish.isEditable()).toBe(true);
    expect(await e2e.page.getByRole('alert').count()).toBe(1);

    await e2e.page.unrouteAll();
    await failed.getByRole('button', { name: '再読み込み' }).click();
    await expect.poll(() => figure('原価').innerText()).toMatch(/円$/);
  });
});
