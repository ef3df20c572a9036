/**
 * Sheets written straight to XML (issue 28: `xlsxFreshSheet.ts`, `xlsxSheetWriter.ts`) against the same sheets
 * written by ExcelJS (`XlsxWorkbook.create({ writer: 'exceljs' })`, the path every new sheet took before): a new
 * workbook (the import batch) and a round paired into it (new Pairings, Tables and Slips sheets in a workbook read from
 * its file), each saved both ways and read back by ExcelJS — every cell's value, formula, cached result, number format,
 * font, fill, border and alignment; the merges, column widths, row heights, frozen panes, page setup, print area and
 * titles; the defined names; the page breaks and dynamic-array marks of the XML — the same.
 *
 * The one difference allowed: ExcelJS drops a column width of exactly 9 (its own default); the new path writes it.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Tournament } from '../../src/model/tournament';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { FreshSheet } from '../../src/workbook/adapters/xlsxFreshSheet';
import { sheetCounts } from '../../src/workbook/adapters/xlsxLimits';
import { freshSheetXml } from '../../src/workbook/adapters/xlsxSheetWriter';
import { importBatch, pairRoundBatch, previewPairing, readSession, resultsBatch } from '../../src/workbook/session';
import { isPairingError } from '../../src/pairing/types';
import { example, generated, value } from './fixtures';

type Writer = 'tengen' | 'exceljs';

async function imported(t: Tournament, writer: Writer): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create({ writer });
  await wb.apply(importBatch(t, { time: 'test' }));
  return wb.save();
}

/** The file with the next round paired into it (its new sheets created by the writer given). */
async function paired(file: Uint8Array, round: number, writer: Writer, confirmRepair = false): Promise<Uint8Array> {
  const wb = await XlsxWorkbook.open(file, { writer });
  const session = value(await readSession(wb));
  const preview = previewPairing(session.tournament, round);
  if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
  await wb.apply(pairRoundBatch(session.tournament, preview.pairing, { expectedFingerprint: preview.fingerprint, currentFingerprint: session.fingerprint, time: 'test', confirmRepair }));
  return wb.save();
}

/**
 * The file with a result of its last round corrected (its writer given): the round is complete, so the Prize ceremony
 * is rewritten whole and the Log formatted — in the file's own XML by the new path, through ExcelJS by the old.
 */
async function corrected(file: Uint8Array, round: number, writer: Writer): Promise<Uint8Array> {
  const wb = await XlsxWorkbook.open(file, { writer });
  const t = value(await readSession(wb)).tournament;
  const game = t.games.find((g) => g.round === round)!;
  await wb.apply(resultsBatch(t, round, [{ table: game.table!, result: 'jigo' }], { confirmOverwrite: true, time: 'test' }));
  return wb.save();
}

/** The file with a sheet's XML changed (what a director's spreadsheet program leaves). */
async function edited(file: Uint8Array, part: string, change: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(file);
  zip.file(part, change(await zip.file(part)!.async('string')));
  return zip.generateAsync({ type: 'uint8array' });
}

/** A cell as ExcelJS reads it: its content and the parts of its format a printout shows. */
function cellOf(cell: ExcelJS.Cell) {
  const v = cell.value as unknown;
  const content =
    v && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)
      ? { formula: cell.formula, result: (v as { result?: unknown }).result ?? null, array: (v as { shareType?: string }).shareType === 'array' ? (v as { ref?: string }).ref : undefined }
      : cell.isMerged && cell.master.address !== cell.address
        ? { mergedInto: cell.master.address }
        : { value: v ?? null };
  const f = cell.font ?? {};
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  const b = cell.border ?? {};
  return {
    ...content,
    numFmt: cell.numFmt ?? 'General',
    font: { bold: !!f.bold, italic: !!f.italic, size: f.size ?? 11, color: f.color?.argb ?? null, name: f.name ?? 'Calibri' },
    fill: fill?.pattern === 'solid' ? fill.fgColor?.argb : null,
    border: [b.top?.style, b.left?.style, b.bottom?.style, b.right?.style].join(','),
    alignment: { horizontal: cell.alignment?.horizontal ?? null, wrap: !!cell.alignment?.wrapText },
  };
}

async function described(file: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
  const zip = await JSZip.loadAsync(file);
  const sheets = new Map<string, Record<string, unknown>>();
  for (const ws of wb.worksheets) {
    const cells: Record<string, unknown> = {};
    const heights: Record<number, number> = {};
    ws.eachRow({ includeEmpty: true }, (row, r) => {
      if (row.height !== undefined && row.height !== 15) heights[r] = row.height;
      row.eachCell({ includeEmpty: true }, (cell) => {
        const c = cellOf(cell);
        const blank = 'value' in c && c.value === null && c.numFmt === 'General' && !c.font.bold && !c.font.italic && c.font.size === 11 && !c.font.color && !c.fill && c.border === ',,,' && !c.alignment.horizontal && !c.alignment.wrap;
        if (!blank) cells[cell.address] = c;
      });
    });
    const widths: Record<number, number> = {};
    for (let c = 1; c <= ws.columnCount; c++) {
      const w = ws.getColumn(c).width;
      if (w !== undefined) widths[c] = w;
    }
    const p = ws.pageSetup;
    sheets.set(ws.name, {
      state: ws.state,
      cells,
      heights,
      widths,
      merges: Object.keys((ws as unknown as { _merges: Record<string, unknown> })._merges).sort(),
      views: (ws.views ?? []).map((v) => ({ ...v })),
      page: { orientation: p.orientation, paperSize: p.paperSize, fitToPage: p.fitToPage, fitToWidth: p.fitToWidth, fitToHeight: p.fitToHeight, scale: p.scale, margins: p.margins, printArea: p.printArea, printTitlesRow: p.printTitlesRow },
    });
  }
  // What ExcelJS does not read back: the page breaks and the dynamic-array marks, from each sheet's XML.
  const xml: Record<string, { breaks: string; arrays: number }> = {};
  const book = (await zip.file('xl/workbook.xml')!.async('string')).match(/<sheet\b[^>]*>/g)!;
  const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
  for (const tag of book) {
    const name = /name="([^"]*)"/.exec(tag)![1];
    const id = /r:id="([^"]*)"/.exec(tag)![1];
    const target = new RegExp(`Id="${id}"[^>]*Target="([^"]*)"`).exec(rels)?.[1] ?? new RegExp(`Target="([^"]*)"[^>]*Id="${id}"`).exec(rels)![1];
    const text = await zip.file(`xl/${target.replace(/^\/?xl\//, '')}`)!.async('string');
    xml[name] = { breaks: /<rowBreaks\b[\s\S]*?<\/rowBreaks>/.exec(text)?.[0] ?? '', arrays: (text.match(/\scm="1"/g) ?? []).length };
  }
  const names = (wb.definedNames as unknown as { model: unknown[] }).model;
  return { order: wb.worksheets.map((w) => w.name), sheets, xml, names };
}

/** Both files described, the new path's column widths of 9 set aside where ExcelJS dropped them. */
async function compare(ours: Uint8Array, theirs: Uint8Array): Promise<void> {
  const a = await described(ours);
  const b = await described(theirs);
  expect(a.order).toEqual(b.order);
  expect(a.names).toEqual(b.names);
  expect(a.xml).toEqual(b.xml);
  for (const [name, sheet] of b.sheets) {
    const mine = a.sheets.get(name)!;
    const widths = { ...(mine.widths as Record<number, number>) };
    for (const [c, w] of Object.entries(widths)) if (w === 9 && (sheet.widths as Record<string, number>)[c] === undefined) delete widths[Number(c)];
    const cells = mine.cells as Record<string, unknown>;
    const other = sheet.cells as Record<string, unknown>;
    for (const address of new Set([...Object.keys(cells), ...Object.keys(other)])) expect([name, address, cells[address]]).toEqual([name, address, other[address]]);
    expect({ name, ...mine, widths, cells: undefined }).toEqual({ name, ...sheet, cells: undefined });
  }
}

describe('new sheets written straight to XML, against ExcelJS writing them', () => {
  it('a new workbook (the bundled example): every sheet, cell, format and print setting the same', async () => {
    const t = example();
    await compare(await imported(t, 'tengen'), await imported(t, 'exceljs'));
  });

  it('a round paired into the workbook: its Pairings, Tables and Slips sheets the same', async () => {
    const t = generated(40, 4, 7);
    const start = await imported({ ...t, games: t.games.filter((g) => g.round === 1), byes: t.byes.filter((b) => b.round === 1) }, 'tengen');
    await compare(await paired(start, 2, 'tengen'), await paired(start, 2, 'exceljs'));
  });

  it('a round paired again: its pairing sheet, expected as read, made anew in its XML the same as ExcelJS makes it', async () => {
    const t = generated(24, 3, 9);
    const start = await paired(await imported({ ...t, games: t.games.filter((g) => g.round === 1), byes: t.byes.filter((b) => b.round === 1) }, 'tengen'), 2, 'tengen');
    await compare(await paired(start, 2, 'tengen', true), await paired(start, 2, 'exceljs', true));
  });

  it('a result into a complete last round: the Prize ceremony rewritten whole and the Log formatted in their XML, the same as ExcelJS', async () => {
    const t = generated(30, 3, 5);
    let start = await imported(t, 'tengen');
    // A director's touches on the Prize ceremony's layout: a tab colour, a zoom, a hidden and a wider column beyond Tengen's, a
    // taller row, print gridlines; and a long Log line's row already formatted.
    const zip = await JSZip.loadAsync(start);
    const book = await zip.file('xl/workbook.xml')!.async('string');
    const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
    const id = /<sheet\b[^>]*name="Prize ceremony"[^>]*r:id="([^"]*)"/.exec(book)![1];
    const part = `xl/${new RegExp(`Id="${id}"[^>]*Target="([^"]*)"`).exec(rels)![1]}`;
    start = await edited(start, part, (xml) =>
      xml
        .replace(/<sheetPr>/, '<sheetPr><tabColor rgb="FFFF0000"/>')
        .replace(/(<sheetPr\b[^>]*\/>)?<dimension/, (m, pr) => (pr ? m : '<sheetPr><tabColor rgb="FFFF0000"/></sheetPr><dimension'))
        .replace(/<sheetViews>[\s\S]*?<\/sheetViews>|(?=<sheetFormatPr)/, '<sheetViews><sheetView zoomScale="80" workbookViewId="0"/></sheetViews>')
        .replace(/<\/cols>/, '<col min="13" max="13" width="5" hidden="1" customWidth="1"/><col min="14" max="14" width="30" customWidth="1"/></cols>')
        .replace(/<row r="12"[^>]*?(\/?)>/, (_m, close: string) => `<row r="12" ht="33" customHeight="1"${close}>`)
        .replace(/<pageMargins/, '<printOptions gridLines="1"/><pageMargins'),
    );
    const ours = await corrected(start, 3, 'tengen');
    await compare(ours, await corrected(start, 3, 'exceljs'));
    // The director's touches are there (ExcelJS does not read a tab colour back into what `compare` sees).
    const sheet = await (await JSZip.loadAsync(ours)).file(part)!.async('string');
    expect(sheet).toContain('<tabColor rgb="FFFF0000"/>');
    expect(sheet).toContain('<printOptions gridLines="1"/>');
    expect(sheet).toMatch(/<col min="13" max="13" width="5" customWidth="1" hidden="1"\/><col min="14" max="14" width="30" customWidth="1"\/>/);
    expect(sheet).toMatch(/<row r="12" ht="33" customHeight="1"/);
  });

  it('a workbook the new path wrote reads back as the one ExcelJS wrote (the session sees the same tournament)', async () => {
    const t = generated(30, 3, 11);
    const [ours, theirs] = [await XlsxWorkbook.open(await imported(t, 'tengen')), await XlsxWorkbook.open(await imported(t, 'exceljs'))];
    for (const name of await theirs.sheetNames()) {
      expect([name, await ours.readSheet(name)]).toEqual([name, await theirs.readSheet(name)]);
      expect([name, await ours.readFormulas(name)]).toEqual([name, await theirs.readFormulas(name)]);
    }
    expect(value(await readSession(ours)).fingerprint).toBe(value(await readSession(theirs)).fingerprint);
  });

  it("the writer's own counts of a sheet's rows, last row and cells (held to the reader's limits without reading the text again) are the text's", async () => {
    const t = generated(30, 3, 11);
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t, { time: 'test' }));
    const slots = (wb as unknown as { slots: { name: string; fresh?: FreshSheet }[] }).slots.filter((s) => s.fresh);
    expect(slots.length).toBeGreaterThan(5);
    for (const slot of slots) {
      const written = freshSheetXml(slot.fresh!, (i) => i, () => 0);
      const { rows, lastRow, cells } = written;
      expect([slot.name, { rows, lastRow, cells }]).toEqual([slot.name, sheetCounts(written.xml)]);
    }
  });
});

describe("a new sheet's rows as the writer spells them (issue 28, session 20)", () => {
  it('a row written, a row emptied, a row with a height alone and a row skipped', () => {
    const sheet = new FreshSheet();
    sheet.write(1, 2, [['a', 3]]);
    sheet.write(2, 1, [[null]]);
    sheet.height(3, 30);
    sheet.write(5, 1, [[true, null, 2.5]]);
    sheet.height(5, 12);
    const written = freshSheetXml(sheet, (i) => i, (text) => text.length);
    const data = /<sheetData>.*<\/sheetData>/.exec(written.xml)![0];
    expect(data).toBe(
      '<sheetData><row r="1" spans="2:3" x14ac:dyDescent="0.25"><c r="B1" t="s"><v>1</v></c><c r="C1"><v>3</v></c></row>' +
        '<row r="3" ht="30" customHeight="1" x14ac:dyDescent="0.25"/>' +
        '<row r="5" ht="12" customHeight="1" spans="1:3" x14ac:dyDescent="0.25"><c r="A5" t="b"><v>1</v></c><c r="C5"><v>2.5</v></c></row></sheetData>',
    );
    expect(written.xml).toContain('<dimension ref="A1:C5"/>');
    expect({ rows: written.rows, lastRow: written.lastRow, cells: written.cells }).toEqual(sheetCounts(written.xml));
    expect(written.rows).toBe(3);
  });

  it('a sheet without a row written is an empty <sheetData/>, its dimension A1', () => {
    const sheet = new FreshSheet();
    sheet.write(2, 1, [[null, null]]);
    const written = freshSheetXml(sheet, (i) => i, () => 0);
    expect(written.xml).toContain('<dimension ref="A1"/>');
    expect(written.xml).toContain('<sheetData/>');
    expect(written.xml).not.toContain('</sheetData>');
    expect(written.rows).toBe(0);
  });
});
