/**
 * A big worksheet written in stretches (zipSegments.ts, issue 28): a save deflates only the stretches whose bytes
 * changed and copies the others' compressed bytes; the stream stays one ordinary deflate stream (zlib and JSZip read it
 * whole); reading finds the stretches again, and falls back to inflating the part whole when they do not stand alone.
 */
import * as zlib from 'node:zlib';
import JSZip from 'jszip';
import { TengenInputError } from '../../src/model/errors';
import { ZipParts } from '../../src/workbook/adapters/zipParts';
import { streamsCodec, useZipCodec, zipCodec, type ZipCodec } from '../../src/workbook/adapters/zipCodec';
import { nodeZipCodec } from '../../src/workbook/adapters/zipCodecNode';
import { markerEnds, stretchStarts } from '../../src/workbook/adapters/zipSegments';

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
