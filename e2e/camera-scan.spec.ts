import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../src/domain/field-limits.ts';
import { scanMessages } from '../src/domain/scan.ts';
import { barcodeFrame, code128Modules, y4mFile } from '../test/support/barcode-frame.ts';
import { addEmployee } from './support/api.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

/**
 * スキャン on the work screen. Chromium's fake camera plays a still frame of a Code 128 of 24-1187,
 * and answers the permission prompt by itself. Headless Chromium on Linux has no BarcodeDetector,
 * so these run zxing-wasm, loaded from this server (src/web/features/work/camera-scan.test.ts
 * covers the choice of BarcodeDetector).
 */
const SLIP = '24-1187';
const camera = path.join(mkdtempSync(path.join(tmpdir(), 'kosu-camera-')), 'code128.y4m');
writeFileSync(camera, y4mFile(barcodeFrame(code128Modules(SLIP))));

const WORKER = { userName: 'scan-worker', password: 'scan-worker-pass' };
const e2e = e2eSuite({
  signedIn: WORKER,
  arrange: async (admin) => {
    await addEmployee(admin, { last_name: '中村', first_name: '茜', login: WORKER });
  },
  browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera}`],
});

const button = (name: string) => e2e.page.getByRole('button', { name, exact: true });
const slipField = () => e2e.page.getByLabel(/^作業伝票No/);
const scanDialog = () => e2e.page.getByRole('dialog', { name: 'スキャン' });

/** Keeps every stream the page's getUserMedia gives, so that a test can see that the camera was turned off. */
async function watchCameraStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** How many camera streams the page opened, and how many of their tracks still run. */
function cameraTracks(page: Page): Promise<{ streams: number; live: number }> {
  return page.evaluate(() => {
    const streams = (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams;
    const live = streams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length;
    return { streams: streams.length, live };
  });
}

/**
 * Replaces the camera with a canvas showing the Code 128 of `text` (or nothing, for null); `showCode`
 * in the page draws another. Lets one browser show codes other than its fake camera's.
 */
async function cameraShowing(page: Page, text: string | null): Promise<void> {
  await page.addInitScript(
    (modules) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      let shown = modules;
      const draw = () => {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.fillStyle = '#000';
        const left = (canvas.width - shown.length * 4) / 2;
        shown.forEach((bar, index) => bar && context.fillRect(left + index * 4, 120, 4, 240));
      };
      draw();
      setInterval(draw, 100);
      (window as unknown as { showCode: (next: boolean[]) => void }).showCode = (next) => {
        shown = next;
        draw();
      };
      navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(10);
    },
    text === null ? [] : code128Modules(text),
  );
}

describe('スキャン by 作業伝票No', () => {
  it('reads the slip’s Code 128 with the camera, fills 作業伝票No and turns the camera off; the decoder comes from this server on the press', async () => {
    await watchCameraStreams(e2e.page);
    const requested: string[] = [];
    e2e.page.on('request', (request) => requested.push(request.url()));
    await e2e.page.goto('/product_cost/create');
    await button('開始').waitFor();
    expect(requested.filter((url) => /zxing/i.test(url))).toEqual([]);

    await button('スキャン').click();
    await scanDialog().getByText(scanMessages.read(SLIP)).waitFor();
    expect(await slipField().inputValue()).toBe(SLIP);
    await scanDialog().waitFor({ state: 'hidden' });
    expect(await cameraTracks(e2e.page)).toEqual({ streams: 1, live: 0 });

    const origin = new URL(e2e.page.url()).origin;
    expect(requested.filter((url) => /zxing_reader-[\w-]+\.wasm$/.test(url)).map((url) => new URL(url).origin)).toEqual([origin]);
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  });

  it('refuses a code that is no slip number, naming it, with the camera still on; the next code is taken', async () => {
    await cameraShowing(e2e.page, 'ABC-77');
    await watchCameraStreams(e2e.page);
    await e2e.page.goto('/product_cost/create');
    await button('スキャン').click();

    await scanDialog().getByRole('alert').getByText(scanMessages.notASlip('ABC-77', fieldMessages.slipNoCharacters)).waitFor();
    expect(await slipField().inputValue()).toBe('');
    expect(await cameraTracks(e2e.page)).toEqual({ streams: 1, live: 1 });

    await e2e.page.evaluate(
      (modules) => (window as unknown as { showCode: (next: boolean[]) => void }).showCode(modules),
      code128Modules(SLIP),
    );
    await scanDialog().waitFor({ state: 'hidden' });
    expect(await slipField().inputValue()).toBe(SLIP);
    expect(await cameraTracks(e2e.page)).toEqual({ streams: 1, live: 0 });
  });

  it('turns the camera off at キャンセル and fills nothing', async () => {
    await cameraShowing(e2e.page, null);
    await watchCameraStreams(e2e.page);
    await e2e.page.goto('/product_cost/create');
    await button('スキャン').click();
    await scanDialog().getByText(scanMessages.reading).waitFor();
    await expect.poll(() => cameraTracks(e2e.page)).toEqual({ streams: 1, live: 1 });

    await scanDialog().getByRole('button', { name: 'キャンセル' }).click();
    await scanDialog().waitFor({ state: 'hidden' });
    expect(await cameraTracks(e2e.page)).toEqual({ streams: 1, live: 0 });
    expect(await slipField().inputValue()).toBe('');
  });

  it('says so in Japanese when the camera is refused, and the keypad still types; after 開始 there is nothing to scan', async () => {
    await e2e.page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await e2e.page.goto('/product_cost/create');
    await button('スキャン').click();
    await scanDialog().getByRole('alert').getByText(scanMessages.cameraUnavailable).waitFor();
    await scanDialog().getByRole('button', { name: '閉じる', exact: true }).last().click();
    await scanDialog().waitFor({ state: 'hidden' });

    await fillJob(e2e.page, '24-1188');
    expect(await slipField().inputValue()).toBe('24-1188');
    await button('開始').click();
    await e2e.page.waitForURL(/\/product_cost\/resume\/\d+$/);
    // Started, the slip is fixed: スキャン is no longer offered.
    expect(await button('スキャン').count()).toBe(0);
  });
});
