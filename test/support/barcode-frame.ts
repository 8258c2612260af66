/**
 * A still camera frame showing a Code 128, for Chromium's fake camera in the browser tests
 * (`--use-file-for-fake-video-capture`, which plays a YUV4MPEG2 file). The code is drawn here rather
 * than by a barcode package: Code 128 (code set B) is a short table.
 */

import { CODE128_PATTERNS as PATTERNS } from './code128-patterns.ts';

const START_B = 104;
const STOP = 106;
/** White modules on either side, ten as the standard asks. */
const QUIET_ZONE = 10;

/** The modules of `text` (printable ASCII) as Code 128 in code set B, quiet zones included: true for a bar. */
export function code128Modules(text: string): boolean[] {
  const values = [...text].map((char) => {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 set B has no ${JSON.stringify(char)}`);
    return code - 32;
  });
  const checksum = values.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  const modules: boolean[] = Array<boolean>(QUIET_ZONE).fill(false);
  for (const symbol of [START_B, ...values, checksum, STOP]) {
    [...PATTERNS[symbol]!].forEach((width, index) => modules.push(...Array<boolean>(Number(width)).fill(index % 2 === 0)));
  }
  modules.push(...Array<boolean>(QUIET_ZONE).fill(false));
  return modules;
}

export interface GrayFrame {
  width: number;
  height: number;
  /** One byte per pixel, row by row: 0 black, 255 white. */
  gray: Uint8Array;
}

/** A white frame with `modules` drawn across its middle, each module `moduleWidth` pixels wide. */
export function barcodeFrame(modules: boolean[], { width = 640, height = 480, moduleWidth = 4 } = {}): GrayFrame {
  const gray = new Uint8Array(width * height).fill(255);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  if (left < 0) throw new Error('the code is wider than the frame');
  const top = Math.floor(height / 4);
  for (let y = top; y < height - top; y++) {
    modules.forEach((bar, index) => {
      if (bar) gray.fill(0, y * width + left + index * moduleWidth, y * width + left + (index + 1) * moduleWidth);
    });
  }
  return { width, height, gray };
}

/**
 * The frame as a YUV4MPEG2 file of two identical 4:2:0 frames (Chromium loops the file), luma in
 * video range (16 black, 235 white), chroma neutral.
 */
export function y4mFile(frame: GrayFrame): Buffer {
  const { width, height, gray } = frame;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const luma = Buffer.from(gray.map((value) => Math.round(16 + (value * 219) / 255)));
  const chroma = Buffer.alloc(2 * Math.ceil(width / 2) * Math.ceil(height / 2), 128);
  const one = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  return Buffer.concat([header, one, one]);
}

/** The frame as RGBA pixels in the shape of the browser's ImageData, which Node lacks. */
export function rgbaOf(frame: GrayFrame): ImageData {
  const data = new Uint8ClampedArray(frame.width * frame.height * 4);
  frame.gray.forEach((value, index) => data.set([value, value, value, 255], index * 4));
  return { width: frame.width, height: frame.height, data, colorSpace: 'srgb' };
}
