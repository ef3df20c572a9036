/**
 * The hidden cache sheets behind the live spills' fallback (src/workbook/formulas/formulas/liveCache.ts; the fallback itself in
 * names.ts, `withCachedFallback`, and in LibreOffice in test/e2e/libreoffice.test.ts). What matters: after every
 * Tengen batch that refreshes the live values, the copies equal what the names cover on the live sheets — else a
 * spreadsheet without the add-in would show `#N/A` although nothing changed — and after a result alone (the quick
 * path, a handful of cells) they differ, so it shows `#N/A` rather than the old places.
 */
import JSZip from 'jszip';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { parseRange } from '../../src/workbook/cells/address';
import { GRID_CACHE_SHEET, gridCacheOps, SETTINGS_CACHE_SHEET, STANDINGS_CACHE_SHEET, standingsCacheOps } from '../../src/workbook/formulas/liveCache';
import { standingsOps } from '../../src/workbook/sheets/standingsSheet';
import type { WorkbookOp } from '../../src/workbook/adapters/adapter';
import { gridOps } from '../../src/workbook/sheets/grid';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { finalizeBatch, importBatch, liveValuesBatch, parsePlayerList, readTournament, registerPlayersBatch, resultsBatch, standingsBatch } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { example, generated, importedWithoutLastResults, value } from './fixtures';

const TIME = '2026-05-16T09:00:00Z';


/** The text of each cell a name covers (`&""`, as the fallback compares them). */
async function covered(wb: MemoryWorkbook, name: string): Promise<string[][]> {
  const { sheet, range } = wb.names.get(name.toLowerCase())!;
  const r = parseRange(range)!;
  const values = (await wb.readSheet(sheet)) ?? [];
  const text = (v: CellValue | undefined) => (v === null || v === undefined ? '' : String(v));
  return Array.from({ length: r.bottom - r.top + 1 }, (_, i) => Array.from({ length: r.right - r.left + 1 }, (_, j) => text(values[r.top - 1 + i]?.[r.left - 1 + j])));
}

async function consistent(wb: MemoryWorkbook): Promise<boolean> {
  const same = async (a: string, b: string) => JSON.stringify(await covered(wb, a)) === JSON.stringify(await covered(wb, b));
  return (await same('TengenGrid', 'TengenGridCache')) && (await same('TengenSettings', 'TengenSettingsCache'));
}

/** The live Place column's values, from the first player's line to the last. */
async function livePlaces(wb: MemoryWorkbook): Promise<string[][]> {
  const { range } = wb.names.get('tengenplacecache')!;
  const values = (await wb.readSheet('Grid'))!;
  const r = parseRange(range)!;
  return values.slice(r.top - 1, r.bottom).map((row) => [row[r.left - 1] === null || row[r.left - 1] === undefined ? '' : String(row[r.left - 1])]);
}

describe('the hidden cache sheets of the live spills', () => {
  it('a tournament written: the three sheets, hidden, their copies equal to the live sheets', async () => {
    const { wb } = await importedWithoutLastResults();
    for (const sheet of [GRID_CACHE_SHEET, SETTINGS_CACHE_SHEET, STANDINGS_CACHE_SHEET]) expect(wb.sheets.get(sheet)?.hidden).toBe(true);
    expect(await consistent(wb)).toBe(true);
    expect(await covered(wb, 'TengenPlaceCache')).toEqual(await livePlaces(wb));
    expect(await covered(wb, 'TengenStandingsCache')).toEqual((await wb.readSheet('Standings'))!.slice(2).map((row) => row.map((v) => (v === null ? '' : String(v)))));
  });

  it('a result alone leaves the copies behind (the fallback shows #N/A); the live values refreshed bring them back in step', async () => {
    const { wb, full } = await importedWithoutLastResults();
    const last = full.settings.rounds;
    const results = full.games.filter((g) => g.round === last).map((g) => ({ player: g.white, result: g.result }));
    await wb.apply(resultsBatch(value(await readTournament(wb)), last, results, { time: TIME }));
    expect(await consistent(wb)).toBe(false);
    await wb.apply(liveValuesBatch(value(await readTournament(wb))));
    expect(await consistent(wb)).toBe(true);
    expect(await covered(wb, 'TengenPlaceCache')).toEqual(await livePlaces(wb));
    const standings = (await wb.readSheet('Standings'))!.slice(2).map((row) => row.map((v) => (v === null ? '' : String(v))));
    expect(await covered(wb, 'TengenStandingsCache')).toEqual(standings);
  });

  it('a batch that renders the workbook (a latecomer registered) after a result alone brings them in step', async () => {
    const { wb, full } = await importedWithoutLastResults();
    const last = full.settings.rounds;
    const results = full.games.filter((g) => g.round === last).map((g) => ({ player: g.white, result: g.result }));
    await wb.apply(resultsBatch(value(await readTournament(wb)), last, results, { time: TIME }));
    expect(await consistent(wb)).toBe(false);
    await wb.apply(registerPlayersBatch(value(await readTournament(wb)), value(parsePlayerList('Late, Comer\t2k\tLaval')), { time: TIME }));
    expect(await consistent(wb)).toBe(true);
    expect(await covered(wb, 'TengenPlaceCache')).toEqual(await livePlaces(wb));
  });

  it('Standings and Finalize bring them in step too', async () => {
    const { wb, full } = await importedWithoutLastResults();
    const last = full.settings.rounds;
    const results = full.games.filter((g) => g.round === last).map((g) => ({ player: g.white, result: g.result }));
    await wb.apply(resultsBatch(value(await readTournament(wb)), last, results, { time: TIME }));
    await wb.apply(standingsBatch(value(await readTournament(wb))));
    expect(await consistent(wb)).toBe(true);
    await wb.apply(finalizeBatch(value(await readTournament(wb)), { time: TIME }));
    expect(await consistent(wb)).toBe(true);
    expect(await covered(wb, 'TengenPlaceCache')).toEqual(await livePlaces(wb));
  });

  it('the .xlsx file marks them hidden (<sheet state="hidden">) and the CLI-facing sheets visible', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(example(), { time: TIME }));
    const zip = await JSZip.loadAsync(await wb.save());
    const workbook = await zip.file('xl/workbook.xml')!.async('string');
    const states = [...workbook.matchAll(/<sheet [^>]*name="([^"]+)"[^>]*>/g)].map((m) => [m[1].replace(/&apos;/g, "'"), /state="hidden"/.test(m[0])]);
    expect(states.filter(([, hidden]) => hidden).map(([name]) => name)).toEqual([GRID_CACHE_SHEET, SETTINGS_CACHE_SHEET, STANDINGS_CACHE_SHEET]);
    expect(states.find(([name]) => name === 'Grid')![1]).toBe(false);
  });

  it("the grid's copy is the grid's own ops, values only, kept to the sheet, its clearing and its values (built without the grid's formats, widths and print settings)", async () => {
    const { full } = await importedWithoutLastResults();
    const lastOut = { ...full, games: full.games.filter((g) => g.round < full.settings.rounds) };
    for (const [t, language] of [[example(), 'en'], [example(), 'fr'], [full, 'en'], [lastOut, 'fr'], [generated(25, 3, 7), 'en'], [{ ...example(), games: [], byes: [] }, 'en']] as const) {
      const fromGrid = gridOps(t, { sheet: GRID_CACHE_SHEET, language, valuesOnly: true }).flatMap((op): WorkbookOp[] =>
        op.kind === 'ensure-sheet' ? [{ kind: 'ensure-sheet', sheet: GRID_CACHE_SHEET, hidden: true }] : op.kind === 'clear' || op.kind === 'write' ? [op] : [],
      );
      expect(gridCacheOps(t, language).filter((op) => op.kind !== 'define-name')).toEqual(fromGrid);
    }
  });

  it("the Standings copy is the Standings sheet's own ops (not live), kept to the sheet, its clearing and its values", async () => {
    const { full } = await importedWithoutLastResults();
    const lastOut = { ...full, games: full.games.filter((g) => g.round < full.settings.rounds) };
    for (const [t, ruleset] of [[example(), undefined], [example(), 'egf'], [full, undefined], [lastOut, 'bga'], [generated(25, 3, 7), undefined]] as const) {
      const fromSheet = standingsOps(t, ruleset, STANDINGS_CACHE_SHEET, false).flatMap((op): WorkbookOp[] =>
        op.kind === 'ensure-sheet' ? [{ kind: 'ensure-sheet', sheet: STANDINGS_CACHE_SHEET, hidden: true }] : op.kind === 'clear' || op.kind === 'write' ? [op] : [],
      );
      expect(standingsCacheOps(t, ruleset).filter((op) => op.kind !== 'define-name')).toEqual(fromSheet);
    }
  });
});
