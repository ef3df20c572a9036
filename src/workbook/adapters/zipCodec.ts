/**
 * Deflate, inflate and CRC-32 for the zip container of an `.xlsx` file (`zipParts.ts`).
 *
 * By default the platform's own Compression Streams (`DecompressionStream('deflate-raw')`, in every browser the
 * standalone page runs in and in Node): native code, some ten times faster than the JavaScript inflater JSZip brings
 * (pako) — a 1,000-player workbook's 11 MB of sheets inflated in ~0.1 s instead of ~1.2 s (issue 28). The CLI puts
 * Node's zlib in its place (`zipCodecNode.ts`, from `xlsxFile.ts`), which does the same synchronously, without
 * streams. Both inflate to a limit: a part that inflates beyond it is refused as it grows, never held whole (a zip
 * bomb: a few hundred kB that inflate to gigabytes).
 */

/** What the zip container needs of a compression library. */
export interface ZipCodec {
  /**
   * The raw deflate stream inflated; throws `PartTooLarge` past `limit` bytes, another error when it is no deflate stream.
   * `expected`: the size the zip's directory gives it (within the limit), a hint a codec may size its output by.
   */
  inflate(data: Uint8Array, limit: number, expected?: number): Promise<Uint8Array>;
  /** Raw deflate (no zlib header). */
  deflate(data: Uint8Array): Promise<Uint8Array>;
  crc32(data: Uint8Array): number;
  /**
   * Raw deflate ended by a full flush instead of a final block (`zipSegments.ts`): a stretch that inflates on its own,
   * to be followed by others. Left out by a codec that cannot flush (the Compression Streams API): parts are then
   * deflated whole.
   */
  deflateStretch?(data: Uint8Array): Uint8Array;
  /**
   * A stretch of raw deflate inflated by a fresh inflater as far as it goes (no final block needed); throws when it
   * is no deflate data, refers back beyond its start, or inflates to more than `limit` bytes. Left out with `deflateStretch`.
   * `expected`: about the size it inflates to, a hint a codec may size its output by.
   */
  inflateStretch?(data: Uint8Array, limit: number, expected?: number): Uint8Array;
  /** Whether two byte arrays hold the same bytes (the platform's own comparison). */
  equal?(a: Uint8Array, b: Uint8Array): boolean;
  /**
   * The bytes as text when they are valid UTF-8 of characters U+0000 to U+00FF only (no byte-order mark: U+FEFF is
   * beyond), found without decoding them character by character; else undefined (the caller decodes them as before).
   * The same text as `TextDecoder` gives for such bytes, fatal or not, whatever its `ignoreBOM`.
   */
  latin1Text?(bytes: Uint8Array): string | undefined;
}

/** A part that inflates to more than the limit it was read with. */
export class PartTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`inflates to more than ${limit} bytes`);
    this.name = 'PartTooLarge';
  }
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  // Slicing by 8 (eight bytes a step): the tables of the byte shifted 1 … 7 places.
  for (let n = 0; n < 256; n++) for (let t = 1; t < 8; t++) table[t * 256 + n] = (table[(t - 1) * 256 + n] >>> 8) ^ table[table[(t - 1) * 256 + n] & 0xff];
  return table;
})();

/** a × b modulo the CRC-32 polynomial, both as CRC-32 holds polynomials (bit 31 the coefficient of x⁰: reflected). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ 0xedb88320 : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0 … 31. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x¹
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multModP(p, p);
  return table;
})();

/**
 * The CRC-32 of two byte sequences one after the other, from the CRC-32 of each and the second's length: what zlib's
 * `crc32_combine` computes (the first's CRC multiplied by x^(8 × length) modulo the polynomial, the second's added).
 * A part written in stretches (zipSegments.ts) has its CRC-32 from those of its stretches, the ones kept from the
 * last save not read again (issue 28: a result's save computed the CRC-32 of a congress Grid's whole 6.5 MB).
 */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  // x^(8 × length2): the bits of length2, from x^8 (k = 3) up.
  let p = 0x80000000; // x⁰
  let k = 3;
  for (let n = length2; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multModP(X2N[k & 31], p);
  return (multModP(p, crc1 >>> 0) ^ crc2) >>> 0;
}

/** CRC-32 as zip computes it (ISO 3309, polynomial 0xEDB88320). */
export function crc32(data: Uint8Array): number {
  const t = CRC_TABLE;
  let c = -1;
  let i = 0;
  const end8 = data.length - (data.length % 8);
  for (; i < end8; i += 8) {
    const a = (c ^ (data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24))) >>> 0;
    c =
      t[1792 + (a & 0xff)] ^ t[1536 + ((a >>> 8) & 0xff)] ^ t[1280 + ((a >>> 16) & 0xff)] ^ t[1024 + (a >>> 24)] ^
      t[768 + data[i + 4]] ^ t[512 + data[i + 5]] ^ t[256 + data[i + 6]] ^ t[data[i + 7]];
  }
  for (; i < data.length; i++) c = t[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** `data` through a transform stream, its output gathered; stopped past `limit` bytes. */
async function through(data: Uint8Array, transform: TransformStream<Uint8Array, Uint8Array>, limit: number): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  // Written and closed without waiting: the output is read meanwhile (awaiting the write first would wait forever
  // once the stream's queue is full). A failure shows on the reading side.
  writer.write(data).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = transform.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PartTooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The Compression Streams API (WHATWG Compression Standard, `deflate-raw`). */
export const streamsCodec: ZipCodec = {
  inflate: (data, limit) => through(data, new DecompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>, limit),
  deflate: (data) => through(data, new CompressionStream('deflate-raw') as unknown as TransformStream<Uint8Array, Uint8Array>, Infinity),
  crc32,
};

let codec: ZipCodec = streamsCodec;

/** The codec in use. */
export function zipCodec(): ZipCodec {
  return codec;
}

/** Puts another codec in place (the CLI: Node's zlib, `zipCodecNode.ts`). */
export function useZipCodec(c: ZipCodec): void {
  codec = c;
}
