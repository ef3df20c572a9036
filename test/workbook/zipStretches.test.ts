/**
 * A big worksheet written in stretches (zipSegments.ts, issue 28): a save deflates only the stretches whose bytes
 * changed and copies the others' compressed bytes; the stream stays one ordinary deflate stream (zlib and JSZip read it
 * whole); reading finds the stretches again, and falls back to inflating the part whole when they do not stand alone.
 */
import * as zlib from 'node:zlib';
import JSZip from 'jszip';
import { TengenInputError } from '../../src/model/errors';
import { ZipParts } from '../../src/workbook/adapters/zipParts';
import { crc32, crc32Combine, streamsCodec, useZipCodec, zipCodec, type ZipCodec } from '../../src/workbook/adapters/zipCodec';
import { nodeZipCodec } from '../../src/workbook/adapters/zipCodecNode';
import { decodedInStretches, inflateStretched, markerEnds, stretchStarts, writeStretched, type Stretch } from '../../src/workbook/adapters/zipSegments';

const SHEET = 'xl/worksheets/sheet1.xml';

/** A worksheet of `rows` rows, row `changed` (if any) holding another value; non-ASCII text on every row. */
function sheet(rows: number, changed?: number): string {
  const out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet><sheetData>'];
  for (let r = 1; r <= rows; r++) {
    const v = r === changed ? 'changed' : `value ${(r * 7919) % 1000}`;
    out.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Ünïcödé ½ ${v}</t></is></c><c r="B${r}"><f>IF(A${r}="½",1,0)</f><v>${r}</v></c>${'<c r="C' + r + '"><v>1</v></c>'.repeat(8)}</row>`);
  }
  out.push('</sheetData></worksheet>');
  return out.join('');
}

/** The Node codec, counting the stretches it deflates. */
function counting(): { codec: ZipCodec; deflated: number[] } {
  const deflated: number[] = [];
  const codec: ZipCodec = { ...nodeZipCodec, deflateStretch: (data) => (deflated.push(data.length), nodeZipCodec.deflateStretch!(data)) };
  return { codec, deflated };
}

function entryData(zip: Uint8Array, name: string): Uint8Array {
  // The local header of the only stretched part: its compressed bytes follow its name.
  const at = Buffer.from(zip).indexOf(Buffer.from(name));
  const view = new DataView(zip.buffer, zip.byteOffset);
  const local = at - 30;
  return zip.subarray(at + name.length + view.getUint16(local + 28, true), at + name.length + view.getUint16(local + 28, true) + view.getUint32(local + 18, true));
}

/** A zip of one part, `data` its deflated bytes as given (APPNOTE 4.3.7, 4.3.12, 4.3.16). */
function zipOf(name: string, data: Uint8Array, raw: Uint8Array): Uint8Array {
  const n = Buffer.from(name);
  const fields = (b: Buffer, at: number) => {
    b.writeUInt16LE(20, at);
    b.writeUInt16LE(8, at + 4);
    b.writeUInt32LE(zlib.crc32(raw), at + 10);
    b.writeUInt32LE(data.length, at + 14);
    b.writeUInt32LE(raw.length, at + 18);
    b.writeUInt16LE(n.length, at + 22);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  fields(local, 4);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  fields(central, 6);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

describe('a big worksheet written in stretches', () => {
  let before: ZipCodec;
  beforeEach(() => {
    before = zipCodec();
  });
  afterEach(() => useZipCodec(before));

  test('a save deflates only the stretches that changed; every reader inflates the part whole, as written', async () => {
    const { codec, deflated } = counting();
    useZipCodec(codec);
    const first = sheet(2000);
    expect(first.length).toBeGreaterThan(256 * 1024);
    const zip = ZipParts.empty();
    zip.file(SHEET, first);
    zip.file('xl/small.xml', '<s/>');
    const saved1 = await zip.generate();
    const stretches = stretchStarts(first).length + 1;
    expect(stretches).toBe(Math.ceil(2000 / 64));
    expect(deflated).toHaveLength(stretches);
    // One ordinary deflate stream: zlib inflates it whole (a final block at its end), JSZip checks its CRC-32.
    expect(zlib.inflateRawSync(entryData(saved1, SHEET)).toString('utf8')).toBe(first);
    expect(await (await JSZip.loadAsync(saved1, { checkCRC32: true })).file(SHEET)!.async('string')).toBe(first);
    // The Compression Streams API the standalone page inflates with (zipCodec.ts) reads it whole too.
    expect(new TextDecoder().decode(await streamsCodec.inflate(entryData(saved1, SHEET), Infinity))).toBe(first);

    // Read back from the file (its stretches found by their markers), one row changed, saved: one stretch deflated.
    deflated.length = 0;
    const again = ZipParts.read(saved1);
    expect(await again.text(SHEET)).toBe(first);
    const second = sheet(2000, 700);
    again.file(SHEET, second);
    const saved2 = await again.generate();
    expect(deflated).toHaveLength(1);
    expect(await (await JSZip.loadAsync(saved2, { checkCRC32: true })).file(SHEET)!.async('string')).toBe(second);
    // Saved again in the same session, with another row changed (and the first put back): the stretches of this
    // save are reused, the one changed back is deflated again.
    deflated.length = 0;
    again.file(SHEET, sheet(2000, 1500));
    const saved3 = await again.generate();
    expect(deflated).toHaveLength(2);
    expect(zlib.inflateRawSync(entryData(saved3, SHEET)).toString('utf8')).toBe(sheet(2000, 1500));
    expect(await ZipParts.read(saved3).text(SHEET)).toBe(sheet(2000, 1500));
  });

  test('a part deflated whole (another program, a flush of its own) is read whole; a damaged stretched part is refused', async () => {
    useZipCodec(nodeZipCodec);
    const text = sheet(1500);
    // zlib's own sync flushes do not forget the history: the stretches do not stand alone, the part is read whole.
    const stream = new JSZip();
    stream.file(SHEET, text);
    const whole = await stream.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    expect(await ZipParts.read(whole).text(SHEET)).toBe(text);
    const raw = Buffer.from(text);
    const deflater = zlib.createDeflateRaw();
    const chunks: Buffer[] = [];
    deflater.on('data', (c: Buffer) => chunks.push(c));
    const flushed = new Promise<void>((resolve) => {
      deflater.write(raw.subarray(0, 200000));
      deflater.flush(zlib.constants.Z_SYNC_FLUSH, () => resolve());
    });
    await flushed;
    const ended = new Promise((resolve) => deflater.on('end', resolve));
    deflater.end(raw.subarray(200000));
    await ended;
    const synced = Buffer.concat(chunks);
    expect(markerEnds(synced).length).toBeGreaterThan(0);
    const { codec, deflated } = counting();
    useZipCodec(codec);
    const foreign = ZipParts.read(zipOf(SHEET, synced, raw));
    expect(await foreign.text(SHEET)).toBe(text);
    // No stretch of it kept to reuse: every stretch of the next save is deflated.
    foreign.file(SHEET, sheet(1500, 3));
    await foreign.generate();
    expect(deflated).toHaveLength(stretchStarts(text).length + 1);
    useZipCodec(nodeZipCodec);
    const zip = ZipParts.empty();
    zip.file(SHEET, text);
    const saved = await zip.generate();
    expect(await ZipParts.read(saved).text(SHEET)).toBe(text);
    // A byte of a stretch damaged: refused as the whole part is, naming it (never read as what it became).
    const data = entryData(saved, SHEET);
    data[Math.floor(data.length / 2)] ^= 0x10;
    const refused = await ZipParts.read(saved).text(SHEET).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TengenInputError);
    expect((refused as Error).message).toContain(`its part ${SHEET}`);
  });

  test('a stretch holding a final block (whole-stream inflaters stop there) is no stretch: the part is refused as cut short', async () => {
    useZipCodec(nodeZipCodec);
    const text = sheet(1500);
    const raw = Buffer.from(text);
    const [a, b] = [raw.subarray(0, 100000), raw.subarray(100000)];
    // The first piece a whole stream of its own (final block), a marker after it; the rest a full-flushed stretch and
    // a final empty block: stretch by stretch it reads as the whole text, but every other reader stops after `a`.
    const crafted = Buffer.concat([zlib.deflateRawSync(a), Buffer.from([0, 0, 0xff, 0xff]), zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_FULL_FLUSH }), Buffer.from([3, 0])]);
    expect(zlib.inflateRawSync(crafted).length).toBe(a.length);
    const refused = await ZipParts.read(zipOf(SHEET, crafted, raw)).text(SHEET).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TengenInputError);
    expect((refused as Error).message).toContain(`its part ${SHEET}`);
  });

  test('without a codec that flushes (the browser), the part is deflated whole, and read back the same', async () => {
    useZipCodec({ inflate: nodeZipCodec.inflate, deflate: nodeZipCodec.deflate, crc32: nodeZipCodec.crc32 });
    const zip = ZipParts.empty();
    zip.file(SHEET, sheet(2000));
    const saved = await zip.generate();
    expect(markerEnds(entryData(saved, SHEET))).toHaveLength(0);
    useZipCodec(nodeZipCodec);
    expect(await ZipParts.read(saved).text(SHEET)).toBe(sheet(2000));
  });
});

describe("stretches known by their text (issue 28, session 20: a result's save encodes only the rows it changed)", () => {
  const withoutTexts = (list: readonly Stretch[]) => list.map(({ raw, compressed }) => ({ raw, compressed }));

  test('a save with the previous stretches known by their text writes what it writes comparing their bytes', () => {
    const base = sheet(2000).replace('<row r="1">', '<row r="1"><c r="Z1" t="inlineStr"><is><t>\u2702 ✂</t></is></c>');
    const first = writeStretched(nodeZipCodec, base, []);
    expect(first.stretches.every((st) => st.text !== undefined && Buffer.from(st.text).equals(st.raw))).toBe(true);
    const variants = [
      base,
      sheet(2000, 700),
      base.replace('Ünïcödé ½ value 919', 'Ünïcödé ½ value 9190'),
      base.replace('<row r="100">', '<row r="100"><c r="Z100"><v>½</v></c>'),
      base.replace(/<row r="(\d+)"><c r="A\1" t="inlineStr"><is><t>Ünïcödé ½ value 7/g, '<row r="$1"><c r="A$1" t="inlineStr"><is><t>Unicode 7'),
      base.slice(0, base.indexOf('<row r="1200">')) + base.slice(base.indexOf('<row r="1300">')),
      base.slice(0, 400000),
    ];
    for (const text of variants) {
      const byText = writeStretched(nodeZipCodec, text, first.stretches);
      const byBytes = writeStretched(nodeZipCodec, text, withoutTexts(first.stretches));
      expect(Buffer.from(byText.raw).equals(Buffer.from(text))).toBe(true);
      expect(Buffer.from(byText.data).equals(Buffer.from(byBytes.data))).toBe(true);
      expect(byText.crc).toBe(byBytes.crc);
      expect(byText.crc).toBe(zlib.crc32(Buffer.from(text)));
      expect(zlib.inflateRawSync(byText.data).toString('utf8')).toBe(text);
    }
  });

  test("a stretch whose text a previous one has takes that one's bytes, not its text encoded again", () => {
    const text = sheet(300);
    const first = writeStretched(nodeZipCodec, text, []);
    // The first stretch's bytes replaced by others of the same length: taken as they are, so the text was not encoded.
    const marked = Uint8Array.from(first.stretches[0].raw);
    marked[10] = 0x41;
    const previous = [{ ...first.stretches[0], raw: marked }, ...first.stretches.slice(1)];
    const again = writeStretched(nodeZipCodec, text, previous);
    expect(again.raw[10]).toBe(0x41);
    expect(Buffer.from(again.raw.subarray(first.stretches[0].raw.length)).equals(Buffer.from(first.raw.subarray(first.stretches[0].raw.length)))).toBe(true);
  });

  test('a part read in stretches is decoded stretch by stretch as it is whole, or whole when that could differ', async () => {
    const text = sheet(2000).replace('<row r="64">', '<row r="64"><c r="Z64"><v>✂</v></c>');
    const written = writeStretched(nodeZipCodec, text, []);
    const read = (await inflateStretched(nodeZipCodec, written.data, written.raw.length, written.crc))!;
    const decoded = decodedInStretches(read.stretches, read.bytes)!;
    expect(decoded.text).toBe(new TextDecoder().decode(read.bytes));
    expect(decoded.stretches.map((st) => st.text)).toEqual(written.stretches.map((st) => st.text));
    // A byte-order mark (dropped by the decoder: the stretch's text would not encode back to its bytes), a stretch
    // not valid UTF-8 on its own (a character cut between two stretches): decoded whole, as before.
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('<a/>')]);
    expect(decodedInStretches([{ raw: bom, compressed: bom }], bom)).toBeUndefined();
    const cut = Buffer.from('<a>½</a><b/>');
    const at = cut.indexOf(0xbd);
    expect(decodedInStretches([{ raw: cut.subarray(0, at), compressed: cut }], cut)).toBeUndefined();
    const bad = Buffer.from([0x3c, 0xff, 0x3e]);
    expect(decodedInStretches([{ raw: bad, compressed: bad }], bad)).toBeUndefined();
    expect(decodedInStretches([{ raw: cut.subarray(0, 3), compressed: cut }], cut)!.text).toBe('<a>½</a><b/>');
  });

  test('read, changed and saved through the container: the part as written, its unchanged stretches copied', async () => {
    useZipCodec(nodeZipCodec);
    const zip = ZipParts.empty();
    zip.file(SHEET, sheet(2000));
    const saved = await zip.generate();
    const { codec, deflated } = counting();
    const before = zipCodec();
    useZipCodec(codec);
    try {
      const again = ZipParts.read(saved);
      expect(await again.text(SHEET)).toBe(sheet(2000));
      again.file(SHEET, sheet(2000, 1999));
      // Only the stretch changed is encoded: the others are known by the text read (never encoded again).
      const encodes = jest.spyOn(TextEncoder.prototype, 'encodeInto');
      const out = await again.generate();
      expect(encodes).toHaveBeenCalledTimes(1);
      encodes.mockRestore();
      expect(deflated).toHaveLength(1);
      expect(await ZipParts.read(out).text(SHEET)).toBe(sheet(2000, 1999));
    } finally {
      useZipCodec(before);
    }
  });
});

test("two byte sequences' CRC-32 combined from each one's is the CRC-32 of both (zlib's crc32_combine)", () => {
  let seed = 28;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  for (const [a, b] of [[0, 0], [0, 5], [5, 0], [1, 1], [3, 8], [100, 1000], [65536, 7], [7, 200003], [1 << 20, 3]]) {
    const x = bytes(a);
    const y = bytes(b);
    const both = new Uint8Array(a + b);
    both.set(x);
    both.set(y, a);
    expect([a, b, crc32Combine(zlib.crc32(x), zlib.crc32(y), b)]).toEqual([a, b, zlib.crc32(both)]);
    expect(crc32Combine(crc32(x), crc32(y), b)).toBe(crc32(both) >>> 0);
  }
});
