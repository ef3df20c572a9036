/**
 * Issue 25, item 2, the pane's half: in Excel the poster's live cells are formulas that Excel recalculates (the
 * page's and the CLI's halves, where nothing recalculates, are test/workbook/derivedSheets.test.ts). Over the fake
 * Excel of test/addin (office-addin-mock ranges; it stores formulas and does not calculate), after the last round's
 * results typed through the pane's adapter and nothing else:
 *  - every live cell of the poster is `=IF(Grid!X="","",Grid!X)` of its own address, and the Grid's cell there holds,
 *    as Excel computes it (the engine's value of that cell: what GO.PLACE and the score formulas answer,
 *    test/addin/functions.test.ts), what `tengen standings` gives — place, wins, score;
 *  - the ceremony (values, made anew by the batch that completes the round) equals the one the finished tournament
 *    renders.
 */
// office-addin-mock needs only the OfficeApp enum from office-addin-manifest (see officeAdapter.test.ts).
jest.mock('office-addin-manifest', () => jest.requireActual('office-addin-manifest/lib/officeApp'));

import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { CellValue, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { cellAddress } from '../../src/workbook/cells/address';
import type { Tournament } from '../../src/model/tournament';
import { CEREMONY_SHEET, ceremonyOps, POSTER_SHEET } from '../../src/workbook/print/printouts';
import { gridCells, gridLayout } from '../../src/workbook/sheets/grid';
import { importBatch, readTournament, resultsBatch } from '../../src/workbook/session';
import { OfficeWorkbook } from '../../taskpane/officeAdapter';
import { example, value } from '../workbook/fixtures';
import { FakeExcel } from './fakeExcel';

const ROOT = path.resolve(__dirname, '..', '..');
const TIME = '2026-05-16T09:00:00Z';

describe('the derived sheets in the pane (Excel recalculates the poster; the ceremony is written)', () => {
  it('after the last result: the poster reads the Grid cell by cell, and the Grid and the ceremony say what `tengen standings` says', async () => {
    const full = example();
    const last = full.settings.rounds;
    const partial: Tournament = { ...full, games: full.games.map((g) => (g.round === last ? { ...g, result: 'unknown' } : g)) };
    const wb = new OfficeWorkbook(new FakeExcel({ Sheet1: [] }));
    await wb.apply(importBatch(partial, { time: TIME }));
    const results = full.games.filter((g) => g.round === last).map((g) => ({ player: g.white, result: g.result }));
    await wb.apply(resultsBatch(value(await readTournament(wb)), last, results, { time: TIME }));

    // The Grid as Excel computes it: the engine's value of each cell of the tournament now in the workbook.
    const now = value(await readTournament(wb));
    const excelGrid = gridCells(now).map((row) => row.map((c) => (c !== null && typeof c === 'object' ? (c.value ?? null) : c)));
    const layout = gridLayout(now.settings.rounds, now.players.length);
    const formulas = (await wb.readFormulas(POSTER_SHEET))!;
    const posterValues = (await wb.readSheet(POSTER_SHEET))!;
    /** The poster cell's value as Excel computes it: its formula must be the IF of the Grid cell it names. */
    const computed = (row: number, column: number): CellValue => {
      const f = formulas[row - 1][column - 1];
      if (f === null) return posterValues[row - 1][column - 1];
      const m = /^=IF\(Grid!([A-Z]+\d+)="","",Grid!([A-Z]+\d+)\)$/.exec(f);
      expect(m && m[1] === m[2]).toBeTruthy();
      const gridRow = row - 4 + layout.firstPlayerRow - 1;
      expect(m![1]).toBe(cellAddress(gridRow, column)); // the same player's line, the same column
      return excelGrid[gridRow - 1][column - 1] ?? '';
    };
    const cli = JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'bin', 'tengen.js'), 'standings', path.join(ROOT, 'examples', 'quebec-open-mini.json'), '--json'], { encoding: 'utf8' })) as {
      id: number;
      place: number;
      nbw: number;
      mms: number;
    }[];
    const shown = new Map<number, { place: CellValue; wins: CellValue; score: CellValue }>();
    for (let row = 5; row <= posterValues.length; row += 2) {
      const id = posterValues[row - 1][0];
      if (typeof id !== 'number') continue;
      shown.set(id, { place: computed(row, layout.columns.place), wins: computed(row, layout.columns.victories), score: computed(row + 1, layout.scoreColumn(last)) });
      for (let r = 1; r <= last; r++) computed(row, layout.resultColumn(r)); // every result cell is the Grid's
    }
    expect(cli.map((s) => ({ id: s.id, ...shown.get(s.id) }))).toEqual(cli.map((s) => ({ id: s.id, place: s.place, wins: s.nbw, score: s.mms })));

    const ceremony = ceremonyOps(full).find((op): op is WorkbookOp & { kind: 'write' } => op.kind === 'write')!.cells;
    const read = (await wb.readSheet(CEREMONY_SHEET))!;
    ceremony.forEach((row, r) => row.forEach((c, j) => expect([r + 1, j + 1, read[r]?.[j] ?? null]).toEqual([r + 1, j + 1, c === '' ? null : c])));
  });
});
