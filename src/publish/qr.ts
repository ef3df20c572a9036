/**
 * QR codes as SVG: the modules come from the `qrcode` package (a maintained encoder from the npm registry: the
 * version, mask and error correction as ISO/IEC 18004 sets them); this file only draws them, one square path, with
 * the quiet zone of four modules the standard asks for. An SVG inside the page: no image file, no script, sharp
 * when printed.
 */
import { create } from 'qrcode';
import { text } from './html';

/** The mask used for every code (qrcode's `maskPattern`, 0–7). */
const MASK = 2 as const;

/** Modules of the quiet zone around the symbol (ISO/IEC 18004: four modules wide). */
const QUIET = 4;

/** The QR code of `data` as an inline `<svg>` of `size` CSS pixels, titled for screen readers. */
export function qrSvg(data: string, size: number, title: string): string {
  // Medium error correction: readable on a slip creased or splashed with tea, still small for a URL. One byte-mode
  // segment and a fixed mask: ISO/IEC 18004 lets the encoder pick any of the eight masks (the symbol's format
  // information names it), and scoring all eight for each of a round's thousand codes took seconds (bench/publish.js);
  // every code the tests make is decoded back (test/publish/site.test.ts, test/e2e/publishSite.test.ts).
  const qr = create([{ data: new TextEncoder().encode(data), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: MASK });
  const n = qr.modules.size;
  const bits = qr.modules.data;
  let path = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!bits[y * n + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && bits[y * n + x]) x++;
      path += `M${start + QUIET} ${y + QUIET}h${x - start}v1h${start - x}z`;
    }
  }
  const full = n + 2 * QUIET;
  return `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${size}" height="${size}" role="img" aria-label="${text(title)}" shape-rendering="crispEdges"><rect width="${full}" height="${full}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
