/**
 * A still camera frame showing a Code 128, for Chromium's fake camera in the browser tests
 * (`--use-file-for-fake-video-capture`, which plays a YUV4MPEG2 file). The code is drawn here rather
 * than by a barcode package: Code 128 (code set B) is a short table.
 */

/**
 * Code 128's symbols 0–106 as the widths of bar, space, bar, space, bar, space (the stop symbol has a
 * final bar): each symbol is 11 modules wide, the stop 13.
 */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
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
