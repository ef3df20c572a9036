/**
 * Issue 27's classes of bad input, one seeded generator per class, applied to a reader's own files: each reader (see
 * ./sweep.ts) gives its base files and the words of its format (its criterion names, its number fields), and each
 * class makes one input from a base and a seed. The same seed gives the same input, so a finding is reproduced from
 * the seed printed with it.
 *
 * - syntax: characters typed, deleted, the file cut short, a structural character dropped or doubled;
 * - types: a number where text belongs, text (or a quoted number, `"1"`) where a number belongs;
 * - range: a number out of every range (negative, 0, huge, not whole, 1e400);
 * - contradictions: a record (line, element, object) given twice, or two of its values swapped;
 * - unknown-criteria: a criterion or pairing-type name replaced by one no program knows (SDC, STS, EXT, XYZ);
 * - encodings: the bytes re-encoded (Latin-1 as UTF-8, UTF-8 read as Latin-1 then written again: mojibake), a BOM,
 *   invalid UTF-8, a lone surrogate, U+FFFF, NUL;
 * - sizes: a name of 40,000 characters, a record repeated thousands of times.
 */

export const CLASSES = ['syntax', 'types', 'range', 'contradictions', 'unknown-criteria', 'encodings', 'sizes'] as const;
export type InputClass = (typeof CLASSES)[number];

/** A small deterministic generator (mulberry32): every draw of a run comes from its seed. */
export function random(seed: number): { int: (n: number) => number; pick: <T>(xs: readonly T[]) => T } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * Math.max(1, n));
  return { int, pick: <T>(xs: readonly T[]) => xs[int(xs.length)] };
}

/** What a reader's format looks like, for the classes to aim at. */
export interface FormatWords {
  /** Criterion or pairing-type names as the format writes them (replaced by unknown ones). */
  readonly criteria: readonly string[];
  /** Characters whose loss or doubling breaks the syntax. */
  readonly structure: readonly string[];
  /** A record: one line, one element, one object (given twice, or its values swapped). */
  readonly record: RegExp;
}

export const WORDS: Readonly<Record<'json' | 'xml' | 'h9' | 'text', FormatWords>> = {
  json: { criteria: ['"nbw"', '"sos"', '"sodos"', '"mms"', '"MMS"', '"SOSM"', '"NBW"', '"MAC_MAHON"', '"SWISS"', '"sosos"'], structure: ['{', '}', '[', ']', ',', ':', '"'], record: /\{[^{}]*\}/g },
  xml: { criteria: ['"NBW"', '"SOSM"', '"SOSW"', '"MMS"', '"SODOSM"', '"SOSOSM"', '"CUSSM"', '"DC"', '>3.9<', 'MacMahon', 'Swiss'], structure: ['<', '>', '"', '/>', '='], record: /<[A-Za-z][\w.-]*\b[^<>]*\/>/g },
  h9: { criteria: ['MMS', 'SOS', 'NBW', 'SODOS', 'SOSOS'], structure: ['/', '+', '-', '|', ';'], record: /^ *\d* +\S.*$/gm },
  text: { criteria: [], structure: ['\t', ' ', '|', ';', ','], record: /^.+$/gm },
};

const UNKNOWN = ['SDC', 'STS', 'EXT', 'XYZ', 'sdc', 'EXACT', ''];
const BAD_NUMBERS = ['-1', '0', '-0', '1e400', '-1e400', '1e-400', '999999999999', '2.5', '0.0001', '524281', '-2147483649', 'NaN'];
const BAD_TEXT = ['"1"', '"x"', 'true', 'null', '"3"', '[]', '{}', '""'];
const ODD_CHARS = ['\uD800', '\uFFFF', '\u0000', '\uFFFD', 'Ã©', '\u202E', '王小明', 'e\u0301'];

/** The places in `text` a regex matches (index and match). */
function matches(text: string, re: RegExp): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (const m of text.matchAll(global)) {
    out.push({ index: m.index!, text: m[0] });
    if (out.length > 20_000) break;
  }
  return out;
}

function replaceAt(text: string, index: number, length: number, by: string): string {
  return text.slice(0, index) + by + text.slice(index + length);
}

/** Numbers of the text (in JSON values, XML attributes, h9 columns, list fields). */
const NUMBER = /(?<=[:="\s>,[\t])-?\d+(?:\.\d+)?(?=[\s",\]}<\t/|]|$)/gm;
/** Quoted or element text (names, keys' values). */
const TEXT = /(?<=[:=]\s*")[^"\n]{1,60}(?=")|(?<=>)[^<>\n]{1,60}(?=<)/g;

/** One input of class `cls` from `text`; bytes for the encodings class (the rest are UTF-8 of the text). */
export function makeInput(cls: InputClass, text: string, words: FormatWords, seed: number): { bytes: Uint8Array; what: string } {
  const r = random(seed);
  const utf8 = (s: string, what: string) => ({ bytes: new TextEncoder().encode(s), what });
  switch (cls) {
    case 'syntax': {
      const kind = r.int(4);
      const at = r.int(text.length);
      if (kind === 0) return utf8(text.slice(0, at), `cut at character ${at}`);
      if (kind === 1) return utf8(replaceAt(text, at, 1 + r.int(30), ''), `characters deleted at ${at}`);
      const places = matches(text, new RegExp(words.structure.map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'g'));
      if (places.length === 0) return utf8(`${text}${r.pick(words.structure)}`, 'a structural character appended');
      const p = r.pick(places);
      return kind === 2 ? utf8(replaceAt(text, p.index, p.text.length, ''), `"${p.text}" dropped at ${p.index}`) : utf8(replaceAt(text, p.index, 0, p.text), `"${p.text}" doubled at ${p.index}`);
    }
    case 'types': {
      const numbers = matches(text, NUMBER);
      const texts = matches(text, TEXT);
      if (numbers.length > 0 && (texts.length === 0 || r.int(2) === 0)) {
        const p = r.pick(numbers);
        const by = r.pick(BAD_TEXT);
        // Inside quotes already (an XML attribute): the bare word, not a quoted one.
        const quoted = text[p.index - 1] === '"';
        const value = quoted ? by.replace(/^"|"$/g, '') || 'x' : by;
        return utf8(replaceAt(text, p.index, p.text.length, value), `number ${p.text} at ${p.index} → ${value}`);
      }
      if (texts.length === 0) return utf8(text, 'unchanged (no field)');
      const p = r.pick(texts);
      const by = r.pick(['12', '-3', '1e400', '0', '']);
      return utf8(replaceAt(text, p.index, p.text.length, by), `text "${p.text}" at ${p.index} → ${by}`);
    }
    case 'range': {
      const numbers = matches(text, NUMBER);
      if (numbers.length === 0) return utf8(text, 'unchanged (no number)');
      const p = r.pick(numbers);
      const by = r.pick(BAD_NUMBERS);
      return utf8(replaceAt(text, p.index, p.text.length, by), `number ${p.text} at ${p.index} → ${by}`);
    }
    case 'contradictions': {
      const records = matches(text, words.record);
      if (records.length === 0) return utf8(text, 'unchanged (no record)');
      const p = r.pick(records);
      if (r.int(2) === 0) return utf8(replaceAt(text, p.index + p.text.length, 0, (words === WORDS.json ? ',' : '\n') + p.text), `record at ${p.index} given twice: ${p.text.slice(0, 80)}`);
      // Two values of the record swapped (two players of a game, a result and a colour …).
      const values = matches(p.text, /"[^"\n]*"|-?\d+/g);
      if (values.length < 2) return utf8(text, 'unchanged (one value)');
      const a = r.int(values.length);
      const b = (a + 1 + r.int(values.length - 1)) % values.length;
      const [x, y] = a < b ? [values[a], values[b]] : [values[b], values[a]];
      const swapped = p.text.slice(0, x.index) + y.text + p.text.slice(x.index + x.text.length, y.index) + x.text + p.text.slice(y.index + y.text.length);
      return utf8(replaceAt(text, p.index, p.text.length, swapped), `in the record at ${p.index}, ${x.text} and ${y.text} swapped`);
    }
    case 'unknown-criteria': {
      const names = words.criteria.flatMap((w) => matches(text, new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')).map((m) => ({ ...m, word: w })));
      if (names.length === 0) return utf8(text, 'unchanged (no criterion named)');
      const p = r.pick(names);
      const unknown = r.pick(UNKNOWN);
      const by = p.word.startsWith('"') ? `"${unknown}"` : p.word.startsWith('>') ? `>${unknown}<` : unknown;
      return utf8(replaceAt(text, p.index, p.text.length, by), `${p.text} at ${p.index} → ${by}`);
    }
    case 'encodings': {
      const kind = r.int(5);
      if (kind === 0) return { bytes: Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 63))), what: 'the text written in Latin-1' };
      if (kind === 1) return utf8(new TextDecoder('latin1').decode(new TextEncoder().encode(text)), 'UTF-8 read as Latin-1 and written again (mojibake)');
      if (kind === 2) return utf8(`\uFEFF${text}`, 'a byte order mark');
      const bytes = new TextEncoder().encode(text);
      if (kind === 3) {
        const at = r.int(bytes.length);
        const bad = r.pick([[0xff], [0xc3], [0xe2, 0x82], [0x80], [0xed, 0xa0, 0x80]]);
        return { bytes: Uint8Array.from([...bytes.slice(0, at), ...bad, ...bytes.slice(at)]), what: `invalid UTF-8 ${bad.map((b) => b.toString(16)).join(' ')} at byte ${at}` };
      }
      const texts = matches(text, TEXT);
      const odd = r.pick(ODD_CHARS);
      if (texts.length === 0) return utf8(`${text}${odd}`, `${JSON.stringify(odd)} appended`);
      const p = r.pick(texts);
      return utf8(replaceAt(text, p.index, 0, odd), `${JSON.stringify(odd)} typed into "${p.text}"`);
    }
    case 'sizes': {
      if (r.int(2) === 0) {
        const texts = matches(text, TEXT);
        const long = 'W'.repeat(40_000);
        if (texts.length === 0) return utf8(`${text}${long}`, 'a 40,000-character line appended');
        const p = r.pick(texts);
        return utf8(replaceAt(text, p.index, p.text.length, long), `"${p.text}" → a 40,000-character value`);
      }
      const records = matches(text, words.record);
      if (records.length === 0) return utf8(text.repeat(50), 'the text 50 times');
      const p = r.pick(records);
      const times = 1000 + r.int(3000);
      const sep = words === WORDS.json ? ',' : '\n';
      return utf8(replaceAt(text, p.index + p.text.length, 0, `${sep}${p.text}`.repeat(times)), `record at ${p.index} repeated ${times} times`);
    }
  }
}
