/**
 * UTF-8 of Latin-1 characters read without V8's character-by-character decoder (zipCodecNode.ts `latin1Text`, issue 28):
 * the same text as `TextDecoder` gives, for the bytes it reads; undefined for every other byte sequence (then decoded as
 * before). Every Latin-1 text must be read by it: a fast path that gave up on all of them would pass the equality alone.
 */
import { nodeZipCodec } from '../../src/workbook/adapters/zipCodecNode';
import { decodedInStretches } from '../../src/workbook/adapters/zipSegments';

const latin1Text = nodeZipCodec.latin1Text!;
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const bytes = (...b: number[]) => new Uint8Array(b);

/** A pseudo-random generator (the same sequence every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('latin1Text (UTF-8 of Latin-1 characters)', () => {
  it('reads every text of characters U+0000 to U+00FF as TextDecoder does', () => {
    const texts = ['', 'plain ASCII <c r="A1"><v>1</v></c>', '½', 'IF(H16="½",0.5,0)', 'Ünïcödé ½ éàç ÿ À', '\u0080\u00bf\u00c0\u00ff\u0000\u007f', 'x'.repeat(5000) + '½'];
    let all = '';
    for (let c = 0; c <= 0xff; c++) all += String.fromCharCode(c);
    texts.push(all, all.split('').reverse().join(''));
    const next = random(28);
    for (let k = 0; k < 200; k++) {
      let t = '';
      const n = Math.floor(next() * 300);
      for (let i = 0; i < n; i++) t += String.fromCharCode(next() < 0.7 ? 32 + Math.floor(next() * 95) : Math.floor(next() * 256));
      texts.push(t);
    }
    for (const t of texts) {
      const encoded = new TextEncoder().encode(t);
      expect(latin1Text(encoded)).toBe(t);
      expect(latin1Text(encoded)).toBe(fatal.decode(encoded));
      // Within a larger buffer (a stretch is a view of the part's bytes).
      const framed = new Uint8Array(encoded.length + 6);
      framed.set(encoded, 3);
      expect(latin1Text(framed.subarray(3, 3 + encoded.length))).toBe(t);
    }
  });

  it('leaves every other sequence to the decoder: characters beyond U+00FF, a byte-order mark, invalid UTF-8', () => {
    const others = [
      new TextEncoder().encode('€'),
      new TextEncoder().encode('Ünï ½ € x'),
      new TextEncoder().encode('ő'), // U+0151, C5 91
      new TextEncoder().encode('Ā'), // U+0100, C4 80: the first beyond
      new TextEncoder().encode('日本'),
      new TextEncoder().encode('😀 ½'),
      new TextEncoder().encode('\ufeff<a/>'),
      bytes(0xc3), // cut short
      bytes(0xc3, 0x41), // no continuation
      bytes(0xc2, 0xc2, 0xbd),
      bytes(0xc0, 0x80), // overlong
      bytes(0xc1, 0xbf),
      bytes(0x80), // a lone continuation
      bytes(0x41, 0xbd),
      bytes(0xed, 0xa0, 0x80), // a surrogate
      bytes(0xe2, 0x82), // cut short
      bytes(0xff),
    ];
    for (const b of others) expect(latin1Text(b)).toBeUndefined();
    const next = random(2028);
    for (let k = 0; k < 2000; k++) {
      const b = new Uint8Array(1 + Math.floor(next() * 8));
      for (let i = 0; i < b.length; i++) b[i] = next() < 0.5 ? 0xc2 + Math.floor(next() * 3) : 0x60 + Math.floor(next() * 160);
      let expected: string | undefined;
      try {
        expected = fatal.decode(b);
      } catch {
        expected = undefined;
      }
      const got = latin1Text(b);
      if (expected !== undefined && [...expected].every((ch) => ch.charCodeAt(0) <= 0xff)) expect(got).toBe(expected);
      else expect(got).toBeUndefined();
    }
  });

  it('gives a part read in stretches the text decoded whole, stretch by stretch', () => {
    const text = '<row r="1"><c r="A1"><f>IF(A2="½",1,0)</f></c></row><row r="65"><c r="A65" t="inlineStr"><is><t>Ünïcödé</t></is></c></row><row r="129"/>';
    const whole = new TextEncoder().encode(text);
    const cut = new TextEncoder().encode(text.slice(0, text.indexOf('<row r="65"'))).length;
    const stretches = [{ raw: whole.subarray(0, cut), compressed: whole }];
    const fast = decodedInStretches(stretches, whole, latin1Text)!;
    const slow = decodedInStretches(stretches, whole)!;
    expect(fast.text).toBe(text);
    expect(fast.text).toBe(slow.text);
    expect(fast.stretches.map((s) => s.text)).toEqual(slow.stretches.map((s) => s.text));
  });
});
