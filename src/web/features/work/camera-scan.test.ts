import { describe, expect, it, vi } from 'vitest';
import { scanMessages } from '../../../domain/scan.ts';
import { chooseDecoder, DETECTOR_FORMATS, loadDecoder, openCamera, stopCamera, type BarcodeDetectorClass } from './camera-scan.ts';

/** A browser's BarcodeDetector that reads `formats` and finds `found` in every frame. */
function fakeDetector(formats: readonly string[] | Error, found: string[] = []) {
  const constructed: { formats: string[] }[] = [];
  const Detector = class {
    constructor(options: { formats: string[] }) {
      constructed.push(options);
    }
    static getSupportedFormats = async () => {
      if (formats instanceof Error) throw formats;
      return [...formats];
    };
    async detect() {
      return found.map((rawValue) => ({ rawValue }));
    }
  } satisfies BarcodeDetectorClass;
  return { Detector, constructed };
}

const frame = {} as HTMLVideoElement;

describe('the decoder スキャン uses', () => {
  it('is the browser’s BarcodeDetector when it reads all five kinds', async () => {
    expect(await chooseDecoder(fakeDetector([...DETECTOR_FORMATS, 'upc_a', 'pdf417']).Detector)).toBe('barcode-detector');
  });

  it('is zxing-wasm without a BarcodeDetector, with one that lacks a kind, or one that cannot tell', async () => {
    expect(await chooseDecoder(undefined)).toBe('zxing-wasm');
    expect(await chooseDecoder(fakeDetector(DETECTOR_FORMATS.filter((format) => format !== 'data_matrix')).Detector)).toBe('zxing-wasm');
    expect(await chooseDecoder(fakeDetector([]).Detector)).toBe('zxing-wasm');
    expect(await chooseDecoder(fakeDetector(new Error('not supported')).Detector)).toBe('zxing-wasm');
  });

  it('asks the BarcodeDetector for the five kinds and answers the first code it finds', async () => {
    const { Detector, constructed } = fakeDetector(DETECTOR_FORMATS, ['24-1187', '99']);
    const decoder = await loadDecoder(Detector);
    expect(constructed).toEqual([{ formats: [...DETECTOR_FORMATS] }]);
    expect(await decoder.read(frame)).toBe('24-1187');
  });

  it('answers null for a frame without a code', async () => {
    const decoder = await loadDecoder(fakeDetector(DETECTOR_FORMATS, []).Detector);
    expect(await decoder.read(frame)).toBeNull();
  });
});

describe('the camera', () => {
  const stream = { getTracks: () => [] } as unknown as MediaStream;

  it('is the rear one', async () => {
    const getUserMedia = vi.fn(async () => stream);
    expect(await openCamera({ getUserMedia })).toEqual({ stream });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
  });

  it('refused, absent or busy, sends the worker to the keypad', async () => {
    for (const name of ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'OverconstrainedError', 'SecurityError']) {
      const getUserMedia = vi.fn(() => Promise.reject(new DOMException('no', name)));
      expect(await openCamera({ getUserMedia }), name).toEqual({ refused: scanMessages.cameraUnavailable });
    }
    expect(scanMessages.cameraUnavailable).toBe('カメラを使えません。作業伝票Noをキーパッドで入力してください。');
  });

  it('without the camera API (no mediaDevices, as on plain http) sends the worker to the keypad', async () => {
    expect(await openCamera(undefined)).toEqual({ refused: scanMessages.cameraUnavailable });
  });

  it('is turned off by stopping every track', () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    stopCamera({ getTracks: () => tracks } as unknown as MediaStream);
    for (const track of tracks) expect(track.stop).toHaveBeenCalledOnce();
    expect(() => stopCamera(null)).not.toThrow();
  });
});
