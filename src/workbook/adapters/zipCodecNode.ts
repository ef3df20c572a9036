/**
 * Node's zlib as the zip codec (`zipCodec.ts`): synchronous, native, no stream in between — what the CLI reads and
 * writes `.xlsx` files with. Node only: imported by `xlsxFile.ts`, never by the browser bundle.
 */
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
};
