import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../src/domain/field-limits.ts';
import { labelMessages } from '../src/web/features/slip-label/label-slip.ts';
import { addEmployee, startRecord } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { readCode128 } from './support/code128.ts';
import { e2eSuite } from './support/suite.ts';

const WORKER = { userName: 'label-worker', password: 'label-worker-pass' };
const e2e = e2eSuite({
  arrange: (admin) => addEmployee(admin, { last_name: '佐藤', first_name: '一郎', login: WORKER }).then(() => undefined),
});

const label = (page: Page) => page.getByTestId('slip-label');
const barcode = (page: Page, bcid: string, index = 0) => label(page).nth(index).locator(`img[data-bcid="${bcid}"]`);

/**
 * The image as the page drew it, at four times its natural size (so that every module is whole
 * pixels): whether each pixel of its middle row is dark, and how many of all its pixels are dark.
 */
async function pixelsOf(
  page: Page,
  bcid: string,
  index = 0,
): Promise<{ width: number; height: number; row: boolean[]; darkShare: number }> {
  return barcode(page, bcid, index).evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth * 4;
    canvas.height = image.naturalHeight * 4;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const dark = (index: number) => data[index * 4]! + data[index * 4 + 1]! + data[index * 4 + 2]! < 3 * 128;
    const middle = Math.floor(canvas.height / 2) * canvas.width;
    let darkCount = 0;
    for (let index = 0; index < canvas.width * canvas.height; index++) if (dark(index)) darkCount++;
    return {
      width: image.naturalWidth,
      height: image.naturalHeight,
      row: Array.from({ length: canvas.width }, (_, x) => dark(middle + x)),
      darkShare: darkCount / (canvas.width * canvas.height),
    };
  });
}

/** The pages of a PDF and the size of its first, in millimetres. */
function pdfPages(pdf: Buffer): { count: number; widthMm: number; heightMm: number } {
  const text = pdf.toString('latin1');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  if (!box) throw new Error('the PDF names no page size');
  const toMm = (points: string) => (Number(points) * 25.4) / 72;
  return { count: text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0, widthMm: toMm(box[1]!), heightMm: toMm(box[2]!) };
}

describe('ラベル印刷', () => {
  it('shows a slip as Code 128 and QR that read back as the slip, and prints the label alone at 62 × 100 mm', async () => {
    const page = e2e.page;
    // Any signed-in user: a worker signs in and comes back to the label.
    await page.goto('/product_cost/label?slip_no=24-1187');
    await signIn(page, WORKER.userName, WORKER.password);
    await page.getByRole('heading', { name: 'ラベル印刷' }).waitFor();
    expect(await label(page).innerText()).toMatch(/^作業伝票No\s+24-1187$/);

    // Two barcodes, both of the slip, drawn and not empty.
    expect(await label(page).locator('img').count()).toBe(2);
    for (const bcid of ['code128', 'qrcode']) {
      expect(await barcode(page, bcid).getAttribute('data-text'), bcid).toBe('24-1187');
      const { width, height, darkShare } = await pixelsOf(page, bcid);
      expect(width, bcid).toBeGreaterThan(0);
      expect(height, bcid).toBeGreaterThan(0);
      expect(darkShare, `${bcid}'s dark share`).toBeGreaterThan(0.2);
      expect(darkShare, `${bcid}'s dark share`).toBeLessThan(0.8);
    }
    // The Code 128 reads back as the slip, from the pixels the page drew.
    expect(readCode128((await pixelsOf(page, 'code128')).row)).toBe('24-1187');
    const qr = (await barcode(page, 'qrcode').boundingBox())!;
    expect(Math.abs(qr.width - qr.height)).toBeLessThan(1);

    // 印刷 asks the browser to print.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: '印刷', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // Printed, the label is all there is: no header, title, field or button, and one page of the label's size.
    await page.emulateMedia({ media: 'print' });
    expect(await label(page).isVisible()).toBe(true);
    for (const part of [page.getByRole('banner'), page.getByRole('heading', { name: 'ラベル印刷' }), page.getByLabel('作業伝票No')]) {
      expect(await part.isVisible()).toBe(false);
    }
    expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
    expect(await label(page).boundingBox()).toMatchObject({ x: 0, y: 0 });
    const printed = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(printed.count).toBe(1);
    expect(printed.widthMm).toBeCloseTo(62, 0);
    expect(printed.heightMm).toBeCloseTo(100, 0);
    await page.emulateMedia({ media: 'screen' });

    // The longest slip still fits the label on one line, and reads back too.
    await page.getByLabel('作業伝票No').fill('123456789012345');
    await page.getByRole('button', { name: '表示', exact: true }).click();
    await page.waitForURL(/slip_no=123456789012345$/);
    await expect.poll(() => barcode(page, 'code128').getAttribute('data-text')).toBe('123456789012345');
    expect(readCode128((await pixelsOf(page, 'code128')).row)).toBe('123456789012345');
    const number = label(page).getByText('123456789012345', { exact: true });
    const [numberBox, labelBox] = [(await number.boundingBox())!, (await label(page).boundingBox())!];
    expect(numberBox.x).toBeGreaterThan(labelBox.x);
    expect(numberBox.x + numberBox.width).toBeLessThan(labelBox.x + labelBox.width);
  });

  it('shows why a slip number in the address is none, and no barcode', async () => {
    const page = e2e.page;
    await page.goto('/');
    await signIn(page, WORKER.userName, WORKER.password);
    // From the menu, without a slip yet.
    await page.getByRole('link', { name: 'ラベル印刷' }).click();
    await page.getByRole('heading', { name: 'ラベル印刷' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(fieldMessages.slipNoRequired);
    for (const [slip, message] of [
      ['24-A187', fieldMessages.slipNoCharacters],
      ['1234567890123456', fieldMessages.slipNoTooLong],
      ['--', fieldMessages.slipNoDigit],
    ] as const) {
      await page.goto(`/product_cost/label?slip_no=${encodeURIComponent(slip)}`);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').innerText(), slip).toBe(`「${slip}」：${message}`);
      expect(await page.locator('img').count(), slip).toBe(0);
      expect(await page.getByRole('button', { name: '印刷' }).count(), slip).toBe(0);
    }
    // A slip scanned one character too long is refused, never cut to another slip's number.
    await page.getByLabel('作業伝票No').fill('0000000000000001');
    await page.getByRole('button', { name: '表示', exact: true }).click();
    await page.waitForURL(/slip_no=0000000000000001$/);
    // Polled: the address changes a moment before the page shows its slip's message.
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(`「0000000000000001」：${fieldMessages.slipNoTooLong}`);
    expect(await page.locator('img').count()).toBe(0);
    // A slip typed (or scanned) into the field shows its label; full-width as the input method types it.
    // Ctrl+Enter shows it as 表示 does.
    await page.getByLabel('作業伝票No').fill('２４－１１９０');
    await page.getByLabel('作業伝票No').press('Control+Enter');
    await page.waitForURL(/slip_no=24-1190$/);
    await label(page).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await barcode(page, 'qrcode').getAttribute('data-text')).toBe('24-1190');
  });

  it('prints a label for each of several slips and a range, one a page, and names a wrong slip', async () => {
    const page = e2e.page;
    await page.goto('/product_cost/label');
    await signIn(page, WORKER.userName, WORKER.password);
    const field = page.getByLabel('作業伝票No');
    // Scanned: each slip ends with the scanner's Enter, which starts a new line and shows nothing yet.
    for (const slip of ['24-1187', '24-1190', 'ABC']) {
      await field.press('End');
      await field.pressSequentially(slip);
      await field.press('Enter');
    }
    expect(page.url()).not.toMatch(/slip_no=/);
    // Typed after them: a slip again, and a range of the next numbers, zero-padded.
    await field.pressSequentially('24-1190、２４－０１９８〜２４－０２０１');
    await page.getByRole('button', { name: '表示', exact: true }).click();
    await page.waitForURL(/slip_no=ABC/);
    // The address keeps each entry, the range as one.
    expect(new URL(page.url()).searchParams.getAll('slip_no')).toEqual(['24-1187', '24-1190', 'ABC', '24-1190', '24-0198~24-0201']);

    const slips = ['24-1187', '24-1190', '24-0198', '24-0199', '24-0200', '24-0201'];
    await expect.poll(() => label(page).count()).toBe(slips.length);
    expect(await label(page).evaluateAll((labels) => labels.map((element) => element.querySelector('img')!.dataset.text))).toEqual(slips);
    expect(await page.getByRole('alert').innerText()).toBe(`「ABC」：${fieldMessages.slipNoCharacters}`);
    expect(await page.getByRole('status').innerText()).toBe('6枚を印刷します。');
    await page.getByText('重複した作業伝票Noは1枚だけ印刷します：24-1190').waitFor();
    // Side by side on the desk's screen, wrapping to the next row.
    const boxes = await Promise.all(slips.map((_, index) => label(page).nth(index).boundingBox()));
    expect(boxes[1]!.y).toBe(boxes[0]!.y);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width);
    expect(boxes[5]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);
    // Each label reads back as its own slip.
    for (const [index, slip] of slips.entries()) {
      expect(readCode128((await pixelsOf(page, 'code128', index)).row), slip).toBe(slip);
    }

    // Printed: the good labels alone, one a page of 62 × 100 mm, and no message, count or field.
    await page.emulateMedia({ media: 'print' });
    for (const part of [page.getByRole('alert'), page.getByRole('status'), field]) expect(await part.isVisible()).toBe(false);
    expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
    expect(await label(page).first().boundingBox()).toMatchObject({ x: 0, y: 0 });
    const printed = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(printed.count).toBe(slips.length);
    expect(printed.widthMm).toBeCloseTo(62, 0);
    expect(printed.heightMm).toBeCloseTo(100, 0);
    await page.emulateMedia({ media: 'screen' });

    // Too many at once: no label, and why.
    await field.fill('24-1001〜24-1060\n24-2001〜24-2041');
    await page.getByRole('button', { name: '表示', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(labelMessages.tooMany(101));
    expect(await label(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: '印刷' }).count()).toBe(0);
    // Back shows the slips before, in the field too.
    await page.goBack();
    await expect.poll(() => label(page).count()).toBe(slips.length);
    expect(await field.inputValue()).toBe('24-1187\n24-1190\nABC\n24-1190\n24-0198~24-0201\n');
  });

  it('starts the next scan on a line of its own after the slips the address shows', async () => {
    const page = e2e.page;
    await page.goto('/product_cost/label?slip_no=24-1187');
    await signIn(page, WORKER.userName, WORKER.password);
    await expect.poll(() => label(page).count()).toBe(1);
    const field = page.getByLabel('作業伝票No');
    // The caret after the last slip, where a click below the text puts it.
    await field.click();
    await field.press('Control+End');
    await field.pressSequentially('24-1190');
    await field.press('Enter');
    await page.getByRole('button', { name: '表示', exact: true }).click();
    await expect.poll(() => label(page).count()).toBe(2);
    expect(new URL(page.url()).searchParams.getAll('slip_no')).toEqual(['24-1187', '24-1190']);
  });

  it('is opened from the record editor for the record’s slip', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '鈴木', first_name: '次郎' });
    const id = await startRecord(e2e.admin, { slip_no: '24-1194', employees: [worker] });
    const page = e2e.page;
    await page.goto(`/product_cost/show/${id}`);
    await signIn(page);
    await page.getByRole('link', { name: 'ラベル印刷' }).click();
    await page.waitForURL(/\/product_cost\/label\?slip_no=24-1194$/);
    expect(readCode128((await pixelsOf(page, 'code128')).row)).toBe('24-1194');
    // 戻る returns to the record.
    await page.getByRole('button', { name: '戻る' }).click();
    await page.getByLabel('作業開始時間').waitFor();
  });
});
