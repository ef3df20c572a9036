/**
 * QR codes as PNG pictures for the printed sheets (`Slips R<n>`, `Tables R<n>`): the modules come from the `qrcode`
 * package (the registry's maintained encoder, as for the site's SVG codes, src/publish/qr.ts); this file only paints
 * them into a black-and-white PNG with the quiet zone of four modules ISO/IEC 18004 asks for.
 *
 * The PNG is written by hand (ISO/IEC 15948): one IHDR, one IDAT, one IEND; 1 bit a pixel, greyscale; the zlib
 * stream (RFC 1950) one deflate block with the fixed Huffman codes (RFC 1951, 3.2.6), its only matches the pixel row
 * above (a module is `SCALE` identical rows) and runs of one byte — so nothing here needs Node's zlib and the same
 * code runs in the CLI, the page and the pane. A code is about a kilobyte; the same URL gives the same bytes.
 */
import type * as QrCode from 'qrcode';

// The encoder is loaded the first time a code is drawn (issue 28): a workbook without a results site has none, and
// loading the package cost every workbook command some 40 ms. Declared here for the add-in's build too (its
// TypeScript configuration has no Node types); webpack bundles the call, as for ExcelJS (xlsxExcelJs.ts).
declare const require: (id: 'qrcode') => typeof QrCode;
let encoder: typeof QrCode | undefined;

/** Modules of the quiet zone around the symbol (ISO/IEC 18004: four modules wide). */
const QUIET = 4;
/** Pixels a module: some 200 dots an inch for a code printed 2.4 cm wide, sharp whatever the spreadsheet's scaling. */
const SCALE = 4;
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

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  out.set(u32(data.length), 0);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  out.set(u32(crc32(out.subarray(4, 8 + data.length))), 8 + data.length);
  return out;
}

/** Bits written least significant first, as deflate packs them (RFC 1951, 3.1.1). */
class BitWriter {
  private out = new Uint8Array(4096);
  private length = 0;
  private acc = 0;
  private count = 0;
  /** `n` bits of `value`, least significant first (extra bits, header fields). */
  bits(value: number, n: number): void {
    this.acc |= (value & ((1 << n) - 1)) << this.count;
    this.count += n;
    while (this.count >= 8) {
      this.byte(this.acc & 0xff);
      this.acc >>>= 8;
      this.count -= 8;
    }
  }
  /** A Huffman code of `n` bits, most significant first (RFC 1951, 3.1.1: "packed starting with the MSB"). */
  code(value: number, n: number): void {
    let reversed = 0;
    for (let i = 0; i < n; i++) reversed |= ((value >> i) & 1) << (n - 1 - i);
    this.bits(reversed, n);
  }
  private byte(b: number): void {
    if (this.length === this.out.length) {
      const bigger = new Uint8Array(this.out.length * 2);
      bigger.set(this.out);
      this.out = bigger;
    }
    this.out[this.length++] = b;
  }
  /** The bytes written, the last one padded with zero bits. */
  finish(): Uint8Array {
    if (this.count > 0) this.byte(this.acc & 0xff);
    this.acc = 0;
    this.count = 0;
    return this.out.subarray(0, this.length);
  }
}

/** The fixed literal/length code of a symbol 0–287 (RFC 1951, 3.2.6). */
function literal(w: BitWriter, symbol: number): void {
  if (symbol < 144) w.code(0x30 + symbol, 8);
  else if (symbol < 256) w.code(0x190 + symbol - 144, 9);
  else if (symbol < 280) w.code(symbol - 256, 7);
  else w.code(0xc0 + symbol - 280, 8);
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

function lastAtMost(table: readonly number[], n: number): number {
  let i = table.length - 1;
  while (table[i] > n) i--;
  return i;
}

/** A zlib stream of one fixed-Huffman deflate block, matching at distance 1 and at `stride` (the row above). */
function fixedZlib(raw: Uint8Array, stride: number): Uint8Array {
  const w = new BitWriter();
  w.bits(1, 1); // BFINAL
  w.bits(1, 2); // BTYPE 01: fixed Huffman codes
  let i = 0;
  while (i < raw.length) {
    let best = 0;
    let distance = 0;
    for (const d of [stride, 1]) {
      if (d > i || d > 32768) continue;
      let n = 0;
      while (n < 258 && i + n < raw.length && raw[i + n] === raw[i + n - d]) n++;
      if (n > best) {
        best = n;
        distance = d;
      }
    }
    if (best < 3) {
      literal(w, raw[i++]);
      continue;
    }
    const l = lastAtMost(LENGTH_BASE, best);
    literal(w, 257 + l);
    w.bits(best - LENGTH_BASE[l], LENGTH_EXTRA[l]);
    const d = lastAtMost(DISTANCE_BASE, distance);
    w.code(d, 5);
    w.bits(distance - DISTANCE_BASE[d], DISTANCE_EXTRA[d]);
    i += best;
  }
  literal(w, 256); // end of block
  const body = w.finish();
  const out = new Uint8Array(2 + body.length + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  out.set(body, 2);
  out.set(u32(adler32(raw)), 2 + body.length);
  return out;
}

/** The QR code of `data` (medium error correction, one byte-mode segment) as a PNG's bytes. */
export function qrPng(data: string): Uint8Array {
  encoder ??= require('qrcode');
  const qr = encoder.create([{ data: new TextEncoder().encode(data), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: MASK });
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
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', fixedZlib(raw, 1 + rowBytes)), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes in base64 (RFC 4648), as the `image` op carries them; no Buffer or btoa, for every host alike. */
export function base64(bytes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const more = bytes.length - i;
    const n = (bytes[i] << 16) | ((more > 1 ? bytes[i + 1] : 0) << 8) | (more > 2 ? bytes[i + 2] : 0);
    out.push(BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63] + (more > 1 ? BASE64[(n >> 6) & 63] : '=') + (more > 2 ? BASE64[n & 63] : '='));
  }
  return out.join('');
}

/** The QR code of `url` as the PNG of an `image` op (base64). */
export function qrPngBase64(url: string): string {
  return base64(qrPng(url));
}
