/**
 * Node's zlib as the zip codec (`zipCodec.ts`): synchronous, native, no stream in between — what the CLI reads and
 * writes `.xlsx` files with. Node only: imported by `xlsxFile.ts`, never by the browser bundle.
 */
import { Buffer, isUtf8 } from 'node:buffer';
import * as zlib from 'node:zlib';
import { crc32 as jsCrc32, PartTooLarge, type ZipCodec } from './zipCodec';

/** zlib's CRC-32 (Node 20.15 and later), else the JavaScript one. */
const crc32: (data: Uint8Array) => number = typeof (zlib as { crc32?: unknown }).crc32 === 'function' ? (data) => (zlib as unknown as { crc32(d: Uint8Array): number }).crc32(data) : jsCrc32;

export const nodeZipCodec: ZipCodec = {
  async inflate(data, limit, expected) {
    // Inflated into one buffer of the size the zip gives (and a byte to see the stream end), not 16 kB pieces joined
    // at the end (issue 28: half the inflating of a congress Grid's 6.5 MB); a size given wrong only costs pieces again.
    const sized = expected !== undefined && Number.isSafeInteger(expected) && expected >= 0 && expected < limit ? { chunkSize: Math.max(16 * 1024, expected + 1) } : {};
    try {
      return zlib.inflateRawSync(data, Number.isFinite(limit) ? { maxOutputLength: limit, ...sized } : sized);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PartTooLarge(limit);
      throw e;
    }
  },
  // The fastest level: only the parts a save rewrites are compressed (the others keep their compressed bytes), and a
  // director waits for every save; the file is some 20 % larger than at the default level.
  deflate: async (data) => zlib.deflateRawSync(data, { level: zlib.constants.Z_BEST_SPEED }),
  crc32,
  // A stretch of a big worksheet (zipSegments.ts): Z_FULL_FLUSH ends it with an empty stored block and forgets the
  // history, so the next stretch refers to nothing before it.
  deflateStretch: (data) => zlib.deflateRawSync(data, { level: zlib.constants.Z_BEST_SPEED, finishFlush: zlib.constants.Z_FULL_FLUSH }),
  // Z_SYNC_FLUSH at the end: a stretch has no final block, and is inflated as far as it goes.
  // Sized by the hint, as `inflate` is (not 16 kB pieces joined at the end: half the inflating of a big part).
  // A stretch must be read to its last byte: zlib stops at a final block and ignores what follows it, so a stretch
  // holding one (never one this codec wrote) would read here as the part whole-stream inflaters cut short there. Its
  // input not all consumed (`bytesWritten`, with `info`), it is no stretch: the part is then inflated whole, as any.
  inflateStretch: (data, limit, expected) => {
    const { buffer, engine } = zlib.inflateRawSync(data, {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      info: true,
      ...(Number.isFinite(limit) ? { maxOutputLength: Math.max(1, limit) } : {}),
      ...(expected !== undefined && Number.isSafeInteger(expected) && expected >= 0 ? { chunkSize: Math.max(16 * 1024, Math.min(expected + 1, Number.isFinite(limit) ? limit : Infinity)) } : {}),
    }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    if (engine.bytesWritten !== data.length) throw new Error('a final block before the end of a stretch');
    return buffer;
  },
  equal: (a, b) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
  latin1Text,
};

/** `\u00C2`, the lead byte of U+0080 … U+00BF read as a Latin-1 character: each is the character its next byte is. */
const LEAD_C2 = /\u00C2/g;
/** The lead byte of U+00C0 … U+00FF (`\u00C3`) with its next byte, read as Latin-1 characters. */
const LEAD_C3 = /\u00C3([\u0080-\u00BF])/g;

/**
 * Valid UTF-8 (`isUtf8`, simdutf: every lead byte followed by its continuation bytes, no overlong form, no surrogate)
 * read as Latin-1, one character a byte, is the text but for each character from U+0080 to U+00FF, written as two
 * bytes: C2 xx for U+00xx below U+00C0, C3 xx for U+00xx + 40 from it. The C2 dropped (in valid UTF-8 it is never
 * anything but such a lead) and each C3 xx made the one character leave exactly the text, unless the bytes held a
 * character beyond U+00FF: its bytes would be left as they are, each a character U+0080 … U+00FF that UTF-8 writes
 * in two bytes, so the text left would encode to more bytes than were read. Equal in length, it is the text.
 *
 * Issue 28: a congress Grid's 6 MB (its formulas' "½") decoded by V8's UTF-8 decoder, character by character, took
 * some 160 million of the 2,900 million instructions of reading the 1,000 × 10 file (valgrind); this way, some 15.
 */
function latin1Text(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(LEAD_C2, '');
  if (text.includes('\u00C3')) text = text.replace(LEAD_C3, (_pair, next: string) => String.fromCharCode(next.charCodeAt(0) + 0x40));
  return Buffer.byteLength(text, 'utf8') === bytes.byteLength ? text : undefined;
}
