'use strict';
/**
 * Draws the add-in icons (`assets/icon-16.png` … `icon-80.png`): a Go board corner of the tengen, the centre star
 * point, with a black stone on it. Run `node scripts/icons.js` after changing the drawing; the PNGs are committed.
 * Plain Node (zlib), no image library: an RGBA raster, supersampled 4× for smooth edges, written as a PNG.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const BOARD = [0xdc, 0xb3, 0x5c];
const LINE = [0x3a, 0x2a, 0x10];
const STONE = [0x14, 0x14, 0x14];
const SHINE = [0x60, 0x60, 0x60];

/** The colour (RGBA) at (x, y) in a unit square, or undefined where transparent (rounded corners). */
function colourAt(x, y) {
  const r = 0.12; // corner radius
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return undefined;
  const d = Math.hypot(x - 0.5, y - 0.5);
  if (d < 0.3) return Math.hypot(x - 0.42, y - 0.42) < 0.08 ? SHINE : STONE;
  const lines = [1 / 6, 0.5, 5 / 6];
  const w = 0.035;
  if (lines.some((l) => Math.abs(x - l) < w / 2 || Math.abs(y - l) < w / 2)) return LINE;
  return BOARD;
}

function raster(size) {
  const ss = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let rgb = [0, 0, 0];
      let alpha = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = colourAt((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size);
          if (!c) continue;
          alpha++;
          rgb = rgb.map((v, i) => v + c[i]);
        }
      }
      const o = (py * size + px) * 4;
      if (alpha > 0) for (let i = 0; i < 3; i++) pixels[o + i] = Math.round(rgb[i] / alpha);
      pixels[o + 3] = Math.round((255 * alpha) / (ss * ss));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const pixels = raster(size);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = path.join(__dirname, '..', 'assets');
fs.mkdirSync(dir, { recursive: true });
for (const size of [16, 32, 64, 80]) {
  fs.writeFileSync(path.join(dir, `icon-${size}.png`), png(size));
  console.log(`assets/icon-${size}.png`);
}
