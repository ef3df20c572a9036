/**
 * QR codes as PNG pictures for the printed sheets (`Slips R<n>`, `Tables R<n>`): the modules come from the `qrcode`
 * package (the registry's maintained encoder, as for the site's SVG codes, src/publish/qr.ts); this file only paints
 * them into a black-and-white PNG with the quiet zone of four modules ISO/IEC 18004 asks for.
 *
 * The PNG is written by hand (ISO/IEC 15948): one IHDR, one IDAT, one IEND; 1 bit a pixel, greyscale; the zlib
 * stream (RFC 1950) of "stored" deflate blocks (RFC 1951, 3.2.4: no compression), so nothing here needs Node's zlib
 * and the same code runs in the CLI, the page and the pane. A code is a few kilobytes; the same URL gives the same
 * bytes.
 */
import { create } from 'qrcode';

/** Modules of the quiet zone around the symbol (ISO/IEC 18004: four modules wide). */
const QUIET = 4;
/** Pixels a module: sharp when printed at some 2–3 cm (the picture is scaled, never resampled between modules). */
const SCALE = 8;
/** The mask used for every code (qrcode's `maskPattern`, 0–7), as the site's (src/publish/qr.ts says why). */
const MASK = 2 as const;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const x of bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array(4 + data.length);
  for (let i = 0; i < 4; i++) typed[i] = type.charCodeAt(i);
  typed.set(data, 4);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/** A zlib stream of stored deflate blocks (each at most 65 535 bytes). */
function storedZlib(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / 65535));
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let at = 2;
  for (let i = 0; i < blocks; i++) {
    const part = raw.subarray(i * 65535, Math.min(raw.length, (i + 1) * 65535));
    out[at++] = i === blocks - 1 ? 1 : 0;
    out[at++] = part.length & 0xff;
    out[at++] = part.length >>> 8;
    out[at++] = ~part.length & 0xff;
    out[at++] = (~part.length >>> 8) & 0xff;
    out.set(part, at);
    at += part.length;
  }
  out.set(u32(adler32(raw)), at);
  return out;
}

/** The QR code of `data` (medium error correction, one byte-mode segment) as a PNG's bytes. */
export function qrPng(data: string): Uint8Array {
  const qr = create([{ data: new TextEncoder().encode(data), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: MASK });
  const n = qr.modules.size;
  const bits = qr.modules.data;
  const side = (n + 2 * QUIET) * SCALE;
  const rowBytes = Math.ceil(side / 8);
  const raw = new Uint8Array(side * (1 + rowBytes));
  for (let y = 0; y < side; y++) {
    const line = y * (1 + rowBytes);
    raw[line] = 0; // filter: none
    const my = Math.floor(y / SCALE) - QUIET;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / SCALE) - QUIET;
      const dark = my >= 0 && my < n && mx >= 0 && mx < n && bits[my * n + mx] === 1;
      // Greyscale at 1 bit: 0 is black, 1 white.
      if (!dark) raw[line + 1 + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const header = new Uint8Array([...u32(side), ...u32(side), 1, 0, 0, 0, 0]);
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', header), ...chunk('IDAT', storedZlib(raw)), ...chunk('IEND', new Uint8Array(0))]);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes in base64 (RFC 4648), as the `image` op carries them; no Buffer or btoa, for every host alike. */
export function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63] + (b === undefined ? '=' : BASE64[(n >> 6) & 63]) + (c === undefined ? '=' : BASE64[n & 63]);
  }
  return out;
}

/** The QR code of `url` as the PNG of an `image` op (base64). */
export function qrPngBase64(url: string): string {
  return base64(qrPng(url));
}
