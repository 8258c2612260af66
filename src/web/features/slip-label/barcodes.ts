import { code128, drawingSVG, qrcode } from 'bwip-js/browser';

export type Symbology = 'code128' | 'qrcode';

/**
 * A barcode of the text as an SVG image's address (data:, which the page's content security policy
 * allows for images), drawn by bwip-js. Only these two encoders are imported, so that the bundle
 * carries them and not bwip-js's hundred others (docs/DECISIONS.md#slip-labels).
 *
 * bwip-js's SVG has a viewBox only: the size in its own units (2 per module) is written on it, so that
 * the image has a natural size, and the Code 128 may be stretched to the label's bar height (every
 * module widens alike, which a scanner does not mind), while the QR code keeps its square.
 */
export function barcodeImage(bcid: Symbology, text: string): string {
  const svg = bcid === 'code128' ? code128({ bcid, text, height: 10 }, drawingSVG()) : qrcode({ bcid, text }, drawingSVG());
  const sized = svg.replace(/^<svg viewBox="0 0 (\d+) (\d+)"/, (opening, width: string, height: string) =>
    bcid === 'code128'
      ? `${opening} width="${width}" height="${height}" preserveAspectRatio="none"`
      : `${opening} width="${width}" height="${height}"`,
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized)}`;
}
