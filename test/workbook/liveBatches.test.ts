/**
 * The batches keep the live workbook current (issue 10, "the grid range the formulas read is a defined name the pane
 * keeps up to date … resized when players or rounds are added"): through the session API on an in-memory workbook,
 * typing the last round's results refreshes the Standings table and the Place spill (their cached values), and a
 * latecomer registered after round 1 grows `TengenGrid` and the Place formula's ID range by his two lines.
 */
import { computeStandings } from '../../src/scoring/standings';
import { parseRange } from '../../src/workbook/cells/address';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { PLACE_CACHE_NAME, STANDINGS_CACHE_NAME, withCachedFallback } from '../../src/workbook/formulas/names';
import { liveValuesBatch, parsePlayerList, readTournament, registerPlayersBatch, resultsBatch } from '../../src/workbook/session';
import { importedWithoutLastResults, value } from './fixtures';

const TIME = '2026-05-16T09:00:00Z';


describe('live formulas through the batches', () => {
  it('results typed, then the live values refreshed (as before a save): the Standings table and the Place spill hold the new standings', async () => {
    const { wb, full } = await importedWithoutLastResults();
    const before = (await wb.readSheet('Standings'))!.slice(3).map((row) => row[1]);
    const read = value(await readTournament(wb));
    const last = full.settings.rounds;
    const results = full.games.filter((g) => g.round === last).map((g) => ({ player: g.white, result: g.result }));
    await wb.apply(resultsBatch(read, last, results, { time: TIME }));
    // A result alone leaves the live formulas to Excel (a handful of cells, issue 9); before a file is saved, the page
    // brings their cached values up to date.
    await wb.apply(liveValuesBatch(value(await readTournament(wb))));

    const expected = computeStandings(full).entries;
    const table = (await wb.readSheet('Standings'))!;
    const formulas = (await wb.readFormulas('Standings'))!;
    expect(formulas[2][0]).toBe(withCachedFallback('=GO.STANDINGS(TengenGrid,,,,TengenSettings)', STANDINGS_CACHE_NAME));
    expect(table.slice(3).map((row) => [row[0], row[1]])).toEqual(expected.map((e) => [e.place, e.player.id]));
    // The results changed the order: the cached table was really rewritten.
    expect(table.slice(3).map((row) => row[1])).not.toEqual(before);

    const layout = gridLayout(full.settings.rounds, full.players.length);
    const grid = (await wb.readSheet('Grid'))!;
    for (const e of expected) {
      const row = grid.findIndex((r, i) => i >= layout.firstPlayerRow - 1 && r[0] === e.player.id);
      expect([e.player.id, grid[row][layout.columns.place - 1]]).toEqual([e.player.id, e.place]);
    }
  });

  it('a latecomer registered: TengenGrid and the Place formula grow by his two lines', async () => {
    const { wb, full } = await importedWithoutLastResults();
    const rangeOf = () => parseRange(wb.names.get('tengengrid')!.range)!;
    const placeFormula = async () => (await wb.readFormulas('Grid'))!.flat().find((f) => f?.includes('GO.PLACE('));
    const before = rangeOf();
    const settingsRange = wb.names.get('tengensettings')!.range;
    expect(settingsRange).toMatch(/^A1:B\d+$/);
    expect(await placeFormula()).toBe(withCachedFallback(`=GO.PLACE(TengenGrid,$A$16:$A$${before.bottom},,TengenSettings)`, PLACE_CACHE_NAME));
    const read = value(await readTournament(wb));
    await wb.apply(registerPlayersBatch(read, value(parsePlayerList('Late, Comer\t2k\tLaval')), { time: TIME }));
    const after = rangeOf();
    expect(after).toEqual({ ...before, bottom: before.bottom + 2 });
    expect(await placeFormula()).toBe(withCachedFallback(`=GO.PLACE(TengenGrid,$A$16:$A$${after.bottom},,TengenSettings)`, PLACE_CACHE_NAME));
    expect(wb.names.get('tengensettings')).toEqual({ name: 'TengenSettings', sheet: 'Settings', range: settingsRange });
    // A batch that rewrites the grid touches the grid's sheets only: the Settings name stays as the import set it.
    expect(full.players.length + 1).toBe(value(await readTournament(wb)).players.length);
  });
});
