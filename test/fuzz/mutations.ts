/**
 * What the fuzz suite does to its inputs: values a director's files really hold when they go wrong (a number too big
 * or not whole, control characters, a stray comma, a formula, an error value …) and the edits that put them there —
 * a JSON field replaced, deleted or added, an XML attribute replaced or an element dropped, characters typed,
 * deleted or cut off anywhere in the text, a workbook cell overwritten.
 */
import fc from 'fast-check';

/** Values that break readers: edge numbers, control characters, notations of neighbouring fields. */
const SPECIAL = [
  null, true, false, 0, -0, 0.3, 0.5, -1, 1.5, 2.25, 1e308, -1e308, 2000000000, -2147483649, 9.1e12, Number.MAX_SAFE_INTEGER + 2, 1e-300,
  '', ' ', '0', '1', '-1', '1.5', 'NaN', 'Infinity', '1e400', '-', '+', '=', '+!', '-!', '½', 'x', 'BYE', 'W', 'B', '-2', '+9',
  '5d', '30k', '31k', '10d', '1p', '9p', '0k', 'A', 'b', 'Smith, Jr.', 'a\nb', '\u001b[31mred', 'bell\u0007', '\u202Eevil', '\uFFFD', '\u0000',
  '#REF!', '#N/A', '=1+1', '<b>', '&amp;', '"', "'", '{}', '[]', 'é'.repeat(300), 'mcmahon', 'swiss', 'egf', 'opengotha',
  '2026-02-30', '2026-05-16', 'RESULT_WHITEWINS', 'RESULT_BLACKWINS_BYDEF', 'FIN', 'PRE', '11111', '0000000000',
] as const;

export type Nasty = string | number | boolean | null | readonly unknown[] | { readonly [k: string]: unknown };

export const nastyValue: fc.Arbitrary<Nasty> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Nasty> },
);

/** Number literals JSON can carry but a double cannot hold as typed. */
const NUMBER_TEXTS = ['1e400', '-1e400', '1e-400', '0.30000000000000004', '2000000000', '9.1e12', '-0', '1E2', '12345678901234567890'] as const;

/** One edit of a text, whatever its format: characters typed, deleted, or the rest of the file lost. */
export interface TextEdit {
  readonly kind: 'insert' | 'delete' | 'truncate' | 'number';
  readonly at: number;
  readonly length: number;
  readonly text: string;
}

export const textEdit: fc.Arbitrary<TextEdit> = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'truncate', 'number'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 40 }),
  text: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), fc.constantFrom('"', '{', '}', '[', ']', ',', ':', '<', '>', '/>', '&', '\u0000', '\uFEFF', ...NUMBER_TEXTS)),
});

export function applyTextEdit(text: string, e: TextEdit): string {
  const at = text.length === 0 ? 0 : e.at % text.length;
  switch (e.kind) {
    case 'insert':
      return text.slice(0, at) + e.text + text.slice(at);
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.length);
    case 'truncate':
      return text.slice(0, at);
    case 'number': {
      // A number literal of the text replaced by one a double cannot hold as typed.
      const numbers = [...text.matchAll(/(?<=[:[,]\s*)-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g)];
      if (numbers.length === 0) return text;
      const m = numbers[e.at % numbers.length];
      return text.slice(0, m.index) + NUMBER_TEXTS[e.length % NUMBER_TEXTS.length] + text.slice(m.index! + m[0].length);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON

export interface JsonEdit {
  readonly kind: 'set' | 'delete' | 'add' | 'duplicate';
  readonly path: number;
  readonly value: Nasty;
  readonly key: string;
}

export const jsonEdit: fc.Arbitrary<JsonEdit> = fc.record({
  kind: fc.constantFrom('set', 'set', 'set', 'delete', 'add', 'duplicate'),
  path: fc.nat(),
  value: nastyValue,
  key: fc.oneof(fc.constantFrom('section', 'initialMms', 'rating', 'komi', 'rounds', 'players', 'extra', '__proto__', 'constructor'), fc.string({ maxLength: 6 })),
});

type Json = unknown;

/** Every place in a JSON document: the path of keys to it (the root is []). */
function paths(doc: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(doc)) doc.forEach((v, i) => paths(v, [...at, i], out));
  else if (doc !== null && typeof doc === 'object') for (const k of Object.keys(doc)) paths((doc as Record<string, Json>)[k], [...at, k], out);
  return out;
}

/** The document with one edit made (the input is not changed). */
export function applyJsonEdit(doc: Json, e: JsonEdit): Json {
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  const all = paths(copy);
  const target = all[e.path % all.length];
  if (target.length === 0) return e.kind === 'set' ? e.value : copy;
  const parent = target.slice(0, -1).reduce<Json>((node, k) => (node as Record<string | number, Json>)[k], copy) as Record<string | number, Json>;
  const last = target[target.length - 1];
  switch (e.kind) {
    case 'set':
      parent[last] = e.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
      break;
    case 'add': {
      const node = parent[last];
      if (node !== null && typeof node === 'object' && !Array.isArray(node)) Object.defineProperty(node, e.key, { value: e.value, enumerable: true, writable: true, configurable: true });
      else parent[last] = e.value;
      break;
    }
    case 'duplicate':
      if (Array.isArray(parent)) parent.splice(last as number, 0, JSON.parse(JSON.stringify(parent[last] ?? null)) as Json);
      else parent[last] = [parent[last], parent[last]];
      break;
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------------------------
// XML

export interface XmlEdit {
  readonly kind: 'attribute' | 'raw-attribute' | 'drop-element' | 'duplicate-element';
  readonly at: number;
  readonly value: Nasty;
}

export const xmlEdit: fc.Arbitrary<XmlEdit> = fc.record({
  kind: fc.constantFrom('attribute', 'attribute', 'attribute', 'raw-attribute', 'drop-element', 'duplicate-element'),
  at: fc.nat(),
  value: nastyValue,
});

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

export function applyXmlEdit(text: string, e: XmlEdit): string {
  if (e.kind === 'attribute' || e.kind === 'raw-attribute') {
    const attributes = [...text.matchAll(/\s[\w:.-]+="([^"]*)"/g)];
    if (attributes.length === 0) return text;
    const m = attributes[e.at % attributes.length];
    const start = m.index! + m[0].indexOf('"') + 1;
    const value = typeof e.value === 'string' ? e.value : JSON.stringify(e.value) ?? '';
    return text.slice(0, start) + (e.kind === 'attribute' ? xmlEscape(value) : value) + text.slice(start + m[1].length);
  }
  const elements = [...text.matchAll(/<([A-Za-z][\w.-]*)\b[^>]*\/>/g)];
  if (elements.length === 0) return text;
  const m = elements[e.at % elements.length];
  const end = m.index! + m[0].length;
  return e.kind === 'drop-element' ? text.slice(0, m.index) + text.slice(end) : text.slice(0, end) + m[0] + text.slice(end);
}

// ---------------------------------------------------------------------------------------------------------------
// Workbook cells

export interface CellEdit {
  /** Far from the tournament: the sheet's last row or column (a stray entry a director made by a slip of the hand). */
  readonly far: 'no' | 'row' | 'column' | 'corner';
  readonly sheet: number;
  readonly row: number;
  readonly column: number;
  readonly value: Nasty | { readonly formula: string; readonly result?: unknown } | { readonly error: string } | 'clear' | 'delete-sheet';
}

export const cellEdit: fc.Arbitrary<CellEdit> = fc.record({
  far: fc.oneof({ weight: 30, arbitrary: fc.constant('no' as const) }, { weight: 1, arbitrary: fc.constantFrom('row' as const, 'column' as const, 'corner' as const) }),
  sheet: fc.nat(),
  row: fc.nat(),
  column: fc.nat(),
  value: fc.oneof(
    { weight: 8, arbitrary: nastyValue.filter((v) => v === null || typeof v !== 'object') },
    { weight: 2, arbitrary: fc.constant('clear' as const) },
    { weight: 1, arbitrary: fc.record({ formula: fc.constantFrom('1+1', 'A1', 'Z99', '"+"', 'NOW()'), result: fc.constantFrom(2, '+', '-', 0, 'x') }) },
    { weight: 1, arbitrary: fc.record({ error: fc.constantFrom('#REF!', '#N/A', '#VALUE!', '#DIV/0!', '#NAME?') }) },
    { weight: 1, arbitrary: fc.constant('delete-sheet' as const) },
  ),
});
