/**
 * The zip container (zipParts.ts, issue 28): parts kept as their compressed bytes, a part inflated only when read and
 * refused then when its bytes are damaged, naming it; a part never read is written back exactly as it was.
 */
import JSZip from 'jszip';
import { TengenInputError } from '../../src/model/errors';
import { ZipDamaged, ZipParts } from '../../src/workbook/adapters/zipParts';
import { useZipCodec, zipCodec } from '../../src/workbook/adapters/zipCodec';
import { nodeZipCodec } from '../../src/workbook/adapters/zipCodecNode';

const GOOD = '<a>' + 'kept part '.repeat(200) + '</a>';
const DAMAGED = '<b>' + 'other part '.repeat(200) + '</b>';

async function archive(compression: 'STORE' | 'DEFLATE'): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('one.xml', GOOD);
  zip.file('two.xml', DAMAGED);
  zip.file('three.xml', '<c/>');
  return zip.generateAsync({ type: 'uint8array', compression });
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe('the zip container', () => {
  test('reads what JSZip wrote, and JSZip reads what it writes: parts replaced, added, removed, kept', async () => {
    const zip = ZipParts.read(await archive('DEFLATE'));
    expect(await zip.text('one.xml')).toBe(GOOD);
    zip.file('three.xml', '<c>new</c>');
    zip.file('four/é.xml', '<d/>');
    zip.remove('two.xml');
    const back = await JSZip.loadAsync(await zip.generate(), { checkCRC32: true });
    expect(Object.keys(back.files).filter((p) => !back.files[p].dir)).toEqual(['one.xml', 'three.xml', 'four/é.xml']);
    expect(await back.file('one.xml')!.async('string')).toBe(GOOD);
    expect(await back.file('three.xml')!.async('string')).toBe('<c>new</c>');
    expect(await back.file('four/é.xml')!.async('string')).toBe('<d/>');
  });

  test('a part whose bytes were damaged is refused when read, naming it; never read, it is written back as it was', async () => {
    const bytes = await archive('STORE');
    const at = indexOf(bytes, new TextEncoder().encode(DAMAGED));
    bytes[at + 100] ^= 0x20;
    const damaged = bytes.slice(at, at + DAMAGED.length);
    const zip = ZipParts.read(bytes);
    zip.file('three.xml', '<c>changed</c>');
    const saved = await zip.generate();
    expect(indexOf(saved, damaged)).toBeGreaterThan(0);
    const refused = await ZipParts.read(saved).text('two.xml').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TengenInputError);
    expect((refused as Error).message).toContain('its part two.xml: its bytes are damaged');
    expect(await ZipParts.read(saved).text('one.xml')).toBe(GOOD);
  });

  test("Node's inflater sized by the directory's size reads the part, and a size given wrong is refused as damaged", async () => {
    const before = zipCodec();
    useZipCodec(nodeZipCodec);
    try {
      const big = '<a>' + 'a congress Grid row '.repeat(5000) + '</a>';
      const zip = new JSZip();
      zip.file('one.xml', big);
      const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
      expect(await ZipParts.read(bytes).text('one.xml')).toBe(big);
      // The uncompressed size, in the local header (offset 22) and the central directory's entry (offset 24).
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const sized = (size: number) => {
        const copy = bytes.slice();
        const v = new DataView(copy.buffer);
        for (let i = 0; i + 4 <= copy.length; i++) {
          if (view.getUint32(i, true) === 0x04034b50) v.setUint32(i + 22, size, true);
          if (view.getUint32(i, true) === 0x02014b50) v.setUint32(i + 24, size, true);
        }
        return copy;
      };
      for (const size of [0, 10, big.length - 1, big.length + 1, big.length * 3]) {
        const refused = await ZipParts.read(sized(size)).text('one.xml').catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(TengenInputError);
        expect((refused as Error).message).toContain('its part one.xml: its bytes are damaged');
      }
      expect(await ZipParts.read(sized(big.length)).text('one.xml')).toBe(big);
    } finally {
      useZipCodec(before);
    }
  });

  test('a container cut short or not a zip is refused as such', async () => {
    const bytes = await archive('DEFLATE');
    expect(() => ZipParts.read(bytes.slice(0, bytes.length / 2))).toThrow(ZipDamaged);
    expect(() => ZipParts.read(new TextEncoder().encode('not a zip'))).toThrow(ZipDamaged);
  });
});
