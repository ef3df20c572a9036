/**
 * Issue 10, "Live formulas in the workbook", Done-means item 1: the workbook `tengen workbook FILE --out x.xlsx`
 * writes holds, in the XML Excel reads,
 *  - on the Standings sheet ONE `_xldudf_GO_STANDINGS(TengenGrid,,,,TengenSettings)`, stored as a dynamic array
 *    (`cm="1"`, `t="array"`, `ref` = the whole table) whose every cell carries its cached value;
 *  - in the Grid's Place column ONE `_xldudf_GO_PLACE(TengenGrid,$A$16:$A$…,,TengenSettings)`, the same way;
 *  - the names `TengenGrid` (the grid's input columns only: no circular reference) and `TengenSettings`;
 * with cached values equal to what `tengen standings` prints, and equal to what the functions themselves answer
 * over the cells the names cover; and `tengen standings x.xlsx` reads the file back.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from '../support/cli';
import { writeTournamentJson } from '../../src/formats/json';
import { columnLetter, columnNumber, parseRange } from '../../src/workbook/cells/address';
import { placeFormula, standingsFormula } from '../../src/workbook/formulas/formulas';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { storedFormula } from '../../src/workbook/adapters/excelFormulaStorage';
import { PLACE_CACHE_NAME, STANDINGS_CACHE_NAME, withCachedFallback } from '../../src/workbook/formulas/names';
import { CRITERION_LABEL } from '../../src/workbook/sheets/standingsSheet';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { EXAMPLE, generated } from './fixtures';
import { openZip, part, sheetCells, type XmlCell } from './sheetXml';

interface JsonEntry {
  readonly id: number;
  readonly place: number;
  readonly [criterion: string]: unknown;
}

const dir = mkdtempSync(path.join(tmpdir(), 'tengen-live-'));
const generatedFile = path.join(dir, 'generated-40.json');
writeFileSync(generatedFile, writeTournamentJson(generated(40, 5, 3)));

const cases = [
  ['the bundled example, English grid', EXAMPLE, 'en'],
  ['a generated 40-player McMahon, French grid', generatedFile, 'fr'],
] as const;

const letters = (address: string) => /^[A-Z]+/.exec(address)![0];
const rowOf = (address: string) => Number(/\d+$/.exec(address)![0]);

describe.each(cases)('tengen workbook: %s', (_name, source, language) => {
  const out = path.join(dir, `${path.basename(source, '.json')}-${language}.xlsx`);
  let standings: JsonEntry[];
  let bytes: Uint8Array;

  beforeAll(async () => {
    const written = await cli(['workbook', source, '--out', out, '--language', language]);
    expect(written.err).toBe('');
    expect(written.code).toBe(0);
    const printed = await cli(['standings', source, '--json']);
    standings = JSON.parse(printed.out) as JsonEntry[];
    bytes = new Uint8Array(readFileSync(out));
  });

  it('`tengen standings x.xlsx` reads the file back: the same standings as from the source', async () => {
    const fromWorkbook = await cli(['standings', out, '--json']);
    expect(fromWorkbook.err).toBe('');
    expect(JSON.parse(fromWorkbook.out)).toEqual(standings);
  });

  it('the names: TengenGrid is the grid’s input columns (A to the last result), TengenSettings the Settings table', async () => {
    const zip = await openZip(bytes);
    const workbook = await part(zip, 'xl/workbook.xml');
    const names = Object.fromEntries([...workbook.matchAll(/<definedName name="(Tengen\w+)">([^<]*)<\/definedName>/g)].map((m) => [m[1], m[2]]));
    const t = JSON.parse(readFileSync(source, 'utf8')) as { players: unknown[]; settings: { rounds: number } };
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const lastResult = layout.resultColumn(layout.rounds);
    expect(names.TengenGrid).toBe(`Grid!$A$1:$${columnLetter(lastResult)}$${layout.lastRow}`);
    expect(names.TengenSettings).toMatch(/^Settings!\$A\$1:\$B\$\d+$/);
    // Victories and Place lie outside it: the Place formula does not read itself.
    expect(lastResult).toBeLessThan(layout.columns.victories);
  });

  it('the Grid’s Place column: one dynamic-array _xldudf_GO_PLACE, its spill holding each player’s place', async () => {
    const cells = await sheetCells(await openZip(bytes), 'Grid');
    const formulas = [...cells.values()].filter((c) => c.formula);
    const place = formulas.filter((c) => c.formula!.text.includes('GO_PLACE'));
    expect(place).toHaveLength(1);
    const anchor = place[0];
    const t = JSON.parse(readFileSync(source, 'utf8')) as { players: unknown[]; settings: { rounds: number } };
    const layout = gridLayout(t.settings.rounds, t.players.length);
    expect(columnNumber(letters(anchor.address))).toBe(layout.columns.place);
    expect(rowOf(anchor.address)).toBe(layout.firstPlayerRow);
    expect(anchor.attributes.cm).toBe('1');
    expect(anchor.formula!.attributes).toEqual({ t: 'array', ref: `${anchor.address}:${letters(anchor.address)}${layout.lastRow}` });
    expect(anchor.formula!.text).toBe(storedFormula(withCachedFallback(`GO.PLACE(TengenGrid,$A$${layout.firstPlayerRow}:$A$${layout.lastRow},,TengenSettings)`, PLACE_CACHE_NAME).slice(1)));
    expect(anchor.formula!.text).toContain(`_xldudf_GO_PLACE(TengenGrid,$A$${layout.firstPlayerRow}:$A$${layout.lastRow},,TengenSettings)`);
    // No other cell of the sheet holds a custom function; the scores stay plain formulas (no cm, no array).
    for (const c of formulas) if (c !== anchor) expect(c.attributes.cm).toBeUndefined();
    // Cached values: each player's line 1 holds the place `tengen standings` gives him; line 2 nothing.
    const placeById = new Map(standings.map((e) => [e.id, e.place]));
    for (let row = layout.firstPlayerRow; row <= layout.lastRow; row += 2) {
      const id = cells.get(`A${row}`)!.value as number;
      const shown = cells.get(`${letters(anchor.address)}${row}`)!;
      expect([id, shown.value]).toEqual([id, placeById.get(id)]);
      if (row > layout.firstPlayerRow) expect(shown.formula).toBeUndefined();
      expect(cells.get(`${letters(anchor.address)}${row + 1}`)?.value).toBeUndefined();
    }
  });

  it('the Standings sheet: one dynamic-array _xldudf_GO_STANDINGS, every cell of its spill cached, equal to `tengen standings`', async () => {
    const cells = await sheetCells(await openZip(bytes), 'Standings');
    const withFormula = [...cells.values()].filter((c) => c.formula);
    expect(withFormula).toHaveLength(1);
    const anchor = withFormula[0];
    expect(anchor.address).toBe('A3');
    expect(anchor.attributes.cm).toBe('1');
    expect(anchor.formula!.text).toBe(storedFormula(withCachedFallback('GO.STANDINGS(TengenGrid,,,,TengenSettings)', STANDINGS_CACHE_NAME).slice(1)));
    expect(anchor.formula!.text).toContain('_xldudf_GO_STANDINGS(TengenGrid,,,,TengenSettings)');
    const ref = parseRange(anchor.formula!.attributes.ref)!;
    expect(anchor.formula!.attributes.t).toBe('array');
    expect(ref.bottom - ref.top).toBe(standings.length);
    const at = (row: number, column: number): XmlCell | undefined => cells.get(`${columnLetter(column)}${row}`);
    const header = Array.from({ length: ref.right }, (_, c) => at(3, c + 1)?.value);
    expect(header.slice(0, 2)).toEqual(['Place', 'ID']);
    const criterionOf = new Map(Object.entries(CRITERION_LABEL).map(([k, label]) => [label, k]));
    standings.forEach((entry, i) => {
      const row = ref.top + 1 + i;
      expect(at(row, 1)!.value).toBe(entry.place);
      expect(at(row, 2)!.value).toBe(entry.id);
      header.forEach((label, c) => {
        const key = criterionOf.get(String(label));
        if (key && typeof entry[key] === 'number') expect([entry.id, label, at(row, c + 1)!.value]).toEqual([entry.id, label, entry[key]]);
      });
      // Spilled cells are values only, as Excel writes them.
      for (let c = 1; c <= ref.right; c++) if (row !== ref.top || c !== 1) expect(at(row, c)?.formula).toBeUndefined();
    });
  });

  it('the cached values are what the functions answer over the cells the names cover', async () => {
    const wb = await XlsxWorkbook.load(bytes);
    const zip = await openZip(bytes);
    const workbook = await part(zip, 'xl/workbook.xml');
    const rangeOf = (name: string) => parseRange(new RegExp(`<definedName name="${name}">[^!]*!([^<]*)<`).exec(workbook)![1].replace(/\$/g, ''))!;
    const within = (values: CellValue[][], r: ReturnType<typeof rangeOf>) =>
      Array.from({ length: r.bottom - r.top + 1 }, (_, i) => Array.from({ length: r.right - r.left + 1 }, (_, j) => values[r.top - 1 + i]?.[r.left - 1 + j] ?? null));
    const grid = within((await wb.readSheet('Grid'))!, rangeOf('TengenGrid'));
    const settings = within((await wb.readSheet('Settings'))!, rangeOf('TengenSettings'));
    const source = { sheet: 'Grid', settings, settingsSource: { sheet: 'Settings' } };

    const gridValues = (await wb.readSheet('Grid'))!;
    const gridFormulas = (await wb.readFormulas('Grid'))!;
    const anchorRow = gridFormulas.findIndex((row) => row.some((f) => f?.includes('GO.PLACE(')));
    const anchorColumn = gridFormulas[anchorRow].findIndex((f) => f?.includes('GO.PLACE('));
    const ids = gridValues.slice(anchorRow).map((row) => [row[0]]);
    const places = placeFormula(grid, ids, null, source);
    expect(places.map((row) => (row[0] === '' ? null : row[0]))).toEqual(gridValues.slice(anchorRow).map((row) => row[anchorColumn] ?? null));

    const table = standingsFormula(grid, undefined, undefined, null, source);
    const shown = (await wb.readSheet('Standings'))!.slice(2).map((row) => row.map((v) => v ?? ''));
    expect(shown).toEqual(table);
  });
});
