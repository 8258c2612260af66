import type { Page } from 'playwright-core';
import { startRecord, type ApiSession } from './api.ts';
import { answerDialog } from './browser.ts';

/**
 * The record editor on a suite's page, whichever page the running test has: its inputs found by
 * their exact label (a 必須 badge may follow), opening a record, saving.
 */
export function editorOf(suite: { readonly page: Page }) {
  const field = (label: string) => suite.page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));
  return {
    field,
    value: (label: string) => field(label).inputValue(),
    fill: (label: string, text: string) => field(label).fill(text),
    button: (name: string) => suite.page.getByRole('button', { name, exact: true }),
    async open(id: number): Promise<void> {
      await suite.page.goto(`/product_cost/show/${id}`);
      await field('作業開始時間').waitFor();
    },
    /** 保存する, and the text of the alert it brings up (closed with OK). */
    async save(): Promise<string> {
      await suite.page.getByRole('button', { name: '保存する', exact: true }).click();
      return answerDialog(suite.page);
    },
  };
}

/** The employee id of the person signed in to this session. */
export async function ownEmployeeId(session: ApiSession): Promise<number> {
  return Number((await session.call('GET', '/api/user/info')).employee_id);
}

/**
 * A record of the session's own person, started through the API (断裁 / 全断 on A3) and, when
 * asked, finished with 100 good sheets; answers its id.
 */
export async function ownRecord(session: ApiSession, slip_no: string, finish = false): Promise<number> {
  const id = await startRecord(session, { slip_no, employees: [await ownEmployeeId(session)] });
  if (finish) await session.call('POST', `/api/productcost/finish/${id}`, { superior: 100 });
  return id;
}
