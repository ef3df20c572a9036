/**
 * Writing the `.xlsx` zip container (issue 28). JSZip deflates in JavaScript (pako): the EGC workbook's 3.4 MB of XML
 * took 0.3–0.4 s of CPU to compress, a native deflate 0.08 s. Where a native deflate is given (`useZipCodec`: the
 * CLI's `xlsxFile.ts`, with Node's zlib), the package is written here; elsewhere (the browser) JSZip writes it.
 *
 * The container (PKWARE's APPNOTE.TXT 6.3, as ISO/IEC 29500-2 Annex C (Open Packaging Conventions) restricts it):
 * for each part a local file header (signature 0x04034b50, version needed 2.0, flags — bit 11 when the name is
 * UTF-8 —, method 8 deflate or 0 stored, DOS time and date, CRC-32, compressed and uncompressed sizes, the name), its
 * data; then the central directory (one 0x02014b50 record per part, with its local header's offset) and the end of
 * central directory record (0x06054b50). No ZIP64: a part or the whole over 4 GiB, or over 65,535 parts, is refused
 * (far beyond what `xlsxLimits.ts` lets a workbook hold). A part read from the file and not changed is copied with its
 * compressed bytes and CRC as they were (JSZip keeps them: its `CompressedObject`).
 */
import type JSZip from 'jszip';

export interface ZipCodec {
  /** Raw deflate (RFC 1951, no zlib header). */
  deflateRaw(data: Uint8Array): Uint8Array;
  crc32(data: Uint8Array): number;
}

let codec: ZipCodec | undefined;

/** Writes packages with this deflate from now on (Node: zlib). */
export function useZipCodec(c: ZipCodec | undefined): void {
  codec = c;
}

/** What JSZip keeps of a part read from a zip and not changed since (its compressed bytes, as read). */
interface Compressed {
  compressedSize: number;
  uncompressedSize: number;
  crc32: number;
  compression: { magic: string } | null;
  compressedContent: Uint8Array;
}

/** JSZip's fields of a part: its content (a promise of it, for a part set since it was read), whether it is text. */
type Entry = JSZip.JSZipObject & { _data?: unknown; _dataBinary?: boolean };

function compressedOf(file: Entry): Compressed | undefined {
  const d = file._data as Partial<Compressed> | undefined;
  if (!d || typeof d !== 'object' || !('compressedContent' in d) || !(d.compressedContent instanceof Uint8Array)) return undefined;
  const magic = d.compression?.magic;
  return magic === '\x08\x00' || magic === '\x00\x00' ? (d as Compressed) : undefined;
}

/** A date as MS-DOS time and date (APPNOTE 4.4.6), from 1980. */
function dosDateTime(date: Date | undefined): { time: number; date: number } {
  const d = date && date.getUTCFullYear() >= 1980 ? date : new Date(Date.UTC(1980, 0, 1));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

const LIMIT = 0xffffffff;

/** The zip's bytes: with the native codec when one was given, else through JSZip (`compression` level 1). */
export async function writeZip(zip: JSZip): Promise<Uint8Array> {
  if (!codec) return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 1 } });
  const encoder = new TextEncoder();
  const parts: { name: Uint8Array; utf8: boolean; method: number; crc: number; size: number; data: Uint8Array; time: number; date: number }[] = [];
  for (const name of Object.keys(zip.files)) {
    const file = zip.files[name] as Entry;
    if (file.dir) continue;
    const when = dosDateTime(file.date);
    const nameBytes = encoder.encode(name);
    const utf8 = nameBytes.length !== name.length;
    const kept = compressedOf(file);
    if (kept) {
      parts.push({ name: nameBytes, utf8, method: kept.compression!.magic === '\x08\x00' ? 8 : 0, crc: kept.crc32 >>> 0, size: kept.uncompressedSize, data: kept.compressedContent, ...when });
      continue;
    }
    // A part set as text (every part Tengen writes) is encoded here at once: JSZip's own conversion copies it twice.
    const data: unknown = await (file._data as unknown);
    const raw = typeof data === 'string' && file._dataBinary === false ? encoder.encode(data) : data instanceof Uint8Array ? data : await file.async('uint8array');
    const deflated = codec.deflateRaw(raw);
    const stored = deflated.length >= raw.length;
    parts.push({ name: nameBytes, utf8, method: stored ? 0 : 8, crc: codec.crc32(raw) >>> 0, size: raw.length, data: stored ? raw : deflated, ...when });
  }
  if (parts.length > 0xffff) throw new Error(`the workbook has ${parts.length} parts: more than a zip without ZIP64 holds`);
  let total = 22;
  for (const p of parts) {
    if (p.size > LIMIT || p.data.length > LIMIT) throw new Error('a part of the workbook is larger than 4 GB');
    total += 30 + p.name.length + p.data.length + 46 + p.name.length;
  }
  if (total > LIMIT) throw new Error('the workbook is larger than 4 GB');
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  const offsets: number[] = [];
  for (const p of parts) {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, p.utf8 ? 0x0800 : 0, true);
    view.setUint16(at + 8, p.method, true);
    view.setUint16(at + 10, p.time, true);
    view.setUint16(at + 12, p.date, true);
    view.setUint32(at + 14, p.crc, true);
    view.setUint32(at + 18, p.data.length, true);
    view.setUint32(at + 22, p.size, true);
    view.setUint16(at + 26, p.name.length, true);
    view.setUint16(at + 28, 0, true);
    out.set(p.name, at + 30);
    out.set(p.data, at + 30 + p.name.length);
    at += 30 + p.name.length + p.data.length;
  }
  const directory = at;
  parts.forEach((p, i) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 8, p.utf8 ? 0x0800 : 0, true);
    view.setUint16(at + 10, p.method, true);
    view.setUint16(at + 12, p.time, true);
    view.setUint16(at + 14, p.date, true);
    view.setUint32(at + 16, p.crc, true);
    view.setUint32(at + 20, p.data.length, true);
    view.setUint32(at + 24, p.size, true);
    view.setUint16(at + 28, p.name.length, true);
    // extra field length, comment length, disk number, internal and external attributes: 0
    view.setUint32(at + 42, offsets[i], true);
    out.set(p.name, at + 46);
    at += 46 + p.name.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, at - directory, true);
  view.setUint32(at + 16, directory, true);
  return out;
}
