import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
// Emitted by Vite as an asset of this build and served by our own server: the factory network has
// no internet, and zxing-wasm would otherwise fetch its .wasm from a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { FrameDecoder } from './camera-scan.ts';

/**
 * ZXing-C++ as WebAssembly (docs/DECISIONS.md, スキャン), for browsers without a BarcodeDetector that
 * reads all five kinds. This module and the .wasm are loaded on the first press of スキャン only,
 * and are kept out of the service worker's precache (vite.config.ts).
 */

const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};

const readerOptions: ReaderOptions = {
  formats: ['Code128', 'Code39', 'EAN13', 'EAN8', 'QRCode', 'DataMatrix'],
  tryHarder: true,
  maxNumberOfSymbols: 1,
};

/** A frame larger than this on its longer side is scaled down first: a slip's code stays readable, and reading stays quick. */
const MAX_FRAME_SIDE = 1280;

/** Fetches and compiles the .wasm now, so that a failure shows when スキャン opens instead of as a camera that never reads. */
export async function zxingDecoder(): Promise<FrameDecoder> {
  await prepareZXingModule({ overrides, fireImmediately: true });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  return {
    async read(frame) {
      const { videoWidth, videoHeight } = frame;
      if (!videoWidth || !videoHeight) return null;
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(videoWidth, videoHeight));
      canvas.width = Math.round(videoWidth * scale);
      canvas.height = Math.round(videoHeight * scale);
      context.drawImage(frame, 0, 0, canvas.width, canvas.height);
      const results = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), readerOptions);
      return results.find((result) => result.isValid && result.text !== '')?.text ?? null;
    },
  };
}
