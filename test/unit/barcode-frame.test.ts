import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { barcodeFrame, code128Modules, rgbaOf } from '../support/barcode-frame.ts';

// The same decoder the work screen's スキャン loads, here from node_modules.
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });

async function read(text: string) {
  const frame = barcodeFrame(code128Modules(text), { width: 800, height: 240, moduleWidth: 2 });
  return (await readBarcodes(rgbaOf(frame), { formats: ['Code128'] })).map((result) => [result.format, result.text]);
}

describe('the browser tests’ Code 128 frame', () => {
  it('reads as the slip number it was drawn for', async () => {
    expect(await read('24-1187')).toEqual([['Code128', '24-1187']]);
  });

  it('draws every character of code set B as ZXing reads it', async () => {
    const all = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('');
    for (let at = 0; at < all.length; at += 24) {
      // Wrapped in < >: a space at either end of a read may be trimmed.
      const chunk = `<${all.slice(at, at + 24)}>`;
      expect(await read(chunk)).toEqual([['Code128', chunk]]);
    }
  });
});
