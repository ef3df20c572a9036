/**
 * The Tables list's order of names (tablesSheet.ts, `nameOrder`) is the collator's: names of printable ASCII compared
 * by their collation keys without a collator (issue 28), any other through `Intl.Collator` — the same sign for every
 * pair, in English and in French, on single characters, on names that differ only by case or punctuation, and on
 * random names mixing ASCII with accents, other scripts, combining marks and control characters.
 */
import fc from 'fast-check';
import { nameOrder, tablesCells } from '../../src/workbook/sheets/tablesSheet';
import { example } from './fixtures';

const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);
const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

describe('the Tables list’s order of names', () => {
  for (const language of ['en', 'fr'] as const) {
    const collator = new Intl.Collator(language);
    // (one order for every pair, as one Tables list has: its keys kept, its collator made once)
    const shared = nameOrder(language);
    const same = (a: string, b: string) => expect([a, b, sign(shared(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);

    it(`is the collator's on every pair of printable ASCII characters (${language})`, () => {
      const order = nameOrder(language);
      const wrong: string[] = [];
      for (const a of printable) for (const b of printable) if (sign(order(a, b)) !== sign(collator.compare(a, b))) wrong.push(`${a}|${b}`);
      expect(wrong).toEqual([]);
      for (const [a, b] of [['', 'a'], ['a', ''], ['', ''], ['ab', 'Ab'], ['aB', 'Ab'], ['a b', 'ab'], ['a-b', 'ab'], ['Smith, John', 'Smith, john'], ['Smith, J', 'Smith J'], ['Player0017, Gen', 'Player0017, Gen'], ['O\'Neil', 'ONeil'], ['van Berg', 'Van Berg']]) same(a, b);
    });

    it(`is the collator's on random names of every kind (${language})`, () => {
      const character = fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...printable) },
        { weight: 4, arbitrary: fc.constantFrom('a', 'A', 'e', 'E', ' ', ',', '-', "'") },
        { weight: 1, arbitrary: fc.constantFrom('é', 'É', 'ß', 'Ł', 'ø', 'Ø', 'æ', '–', '\u0301', '\u00a0', '\t', '\u0000', '李', 'Ж', '½', '\u00ad', '\u2019') },
      );
      const name = fc.array(character, { maxLength: 10 }).map((cs) => cs.join(''));
      // (pairs made alike too: the same name with its case, a character or its end changed)
      const pair = fc.oneof(
        fc.tuple(name, name),
        name.chain((a) => fc.tuple(fc.constant(a), fc.constantFrom(a.toUpperCase(), a.toLowerCase(), `${a} `, `${a}a`, a.slice(1), a.replace(/./, 'B'), `${a}é`))),
      );
      fc.assert(
        fc.property(pair, ([a, b]) => sign(shared(a, b)) === sign(collator.compare(a, b)) && sign(shared(b, a)) === sign(collator.compare(b, a))),
        { numRuns: 30000 },
      );
    });
  }

  it('sorts a round’s players as the collator does', () => {
    const names = ['Smith, John', 'smith, John', 'Smith, john', 'Müller, Anna', 'Muller, Anna', 'Mueller, Anna', 'de Vries, Jan', 'De Vries, Jan', "O'Neil, Pat", 'ONeil, Pat', 'Åberg, Lena', 'Aberg, Lena', 'Zhang, Wei', 'Li, Na', 'Li Na', 'Player0017, Gen', 'Player017, Gen'];
    const t = example();
    const players = t.players.map((p, i) => {
      const [family, given] = names[i % names.length].split(', ');
      return { ...p, family, given: given ?? '' };
    });
    const renamed = { ...t, players };
    for (const language of ['en', 'fr'] as const) {
      const rows = tablesCells(renamed, 2, language).slice(3);
      const collator = new Intl.Collator(language);
      // (names, then IDs: the order the collator alone gives)
      const expected = [...rows].sort((a, b) => collator.compare(a[0] as string, b[0] as string) || (a[1] as number) - (b[1] as number));
      expect(rows).toEqual(expected);
      expect(rows.length).toBeGreaterThan(10);
    }
  });
});
