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

/** A stretch of a part: its inflated bytes and the compressed bytes that inflate to them on their own. */
export interface Stretch {
  readonly raw: Uint8Array;
  readonly compressed: Uint8Array;
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
