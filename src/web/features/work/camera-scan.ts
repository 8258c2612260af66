import { scanMessages } from '../../../domain/scan-messages.ts';

/**
 * スキャン on the work screen (docs/PRODUCT.md#work-screen): the tablet's camera, and a decoder for
 * the codes a slip may carry — Code 128, Code 39, EAN/JAN (13 and 8 digits), QR and Data Matrix.
 */

/** The five kinds by the names of the browser's BarcodeDetector. */
export const DETECTOR_FORMATS = ['code_128', 'code_39', 'ean_13', 'ean_8', 'qr_code', 'data_matrix'] as const;

/** The rear camera, where the tablet has one: the worker holds the slip behind the tablet. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = { video: { facingMode: 'environment' }, audio: false };

/** What reads one frame of the camera: the text of the first code in it, or null. */
export interface FrameDecoder {
  read(frame: HTMLVideoElement): Promise<string | null>;
}

/** The part of the browser's BarcodeDetector (Chromium on Android, Safari) that is used here; TypeScript's DOM lacks it. */
export interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

export type DecoderChoice = 'barcode-detector' | 'zxing-wasm';

/**
 * The browser's own BarcodeDetector when it exists and reads all five kinds (it uses the platform's
 * decoder and downloads nothing), otherwise zxing-wasm (docs/DECISIONS.md, スキャン).
 */
export async function chooseDecoder(detector: BarcodeDetectorClass | undefined): Promise<DecoderChoice> {
  if (typeof detector?.getSupportedFormats !== 'function') return 'zxing-wasm';
  try {
    const supported = await detector.getSupportedFormats();
    return DETECTOR_FORMATS.every((format) => supported.includes(format)) ? 'barcode-detector' : 'zxing-wasm';
  } catch {
    return 'zxing-wasm';
  }
}

/** The page's BarcodeDetector, if the browser has one. */
export function browserBarcodeDetector(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/**
 * The decoder `chooseDecoder` picks. zxing-wasm's module and its .wasm are loaded here, on the first
 * press of スキャン, never with the work screen.
 */
export async function loadDecoder(detector = browserBarcodeDetector()): Promise<FrameDecoder> {
  if (detector && (await chooseDecoder(detector)) === 'barcode-detector') {
    const reader = new detector({ formats: [...DETECTOR_FORMATS] });
    return { read: async (frame) => (await reader.detect(frame)).find((code) => code.rawValue !== '')?.rawValue ?? null };
  }
  const { zxingDecoder } = await import('./zxing-decoder.ts');
  return zxingDecoder();
}

export type CameraOpening = { stream: MediaStream } | { refused: string };

/**
 * The rear camera's stream, or the message to show instead: refused (NotAllowedError), absent
 * (NotFoundError), busy or broken — or no camera API at all, which is also what a page that is
 * not a secure origin (plain http on another address than localhost) gets.
 */
export async function openCamera(mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined): Promise<CameraOpening> {
  if (typeof mediaDevices?.getUserMedia !== 'function') return { refused: scanMessages.cameraUnavailable };
  try {
    return { stream: await mediaDevices.getUserMedia(CAMERA_CONSTRAINTS) };
  } catch {
    // Which of them it was does not help a worker: the keypad is the way in either way.
    return { refused: scanMessages.cameraUnavailable };
  }
}

/** Turns the camera off: its light goes out and another app may use it. */
export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
