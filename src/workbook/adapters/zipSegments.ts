/**
 * A big worksheet's deflate stream written in stretches that each inflate on their own (issue 28), so a save that
 * changes a few rows of a congress Grid deflates only the stretches holding them and copies the others' compressed
 * bytes as the file has them.
 *
 * Each stretch is a run of rows (a new one begins before every row numbered 64k + 1, whatever the rows hold: the same
 * rows make the same stretch wherever it lies in the part), deflated by a fresh compressor and ended by a full flush
 * (RFC 1951 §3.2.4: an empty stored block, the bytes 00 00 FF FF, byte-aligned; zlib's Z_FULL_FLUSH also forgets the
 * history, so nothing after it refers back across it); the stream ends with an empty final block (03 00). It is an
 * ordinary deflate stream: every inflater reads it whole, as it reads zlib's own flushed output.
 *
 * Reading a part (`zipParts.ts`) finds the stretches again by those markers, inflating each with a fresh inflater: a
 * stretch that inflates so, its bytes part of the whole part's checked CRC-32, is one whose compressed bytes can be
 * copied into a later save wherever the same bytes come again. A marker that is no stretch's end (four such bytes by
 * chance, another program's own flushes) makes the reading fall back to inflating the part whole, as before.
 */
import { crc32Combine, type ZipCodec } from './zipCodec';

const encoder = new TextEncoder();

/**
 * A stretch of a part: its inflated bytes and the compressed bytes that inflate to them on their own; and, when known,
 * the text they are the UTF-8 encoding of (exactly: encoding `text` gives `raw`).
 */
export interface Stretch {
  readonly raw: Uint8Array;
  readonly compressed: Uint8Array;
  readonly text?: string;
  /** The CRC-32 of `raw`, when known (the part's is combined from its stretches': `crc32Combine`). */
  readonly crc?: number;
}

/** Rows per stretch: a congress Grid's 64 rows are ~200 kB, its cache sheets' ~40 kB (deflate's window is 32 kB). */
export const ROWS_PER_STRETCH = 64;
/** A worksheet part is written in stretches from this many characters of XML on (smaller ones are deflated whole). */
export const STRETCHED_PART = 256 * 1024;

/** The empty final block that ends a stream of stretches (BFINAL 1, fixed Huffman codes, end of block at once). */
export const FINAL_BLOCK = new Uint8Array([0x03, 0x00]);

/** Whether a part is written in stretches: a worksheet's XML, big enough for it to matter. */
export function stretchedPart(name: string, length: number): boolean {
  return length >= STRETCHED_PART && /^xl\/worksheets\/[^/]+\.xml$/.test(name);
}

/**
 * Where the stretches of a worksheet's XML begin after the first (character offsets): before each `<row r="N"` whose
 * N is 64k + 1 (k ≥ 1). Rows whose address is not their first attribute begin none (their stretch is longer).
 */
export function stretchStarts(xml: string): number[] {
  const out: number[] = [];
  for (let at = xml.indexOf('<row r="'); at >= 0; at = xml.indexOf('<row r="', at + 8)) {
    let n = 0;
    let i = at + 8;
    for (let ch = xml.charCodeAt(i); ch >= 48 && ch <= 57; ch = xml.charCodeAt(++i)) n = n * 10 + (ch - 48);
    if (i > at + 8 && xml.charCodeAt(i) === 34 && n > 1 && n % ROWS_PER_STRETCH === 1) out.push(at);
  }
  return out;
}

/**
 * The offsets just after each full-flush marker (00 00 FF FF) of a compressed stream, its end excluded: where the
 * stretches would end. Found through the FF bytes (one in 256 of compressed data), by the platform's own search.
 */
export function markerEnds(data: Uint8Array): number[] {
  const out: number[] = [];
  for (let at = data.indexOf(0xff, 3); at >= 0; at = data.indexOf(0xff, at + 1)) {
    if (data[at - 1] === 0xff && data[at - 2] === 0 && data[at - 3] === 0 && at + 1 < data.length) out.push(at + 1);
  }
  return out;
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  // Eight bytes at a time where both are aligned for it (a part's stretches mostly are not: compared bytewise then).
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const n = a.length >>> 2;
    const x = new Uint32Array(a.buffer, a.byteOffset, n);
    const y = new Uint32Array(b.buffer, b.byteOffset, n);
    for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
    for (let i = n << 2; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A part's deflate stream inflated stretch by stretch, each stretch but the last by a fresh inflater, the last as a
 * whole stream is (its final block required), with its stretches. Undefined when the stream has no markers, or does
 * not inflate so to exactly `size` bytes of CRC-32 `crc` (the file's): the caller inflates it whole then, as any other
 * part, and refuses it there if it is damaged.
 */
export async function inflateStretched(codec: ZipCodec, data: Uint8Array, size: number, crc: number): Promise<{ bytes: Uint8Array; stretches: Stretch[] } | undefined> {
  if (!codec.inflateStretch) return undefined;
  const ends = markerEnds(data);
  if (ends.length === 0) return undefined;
  const out = new Uint8Array(size);
  const stretches: Stretch[] = [];
  let from = 0;
  let at = 0;
  // The part's CRC-32 combined from its stretches' (each kept, for a later save to combine again without reading them).
  let whole = 0;
  try {
    for (const end of ends) {
      const piece = data.subarray(from, end);
      // Its size guessed from the whole part's ratio, with room to spare (a guess short costs pieces joined, no more).
      const bytes = codec.inflateStretch(piece, size - at + 1, Math.min(size - at, Math.ceil((piece.length * size * 1.25) / data.length)));
      if (at + bytes.length > size) return undefined;
      out.set(bytes, at);
      const raw = out.subarray(at, at + bytes.length);
      const rawCrc = codec.crc32(raw);
      whole = stretches.length === 0 ? rawCrc : crc32Combine(whole, rawCrc, raw.length);
      stretches.push({ raw, compressed: piece, crc: rawCrc });
      at += bytes.length;
      from = end;
    }
    const last = await codec.inflate(data.subarray(from), size - at + 1, size - at);
    if (at + last.length !== size) return undefined;
    out.set(last, at);
    whole = crc32Combine(whole, codec.crc32(out.subarray(at)), size - at);
  } catch {
    return undefined;
  }
  if (whole !== crc >>> 0) return undefined;
  return { bytes: out, stretches };
}

const exactUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A part's bytes as text (UTF-8, as `TextDecoder` decodes it, a byte-order mark dropped), with its stretches each
 * given its own text: decoded stretch by stretch, then joined. Only where that is exactly the whole decoded at once
 * and each stretch's text encodes back to its bytes: every stretch (and the bytes after the last) valid UTF-8 on its
 * own, no byte-order mark. Else undefined (the caller decodes the bytes whole, as before). A later save compares
 * the stretches of the sheet's new XML with these texts, and copies the bytes of those that are the same, instead of
 * encoding the whole new XML again (issue 28: a result changes one row of a congress Grid's 6.5 MB).
 */
export function decodedInStretches(stretches: readonly Stretch[], whole: Uint8Array, latin1Text?: ZipCodec['latin1Text']): { text: string; stretches: Stretch[] } | undefined {
  if (stretches.length === 0 || (whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf)) return undefined;
  const texts: string[] = [];
  let at = 0;
  // Each stretch as the codec reads text of Latin-1 characters where it can (`ZipCodec.latin1Text`: the same text).
  const decode = (bytes: Uint8Array) => latin1Text?.(bytes) ?? exactUtf8.decode(bytes);
  try {
    for (const st of stretches) {
      texts.push(decode(st.raw));
      at += st.raw.length;
    }
    if (at > whole.length) return undefined;
    texts.push(decode(whole.subarray(at)));
  } catch {
    return undefined;
  }
  const text = texts.join('');
  // Each stretch's text a slice of the whole (no copy of its own kept: the part's text is held anyway).
  const out: Stretch[] = [];
  let from = 0;
  for (let i = 0; i < stretches.length; i++) {
    const to = from + texts[i].length;
    out.push({ ...stretches[i], text: text.slice(from, to) });
    from = to;
  }
  return { text, stretches: out };
}

/**
 * A worksheet's XML written in stretches: each stretch whose bytes one of `previous` holds copied as its compressed
 * bytes, the others deflated (`codec.deflateStretch`); the CRC-32 computed once, over the whole. A stretch whose text
 * one of `previous` has (`Stretch.text`) takes that one's bytes as they are, not encoded again (the same bytes: its
 * text encodes to them).
 */
export function writeStretched(codec: ZipCodec, text: string, previous: readonly Stretch[]): { raw: Uint8Array; data: Uint8Array; crc: number; stretches: Stretch[] } {
  // The text encoded once, into one buffer, stretch by stretch (their lengths in bytes are where they end); each
  // stretch begins at a "<": never inside a character, so the stretches' bytes are the whole text's.
  let raw = new Uint8Array(text.length + (text.length >> 4) + 16);
  const ends: number[] = [];
  const pieces: string[] = [];
  const known = new Map<number, Stretch[]>();
  for (const st of previous) {
    if (st.text === undefined) continue;
    const list = known.get(st.text.length);
    if (list) list.push(st);
    else known.set(st.text.length, [st]);
  }
  /** For each stretch, the stretch of `previous` with the same text (its bytes copied rather than encoded again). */
  const same: (Stretch | undefined)[] = [];
  let at = 0;
  let from = 0;
  for (const end of [...stretchStarts(text), text.length]) {
    let rest = text.slice(from, end);
    pieces.push(rest);
    const was = known.get(rest.length)?.find((st) => st.text === rest);
    same.push(was);
    if (was) {
      if (at + was.raw.length > raw.length) {
        const larger = new Uint8Array(Math.max(raw.length * 2, at + was.raw.length + (text.length - end) * 3));
        larger.set(raw.subarray(0, at));
        raw = larger;
      }
      raw.set(was.raw, at);
      at += was.raw.length;
      ends.push(at);
      from = end;
      continue;
    }
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, raw.subarray(at));
      at += written;
      if (read === rest.length) break;
      rest = rest.slice(read);
      const larger = new Uint8Array(Math.max(raw.length * 2, at + rest.length * 3));
      larger.set(raw.subarray(0, at));
      raw = larger;
    }
    ends.push(at);
    from = end;
  }
  raw = raw.subarray(0, at);
  const before = new Map<number, Stretch[]>();
  for (const st of previous) {
    const list = before.get(st.raw.length);
    if (list) list.push(st);
    else before.set(st.raw.length, [st]);
  }
  const equal = codec.equal ?? sameBytes;
  const compressed: Uint8Array[] = [];
  const crcs: number[] = [];
  let size = FINAL_BLOCK.length;
  let start = 0;
  // The whole text's CRC-32 combined from its stretches' (`crc32Combine`): a stretch kept knows its own.
  let crc = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i];
    const bytes = raw.subarray(start, end);
    start = end;
    const reused = same[i] ?? before.get(bytes.length)?.find((st) => equal(st.raw, bytes));
    const c = reused ? reused.compressed : codec.deflateStretch!(bytes);
    const stretchCrc = reused?.crc ?? codec.crc32(bytes);
    crcs.push(stretchCrc);
    crc = i === 0 ? stretchCrc : crc32Combine(crc, stretchCrc, bytes.length);
    compressed.push(c);
    size += c.length;
  }
  const data = new Uint8Array(size);
  const stretches: Stretch[] = [];
  let rawAt = 0;
  let dataAt = 0;
  compressed.forEach((c, i) => {
    data.set(c, dataAt);
    stretches.push({ raw: raw.subarray(rawAt, ends[i]), compressed: data.subarray(dataAt, dataAt + c.length), text: pieces[i], crc: crcs[i] });
    rawAt = ends[i];
    dataAt += c.length;
  });
  data.set(FINAL_BLOCK, dataAt);
  return { raw, data, crc, stretches };
}
