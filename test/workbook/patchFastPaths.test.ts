/**
 * The shortcuts of a sheet's patching (issue 28, session 19: the written cell counted without reading its text, the
 * pending columns sorted by a typed array, a row's tags joined with its cells, a row tag without "spans" or
 * "customFormat" not searched for them, the sheet joined once, the cells kept matched a run at a time by one regular
 * expression: `keptCells`) give the XML and the tally the patching gave before them (`patchOracle.ts`), on sheets of
 * every shape: rows out of order, repeated, closing themselves or not closed, cells out of order, their address not
 * first, text between them, columns of one to three letters, formats, heights, new rows.
 */
import fc from 'fast-check';
import type { CellFormat, CellInput } from '../../src/workbook/adapters/adapter';
import { cellStyle, patchedSheetXml, pendingColumns, SheetPatch, xmlText, type PatchContext, type PatchTally } from '../../src/workbook/adapters/xlsxSheetPatch';
import { attribute, escapeXml } from '../../src/workbook/adapters/xlsxXml';
import { columnLetter } from '../../src/workbook/cells/address';
import { oraclePatchedSheetXml } from './patchOracle';

/** A cell's XML, in one of the shapes programs write (and a few they do not). */
/** Columns of one, two and three letters, either side of where their letters change (Z|AA, AZ|BA, ZZ|AAA, XFD). */
const columnArb = fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 24, max: 56 }), fc.integer({ min: 700, max: 730 }), fc.integer({ min: 16370, max: 16384 }));

const cellArb = (row: number) =>
  fc.record({ column: columnArb, shape: fc.integer({ min: 0, max: 9 }), style: fc.constantFrom(undefined, '2', '5') }).map(({ column, shape, style }) => {
    const r = `${columnLetter(column)}${row}`;
    const s = style === undefined ? '' : ` s="${style}"`;
    switch (shape) {
      case 0:
        return `<c r="${r}"${s}/>`;
      case 1:
        return `<c r="${r}"${s} t="s"><v>3</v></c>`;
      case 2:
        return `<c r="${r}"${s}><f>A${row}*2</f><v>4</v></c>`;
      case 3:
        return `<c${s} r="${r}"><v>7</v></c>`; // the address not first
      case 4:
        return `<c r="${r}"${s} t="str"><f t="shared" ref="A1:A3" si="0">B${row}&amp;"x"</f><v>x</v></c>`;
      case 5:
        return ` <c r="${r}"${s}><v>1</v></c>\n`; // white space around it (dropped, as the matches joined dropped it)
      case 6:
        return `<c r="${r}"${s} t="inlineStr"><is><t>a &lt; b</t></is></c>`;
      case 7:
        return `<c r="${r}"${s}\n/>`;
      case 8:
        return `<c r="${r}" s="1" cm="1"><f t="array" ref="${r}:${r}">SEQUENCE(1)</f><v>1</v></c>`;
      default:
        return `<c r="${r}"${s}><v>2.5</v></c>`;
    }
  });

const rowArb = fc
  .record({ row: fc.integer({ min: 1, max: 12 }), tag: fc.integer({ min: 0, max: 6 }), cells: fc.integer({ min: 0, max: 5 }) })
  .chain(({ row, tag, cells }) =>
    fc.array(cellArb(row), { minLength: cells, maxLength: cells }).map((list) => {
      const column = (cell: string) => /r="([A-Z]+)/.exec(cell)![1];
      // Mostly in column order, sometimes not.
      const sorted = tag === 6 ? list : [...list].sort((a, b) => column(a).length - column(b).length || column(a).localeCompare(column(b)));
      const attributes = [` r="${row}"`, ` r="${row}" spans="1:8"`, ` spans="1:8" r="${row}"`, ` r="${row}" s="4" customFormat="1"`, ` r="${row}" ht="20" customHeight="1"`, ` r="${row}" x14ac:dyDescent="0.25"`, ` r="${row}"`][tag];
      return sorted.length === 0 && tag % 2 === 0 ? `<row${attributes}/>` : `<row${attributes}>${sorted.join('')}</row>`;
    }),
  );

const sheetArb = fc.record({ rows: fc.array(rowArb, { maxLength: 10 }), cols: fc.boolean(), empty: fc.boolean() }).map(({ rows, cols, empty }) => {
  const ordered = rows.length > 0 && rows.length % 3 !== 0 ? [...rows].sort((a, b) => Number(/r="(\d+)"/.exec(a)![1]) - Number(/r="(\d+)"/.exec(b)![1])) : rows;
  const data = empty && rows.length === 0 ? '<sheetData/>' : `<sheetData>${ordered.join('')}</sheetData>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:C3"/>${cols ? '<cols><col min="2" max="3" width="9" style="6"/></cols>' : ''}${data}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
});

const inputArb: fc.Arbitrary<CellInput> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -5, max: 99 }),
  fc.constantFrom('Ann', '', ' padded', 'a & "b" <c>', 'x\ny'),
  fc.boolean(),
  fc.constantFrom<CellInput>({ formula: '=A1+1', value: 2 }, { formula: 'B2&"!"', value: 'ok!' }, { formula: '=GO.PLACE(A1:A3)', value: 1, spill: { rows: 2, columns: 1 } }, { formula: '=SUM(A1)' }),
);

type Edit = { kind: 'write'; row: number; column: number; cells: CellInput[][] } | { kind: 'cache'; row: number; column: number; value: number } | { kind: 'format'; top: number; left: number; bottom: number; right: number; format: CellFormat };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), row: fc.integer({ min: 1, max: 14 }), column: columnArb, cells: fc.array(fc.array(inputArb, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant('cache' as const), row: fc.integer({ min: 1, max: 12 }), column: columnArb, value: fc.integer({ min: 0, max: 9 }) }),
  fc
    .record({ top: fc.integer({ min: 1, max: 14 }), left: fc.integer({ min: 1, max: 8 }), rows: fc.integer({ min: 0, max: 1 }), columns: fc.integer({ min: 0, max: 2 }), format: fc.constantFrom<CellFormat>({ bold: true }, { rowHeight: 30 }, { fill: '#D9D9D9', rowHeight: 18 }) })
    .map(({ top, left, rows, columns, format }) => ({ kind: 'format' as const, top, left, bottom: top + rows, right: left + columns, format })),
);

/** A patch of the sheet (its reading a rectangle of formulas, so that `cache` finds some), with the edits made. */
function patchOf(edits: readonly Edit[]): SheetPatch {
  const formulas = Array.from({ length: 12 }, () => Array.from({ length: 8 }, (_c, j) => (j % 2 === 0 ? '=A1*2' : null)));
  const patch = new SheetPatch({ values: formulas.map((row) => row.map(() => null)), formulas }, new Set());
  for (const e of edits) {
    if (e.kind === 'write') patch.write(e.row, e.column, e.cells);
    else if (e.kind === 'cache') patch.cache(e.row, e.column, [[e.value]]);
    else patch.format({ top: e.top, left: e.left, bottom: e.bottom, right: e.right }, e.format);
  }
  return patch;
}

/** The two ways of patching, each with its own context (the styles derived in the order they are asked for). */
function both(xml: string, edits: readonly Edit[], withStyles: boolean): { fast: { xml: string; tally: PatchTally; styles: string[] }; plain: { xml: string; tally: PatchTally; styles: string[] } } {
  const run = (patch: typeof patchedSheetXml) => {
    const styles: string[] = [];
    const ctx: PatchContext = withStyles
      ? {
          stringIndex: (text) => text.length,
          style: (index, formats) => {
            styles.push(`${index}:${JSON.stringify(formats)}`);
            return 100 + styles.length;
          },
        }
      : {};
    const tally = { rows: 0, cells: 0, lastRow: 0 };
    return { xml: patch(xml, patchOf(edits), ctx, tally), tally, styles };
  };
  return { fast: run(patchedSheetXml), plain: run(oraclePatchedSheetXml) };
}

describe("a sheet's patching with its shortcuts gives what it gave without them (issue 28)", () => {
  test('the same XML, tally and styles asked for, on sheets of every shape', () => {
    fc.assert(
      fc.property(sheetArb, fc.array(editArb, { maxLength: 8 }), fc.boolean(), (xml, edits, withStyles) => {
        const { fast, plain } = both(xml, edits, withStyles);
        expect(fast).toEqual(plain);
      }),
      { numRuns: 600, seed: 28 },
    );
  });

  test('a row written whose tag has spans, a row format or a height; a new row among them', () => {
    const xml =
      '<worksheet><dimension ref="A1:B3"/><sheetData><row r="1" spans="1:2"><c r="A1"><v>1</v></c></row><row r="3" s="4" customFormat="1"><c r="B3"/></row>' +
      '<row spans="1:2" r="4" ht="9" customHeight="1"><c r="A4"/></row></sheetData></worksheet>';
    const edits: Edit[] = [
      { kind: 'write', row: 1, column: 2, cells: [[5]] },
      { kind: 'write', row: 3, column: 1, cells: [['x']] },
      { kind: 'write', row: 2, column: 1, cells: [[null]] },
      { kind: 'format', top: 4, left: 1, bottom: 4, right: 1, format: { rowHeight: 30 } },
    ];
    const { fast, plain } = both(xml, edits, true);
    expect(fast).toEqual(plain);
    expect(fast.xml).toContain('<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>5</v></c></row>');
    expect(fast.xml).toContain('<row r="3" s="4" customFormat="1"><c r="A3" s="4" t="s"><v>1</v></c><c r="B3"/></row>');
  });
});

/** `check` holds of every text joined from up to 30 of `pieces` (2,000 texts, seed 28). */
function forJoined(pieces: fc.Arbitrary<string>, check: (text: string) => void): void {
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 30 }), (chosen) => check(chosen.join(''))),
    { numRuns: 2000, seed: 28 },
  );
}

describe('the pieces of a changed row (issue 28, session 20)', () => {
  test("a text as an XML text node: escaped as escapeXml escapes it, the characters XML cannot hold dropped", () => {
    // eslint-disable-next-line no-control-regex
    const plain = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
    const piece = fc.constantFrom('&', '<', '>', '"', "'", '&amp;', '&quot;', 'a', '½', '\u0001', '\n', ' ', 'IF(H16="+",1,0)', '\uFFFE', 'é');
    forJoined(piece, (text) => expect(xmlText(text)).toBe(plain(text)));
    expect(xmlText('a<b & "c">d')).toBe('a&lt;b &amp; &quot;c&quot;&gt;d');
  });

  test('a text escaped as the four replacements escaped it', () => {
    const fourPasses = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const piece = fc.constantFrom('&', '<', '>', '"', '""', "'", '&quot;', 'a', 'IF(H16="+",1,0)', '½', 'é', ' ');
    forJoined(piece, (text) => expect(escapeXml(text)).toBe(fourPasses(text)));
    expect(escapeXml('IF(H16="+",1,"½")')).toBe('IF(H16=&quot;+&quot;,1,&quot;½&quot;)');
    expect(escapeXml('"a" & <b>')).toBe('&quot;a&quot; &amp; &lt;b&gt;');
  });

  test("a changed cell's style read at once as attribute() reads it, whatever its tag's attributes (issue 28, session 22)", () => {
    const piece = fc.constantFrom(' r="B12"', ' r="AA7"', ' r="b1"', ' r="B"', ' r="12"', ' r="B12x"', ' s="3"', ' s="12"', ' s=""', ' s="3x"', " s='4'", ' s = "5"', '\ts="7"', ' xs="8"', ' t="s"', ' cm="1"', ' s="&#51;"', 's="9"', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), (pieces) => {
        const attributes = pieces.join('');
        expect(cellStyle(attributes)).toBe(attribute(attributes, 's'));
      }),
      { numRuns: 3000, seed: 28 },
    );
    // The forms read at once, and those left to attribute().
    expect(cellStyle(' r="AG16"')).toBeUndefined();
    expect(cellStyle(' r="AG16" s="12" t="s"')).toBe('12');
    expect(cellStyle(' r="AG16" t="s" s="12"')).toBe('12');
    expect(cellStyle(' r="AG16" s="&#51;"')).toBe('3');
  });

  test("a row's columns changed or formatted: each once, ascending, as the typed array sorted them", () => {
    const keys = fc.uniqueArray(fc.integer({ min: 1, max: 16384 }), { maxLength: 12 });
    fc.assert(
      fc.property(keys, fc.option(keys), fc.boolean(), (changed, formatted, ascending) => {
        const order = ascending ? [...changed].sort((a, b) => a - b) : changed;
        const changes = new Map(order.map((c) => [c, true]));
        const formats = formatted ? new Map(formatted.map((c) => [c, true])) : undefined;
        const expected = [...new Set([...changes.keys(), ...(formats?.keys() ?? [])])].sort((a, b) => a - b);
        expect(Array.from(pendingColumns(changes, formats))).toEqual(expected);
      }),
      { numRuns: 1000, seed: 28 },
    );
  });
});

test("a cell inside a merged range is found by its numbers as by its key text (issue 28, session 20)", () => {
  const slaves = new Set(['16:7', '16:8', '14:33', '2:16384', '3:32768', '007:2', '5:1e1', 'x', '1:2:3']);
  const patch = new SheetPatch({ values: [], formulas: [] }, slaves);
  for (const row of [0, 1, 2, 3, 5, 7, 14, 16, 17]) {
    for (const column of [0, 1, 2, 7, 8, 9, 10, 33, 16384, 32768]) expect([row, column, patch.isMergeSlave(row, column)]).toEqual([row, column, slaves.has(`${row}:${column}`)]);
  }
  expect(patch.isMergeSlave(16, 7)).toBe(true);
  expect(patch.isMergeSlave(3, 32768)).toBe(true);
  expect(patch.isMergeSlave(7, 2)).toBe(false);
});

test("a batch that fails puts a patched sheet's reading back as it was, from the journal of the cells it overwrote (issue 28, session 20)", () => {
  fc.assert(
    fc.property(fc.array(editArb, { maxLength: 10 }), fc.array(editArb, { maxLength: 10 }), (before, during) => {
      const patch = patchOf(before);
      const copy = { values: patch.values.map((r) => [...r]), formulas: patch.formulas.map((r) => [...r]), changes: new Map(patch.changes), formats: [...patch.formats], heights: new Map(patch.heights) };
      const was = patch.snapshot();
      for (const e of during) {
        if (e.kind === 'write') patch.write(e.row, e.column, e.cells);
        else if (e.kind === 'cache') patch.cache(e.row, e.column, [[e.value]]);
        else patch.format({ top: e.top, left: e.left, bottom: e.bottom, right: e.right }, e.format);
      }
      patch.restore(was);
      expect({ values: patch.values, formulas: patch.formulas, changes: patch.changes, formats: patch.formats, heights: patch.heights }).toEqual(copy);
      // Settled after a batch that did not fail: later writes are not journaled for it (and stay).
      const next = patch.snapshot();
      patch.write(1, 1, [['kept']]);
      patch.settled(next);
      patch.write(2, 2, [['also kept']]);
      expect(patch.found(1, 1).value).toBe('kept');
      expect(patch.found(2, 2).value).toBe('also kept');
    }),
    { numRuns: 40, seed: 28 },
  );
});
