/**
 * The zip container of an `.xlsx` file (ECMA-376 Part 2, Annex C: the ZIP format of PKWARE's APPNOTE, without
 * encryption, multiple disks or ZIP64 beyond reading its sizes), read and written here rather than through JSZip
 * (issue 28: a workbook's whole path spent more time in JSZip than in the tournament).
 *
 * Reading lists the parts from the central directory and inflates nothing: a part is inflated when first read, once,
 * its CRC-32 and size checked as it is (a part whose bytes were damaged is refused, naming it, rather than read as
 * what they became), and its inflated size held to a limit as it grows (`xlsxLimits.ts`: a zip bomb is refused, never
 * inflated whole). Parts never read are never inflated.
 *
 * Writing keeps every part not replaced as it was read — its compressed bytes, CRC and sizes copied, neither inflated
 * nor deflated again — in its place in the file; parts replaced or added are deflated (`zipCodec.ts`). Every entry is
 * written with the date Excel gives its own (1980-01-01 00:00), so a workbook saved twice from the same content is
 * the same file.
 *
 * The methods are named as JSZip's (`file`, `remove`, `async`) so the package code reads the same over either.
 */
import { PartTooLarge, zipCodec } from './zipCodec';
import { decodedInStretches, inflateStretched, stretchedPart, writeStretched, type Stretch } from './zipSegments';
import { damagedWorkbook } from './damaged';
import { MAX_PART_BYTES, partTooLarge } from './xlsxLimits';

/** The container cannot be read (not a zip, cut short): what is wrong, in words. A part that cannot be is a `damagedWorkbook`. */
export class ZipDamaged extends Error {
  constructor(readonly what: string) {
    super(what);
    this.name = 'ZipDamaged';
  }
}

/** A part as the file has it: where its compressed bytes are, and what they must inflate to. */
interface Stored {
  readonly method: number;
  readonly crc: number;
  readonly size: number;
  readonly data: Uint8Array;
}

interface Entry {
  readonly name: string;
  readonly dir: boolean;
  /** As read from the file; undefined once replaced. */
  stored?: Stored;
  /** Set since the file was read (replaced or added). */
  content?: string | Uint8Array;
  /** The inflated bytes, once read (checked). */
  bytes?: Promise<Uint8Array>;
  text?: Promise<string>;
  /**
   * The part's stretches that inflate on their own (`zipSegments.ts`), found when it was inflated or written: their
   * compressed bytes are copied into the next save wherever the same bytes come again.
   */
  stretches?: readonly Stretch[];
  /** The stretches of the content this part had before it was replaced (since the last save). */
  previous?: readonly Stretch[];
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64_LOCATOR = 0x07064b50;
const END64 = 0x06064b50;
/** MS-DOS date 1980-01-01 (day 1, month 1, year 0), time 00:00: what Excel writes on every entry. */
const DOS_DATE = (1 << 5) | 1;
const DOS_TIME = 0;

const utf8 = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** One part of the container, as JSZip's `file(path)` gives it. */
export class ZipPart {
  constructor(
    private readonly zip: ZipParts,
    readonly name: string,
    readonly dir: boolean,
  ) {}

  async(type: 'string'): Promise<string>;
  async(type: 'uint8array'): Promise<Uint8Array>;
  async(type: 'string' | 'uint8array'): Promise<string | Uint8Array> {
    return type === 'string' ? this.zip.text(this.name) : this.zip.bytes(this.name);
  }
}

/** An entry as `generate` writes it. */
interface WrittenEntry {
  name: Uint8Array;
  utf8: boolean;
  method: number;
  crc: number;
  size: number;
  data: Uint8Array;
  dir: boolean;
}

/**
 * The fields a local file header (from its offset 4) and a central directory record (from its offset 6) share, in
 * the same order (APPNOTE 4.3.7, 4.3.12): version needed 2.0, flags (bit 11: a UTF-8 name), method, DOS time and
 * date, CRC-32, compressed and uncompressed sizes, the name's length.
 */
function entryFields(view: DataView, at: number, w: WrittenEntry): void {
  view.setUint16(at, 20, true);
  view.setUint16(at + 2, w.utf8 ? 0x0800 : 0, true);
  view.setUint16(at + 4, w.method, true);
  view.setUint16(at + 6, DOS_TIME, true);
  view.setUint16(at + 8, DOS_DATE, true);
  view.setUint32(at + 10, w.crc, true);
  view.setUint32(at + 14, w.data.length, true);
  view.setUint32(at + 18, w.size, true);
  view.setUint16(at + 22, w.name.length, true);
}

export class ZipParts {
  private readonly entries = new Map<string, Entry>();

  /** The sheet a part holds, to name it (as its tab does) when the part is refused. */
  sheetOf: (part: string) => string | undefined = () => undefined;

  private constructor(private readonly limit: number) {}

  /** An empty container. */
  static empty(): ZipParts {
    return new ZipParts(MAX_PART_BYTES);
  }

  /**
   * The container's parts listed from its central directory; throws `ZipDamaged` when it cannot be read. A part is
   * held to `limit` bytes inflated (`xlsxLimits.ts`).
   */
  static read(bytes: Uint8Array, limit = MAX_PART_BYTES): ZipParts {
    const zip = new ZipParts(limit);
    for (const e of centralDirectory(bytes)) zip.entries.set(e.name, e);
    return zip;
  }

  private damaged(part: string, what: string): Error {
    return damagedWorkbook(part, what, this.sheetOf(part));
  }

  /** The part at `path` (null when there is none); or, given `data`, the part replaced by (or added with) it. */
  file(path: string): ZipPart | null;
  file(path: string, data: string | Uint8Array, options?: { base64?: boolean; createFolders?: boolean }): this;
  file(path: string, data?: string | Uint8Array, options?: { base64?: boolean }): ZipPart | null | this {
    if (data === undefined) {
      const e = this.entries.get(path);
      return e ? new ZipPart(this, e.name, e.dir) : null;
    }
    const content = options?.base64 && typeof data === 'string' ? fromBase64(data) : data;
    const was = this.entries.get(path);
    if (was) {
      // In its place in the file (Map keeps the order of insertion); its stretches kept for the save to reuse.
      was.previous = was.stretches ?? was.previous;
      delete was.stretches;
      delete was.stored;
      was.content = content;
      delete was.bytes;
      delete was.text;
    } else this.entries.set(path, { name: path, dir: path.endsWith('/'), content });
    return this;
  }

  remove(path: string): this {
    this.entries.delete(path);
    return this;
  }

  /** The parts' paths, folders included, in the order of the file. */
  paths(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether the part is as the file had it (never replaced). */
  kept(path: string): boolean {
    return this.entries.get(path)?.stored !== undefined;
  }

  /** The part's bytes, inflated once and checked (CRC-32 and size); throws `ZipDamaged` naming it when they are wrong. */
  bytes(path: string): Promise<Uint8Array> {
    const e = this.entries.get(path);
    if (!e) return Promise.reject(this.damaged(path, 'it is missing'));
    e.bytes ??= this.inflated(e);
    return e.bytes;
  }

  /** The part as UTF-8 text (a byte-order mark dropped). */
  text(path: string): Promise<string> {
    const e = this.entries.get(path);
    if (!e) return Promise.reject(this.damaged(path, 'it is missing'));
    if (typeof e.content === 'string') return Promise.resolve(e.content);
    e.text ??= this.bytes(path).then((b) => this.decoded(e, b));
    return e.text;
  }

  /** A part's bytes as text; a part read in stretches decoded stretch by stretch, each given its text (`decodedInStretches`). */
  private decoded(e: Entry, bytes: Uint8Array): string {
    const latin1Text = zipCodec().latin1Text;
    const read = e.stretches && e.stored && e.content === undefined ? decodedInStretches(e.stretches, bytes, latin1Text) : undefined;
    if (!read) return latin1Text?.(bytes) ?? utf8.decode(bytes);
    e.stretches = read.stretches;
    return read.text;
  }

  private async inflated(e: Entry): Promise<Uint8Array> {
    if (e.content !== undefined) return typeof e.content === 'string' ? encoder.encode(e.content) : e.content;
    const s = e.stored!;
    const tooLarge = () => partTooLarge(this.sheetOf(e.name) ?? e.name);
    if (s.size > this.limit) throw tooLarge();
    let out: Uint8Array;
    if (s.method === 0) out = s.data;
    else if (s.method === 8) {
      // A stream written in stretches (zipSegments.ts) is inflated stretch by stretch, each checked to stand alone.
      const stretched = await this.inflatedInStretches(e, s);
      if (stretched) return stretched;
      try {
        out = await zipCodec().inflate(s.data, this.limit, s.size);
      } catch (err) {
        if (err instanceof PartTooLarge) throw tooLarge();
        throw this.damaged(e.name, 'its compressed bytes are damaged (they do not inflate)');
      }
    } else throw this.damaged(e.name, `it is compressed by a method spreadsheet programs do not use (${s.method})`);
    if (out.length !== s.size || zipCodec().crc32(out) !== s.crc) throw this.damaged(e.name, 'its bytes are damaged (their checksum is not the one the file records)');
    return out;
  }

  /** The part inflated stretch by stretch when it was written so (`zipSegments.ts`), its stretches recorded. */
  private async inflatedInStretches(e: Entry, s: Stored): Promise<Uint8Array | undefined> {
    if (!stretchedPart(e.name, s.size)) return undefined;
    const read = await inflateStretched(zipCodec(), s.data, s.size, s.crc);
    if (read) e.stretches = read.stretches;
    return read?.bytes;
  }

  /** The container with its parts: those kept copied as they were read, the others deflated. */
  async generate(): Promise<Uint8Array> {
    const codec = zipCodec();
    const written: WrittenEntry[] = [];
    for (const e of this.entries.values()) {
      const name = encoder.encode(e.name);
      // eslint-disable-next-line no-control-regex
      const nonAscii = /[^\u0000-\u007f]/.test(e.name);
      if (e.stored) {
        written.push({ name, utf8: nonAscii, method: e.stored.method, crc: e.stored.crc, size: e.stored.size, data: e.stored.data, dir: e.dir });
        continue;
      }
      let raw: Uint8Array;
      let w: WrittenEntry;
      if (typeof e.content === 'string' && codec.deflateStretch && !e.dir && stretchedPart(e.name, e.content.length)) {
        const stretched = writeStretched(codec, e.content, e.previous ?? []);
        raw = stretched.raw;
        w = { name, utf8: nonAscii, method: 8, crc: stretched.crc, size: raw.length, data: stretched.data, dir: e.dir };
        e.stretches = stretched.stretches;
      } else {
        raw = typeof e.content === 'string' ? encoder.encode(e.content) : (e.content ?? new Uint8Array(0));
        const store = e.dir || raw.length === 0;
        w = { name, utf8: nonAscii, method: store ? 0 : 8, crc: codec.crc32(raw), size: raw.length, data: store ? raw : await codec.deflate(raw), dir: e.dir };
      }
      delete e.previous;
      written.push(w);
      // From now on the part is as the file (this one) has it: the next save copies it.
      e.stored = { method: w.method, crc: w.crc, size: w.size, data: w.data };
      if (typeof e.content === 'string') e.text = Promise.resolve(e.content);
      e.bytes = Promise.resolve(raw);
      delete e.content;
    }
    if (written.length > 0xffff) throw new Error(`${written.length} parts are more than a zip without ZIP64 holds`);
    let total = 22;
    for (const w of written) total += 30 + w.name.length + w.data.length + 46 + w.name.length;
    if (total > 0xffffffff) throw new Error('the workbook would be larger than 4 GB');
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    const offsets: number[] = [];
    let at = 0;
    for (const w of written) {
      offsets.push(at);
      view.setUint32(at, LOCAL, true);
      entryFields(view, at + 4, w);
      view.setUint16(at + 28, 0, true);
      out.set(w.name, at + 30);
      out.set(w.data, at + 30 + w.name.length);
      at += 30 + w.name.length + w.data.length;
    }
    const directory = at;
    written.forEach((w, i) => {
      view.setUint32(at, CENTRAL, true);
      view.setUint16(at + 4, 20, true); // version made by
      entryFields(view, at + 6, w);
      // Extra field, comment, disk, internal attributes: none; external attributes: MS-DOS's directory bit on a folder.
      view.setUint32(at + 38, w.dir ? 0x10 : 0, true);
      view.setUint32(at + 42, offsets[i], true);
      out.set(w.name, at + 46);
      at += 46 + w.name.length;
    });
    view.setUint32(at, END, true);
    view.setUint16(at + 8, written.length, true);
    view.setUint16(at + 10, written.length, true);
    view.setUint32(at + 12, at - directory, true);
    view.setUint32(at + 16, directory, true);
    return out;
  }
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The entries the central directory lists, each with its compressed bytes located through its local header. */
function centralDirectory(bytes: Uint8Array): Entry[] {
  const cut = () => new ZipDamaged('its zip container cannot be read');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end record: the last 22 bytes, or further back by the length of a comment (at most 65,535 bytes).
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === END && at + 22 + u16(at + 20) <= bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw cut();
  let count = u16(end + 10);
  let size = u32(end + 12);
  let start = u32(end + 16);
  if ((count === 0xffff || size === 0xffffffff || start === 0xffffffff) && end >= 20 && u32(end - 20) === END64_LOCATOR) {
    const record = Number(view.getBigUint64(end - 12, true));
    if (record + 56 > bytes.length || u32(record) !== END64) throw cut();
    count = Number(view.getBigUint64(record + 32, true));
    size = Number(view.getBigUint64(record + 40, true));
    start = Number(view.getBigUint64(record + 48, true));
  }
  if (start + size > bytes.length) throw cut();
  const out: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw cut();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    let compressed = u32(at + 20);
    let inflated = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let offset = u32(at + 42);
    if (at + 46 + nameLength + extraLength + commentLength > bytes.length) throw cut();
    const name = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64's sizes and offset, in the order APPNOTE 4.5.3 gives, for the fields the header marks as in there.
    if (inflated === 0xffffffff || compressed === 0xffffffff || offset === 0xffffffff) {
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(x + 2)) {
        if (u16(x) !== 0x0001) continue;
        let y = x + 4;
        if (inflated === 0xffffffff) {
          inflated = Number(view.getBigUint64(y, true));
          y += 8;
        }
        if (compressed === 0xffffffff) {
          compressed = Number(view.getBigUint64(y, true));
          y += 8;
        }
        if (offset === 0xffffffff) offset = Number(view.getBigUint64(y, true));
        break;
      }
    }
    at += 46 + nameLength + extraLength + commentLength;
    // Encrypted (bit 0): not a workbook a spreadsheet program wrote (Excel encrypts a whole file otherwise).
    if (flags & 1) throw new ZipDamaged('a part is encrypted inside its zip container');
    if (offset + 30 > bytes.length || u32(offset) !== LOCAL) throw cut();
    const data = offset + 30 + u16(offset + 26) + u16(offset + 28);
    if (data + compressed > bytes.length) throw cut();
    out.push({ name, dir: name.endsWith('/'), stored: { method, crc, size: inflated, data: bytes.subarray(data, data + compressed) } });
  }
  return out;
}
