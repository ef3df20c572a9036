/**
 * Issue 9, case 1: a stale pane must not overwrite the Grid. The director types a result into the Grid, writes a
 * note beside it and a column of his own formulas; then a pane opened before all that records another result from
 * the scratch pad without re-reading. The typed result, the note and the formulas must survive (the batch is refused
 * or merged cell by cell), through the in-memory and the .xlsx adapter alike.
 */
import { WorkbookConflict } from '../../src/workbook/adapters/batch';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { cellAddress, parseCell } from '../../src/workbook/cells/address';
import { isPairingError } from '../../src/pairing/types';
import type { WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { pairRoundBatch, parseScratchPad, previewPairing, readSession, readTournament, resultsBatch, SessionRefusal } from '../../src/workbook/session';
import { value } from './fixtures';
import { ADAPTERS, cellNow, roundTwoOpen, typeInto, workbookOf } from './panes';

const TIME = '2026-05-16T11:00:00Z';

describe.each(ADAPTERS)('a stale pane over the %s workbook', (_name, make) => {
  test('a scratch-pad result keeps the typed result, the note beside the grid and the director’s formulas', async () => {
    const t0 = roundTwoOpen();
    const wb = await workbookOf(make, t0);
    const stale = value(await readSession(wb)); // the pane opens the Results step
    const t = stale.tournament;
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const ids: number[] = [...t.players].sort((a, b) => a.id - b.id).map((p) => p.id);
    const rowOf = (id: number) => layout.playerRow(ids.indexOf(id));
    const [typed, scratch] = t.games.filter((g) => g.round === 2);

    // The director, in Excel: a result typed on both lines, a note beside the grid, a column of his formulas.
    typeInto(wb, 'Grid', cellAddress(rowOf(typed.white), layout.resultColumn(2)), '+');
    typeInto(wb, 'Grid', cellAddress(rowOf(typed.black), layout.resultColumn(2)), '-');
    const noteColumn = layout.lastColumn + 2;
    typeInto(wb, 'Grid', cellAddress(layout.firstPlayerRow, noteColumn), 'Table 3 asked for a clock');
    const formulaColumn = layout.lastColumn + 3;
    for (let i = 0; i < 4; i++) typeInto(wb, 'Grid', cellAddress(layout.firstPlayerRow + i, formulaColumn), `=E${layout.firstPlayerRow + i}*2`);

    // The stale pane records the other game's result: the winner's ID on the scratch pad.
    const batch: WorkbookBatch = resultsBatch(t, 2, value(parseScratchPad(String(scratch.black))), { time: TIME });
    let refused: WorkbookConflict | undefined;
    try {
      await wb.apply(batch);
    } catch (e) {
      if (!(e instanceof WorkbookConflict)) throw e;
      refused = e;
    }

    expect(await cellNow(wb, 'Grid', rowOf(typed.white), layout.resultColumn(2))).toBe('+');
    expect(await cellNow(wb, 'Grid', rowOf(typed.black), layout.resultColumn(2))).toBe('-');
    expect(await cellNow(wb, 'Grid', layout.firstPlayerRow, noteColumn)).toBe('Table 3 asked for a clock');
    for (let i = 0; i < 4; i++) expect(await cellNow(wb, 'Grid', layout.firstPlayerRow + i, formulaColumn)).toBe(`=E${layout.firstPlayerRow + i}*2`);
    // Merged cell by cell: the cells the batch changed were not the typed ones, so both results are in.
    expect(refused).toBeUndefined();
    const now = value(await readTournament(wb));
    const result = (g: typeof typed) => now.games.find((x) => x.round === 2 && x.white === g.white)!.result;
    expect(result(typed)).toBe('white-wins');
    expect(result(scratch)).toBe('black-wins');
  });

  test('a stale pane recording the game the director typed is refused, naming the cells', async () => {
    const wb = await workbookOf(make, roundTwoOpen());
    const t = value(await readSession(wb)).tournament;
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const ids: number[] = [...t.players].sort((a, b) => a.id - b.id).map((p) => p.id);
    const game = t.games.find((g) => g.round === 2)!;
    const white = cellAddress(layout.playerRow(ids.indexOf(game.white)), layout.resultColumn(2));
    const black = cellAddress(layout.playerRow(ids.indexOf(game.black)), layout.resultColumn(2));
    typeInto(wb, 'Grid', white, '+');
    typeInto(wb, 'Grid', black, '-');
    const batch = resultsBatch(t, 2, [{ winner: game.black }], { time: TIME });
    await expect(wb.apply(batch)).rejects.toThrow(WorkbookConflict);
    await expect(wb.apply(batch)).rejects.toThrow(`the Grid changed since you opened this step (cells ${[white, black].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))).join(', ')}): re-read and check`);
    expect(await cellNow(wb, 'Grid', layout.playerRow(ids.indexOf(game.white)), layout.resultColumn(2))).toBe('+');
    // Re-read: the pane sees the typed result, and changing it is the director's call.
    const fresh = value(await readSession(wb)).tournament;
    expect(() => resultsBatch(fresh, 2, [{ winner: game.black }], { time: TIME })).toThrow(SessionRefusal);
  });

  test('one result writes a handful of cells, and no sheet is cleared', async () => {
    const wb = await workbookOf(make, roundTwoOpen());
    const t = value(await readSession(wb)).tournament;
    const game = t.games.find((g) => g.round === 2)!;
    const batch = resultsBatch(t, 2, [{ winner: game.white }], { time: TIME });
    expect(batch.ops.filter((op) => op.kind === 'clear')).toEqual([]);
    const written = batch.ops.flatMap((op) => (op.kind === 'write' || op.kind === 'append' ? op.cells.flat() : []));
    expect(written.length).toBeLessThanOrEqual(6); // two result cells, the pairing sheet's Result, a Log line of three
    await wb.apply(batch);
    expect(value(await readTournament(wb)).games.find((g) => g.round === 2 && g.white === game.white)!.result).toBe('white-wins');
  });
});

describe.each(ADAPTERS)('Pair Round over the %s workbook', (_name, make) => {
  test('writes only that round’s cells (and the scores, Victories and places they move), its new pairing sheet and Log lines', async () => {
    const full = roundTwoOpen();
    const t0 = { ...full, games: full.games.map((g) => (g.round === 2 ? { ...g, result: 'white-wins' as const } : g)) };
    const wb = await workbookOf(make, t0);
    const t = value(await readSession(wb)).tournament;
    const layout = gridLayout(t.settings.rounds, t.players.length);
    typeInto(wb, 'Grid', cellAddress(layout.firstPlayerRow, layout.lastColumn + 2), 'keep me');
    const preview = previewPairing(t, 3);
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    const batch = pairRoundBatch(t, preview.pairing, { expectedFingerprint: preview.fingerprint, time: TIME });
    // Cleared: the new pairing sheet and Tengen's own printouts of the round (slips, the grid poster), made anew whole,
    // and the prize ceremony the workbook has, which follows every batch that renders the grid (a bye scores: issue 25).
    expect(batch.ops.filter((op) => op.kind === 'clear').map((op) => op.sheet)).toEqual(['Pairings R3', 'Slips R3', 'Grid poster', 'Prize ceremony']);
    expect(batch.ops).toContainEqual({ kind: 'expect-missing', sheet: 'Pairings R3' });
    const columns = new Set<number>();
    for (const op of batch.ops) {
      if (op.kind !== 'write' || op.sheet !== 'Grid') continue;
      const at = parseCell(op.at)!;
      op.cells[0].forEach((_c, j) => columns.add(at.column + j));
    }
    const allowed = new Set([layout.opponentColumn(3), layout.colourColumn(3), layout.resultColumn(3), layout.columns.victories, layout.columns.place]);
    expect([...columns].filter((c) => !allowed.has(c))).toEqual([]);
    await wb.apply(batch);
    expect(await cellNow(wb, 'Grid', layout.firstPlayerRow, layout.lastColumn + 2)).toBe('keep me');
    expect(value(await readTournament(wb)).games.filter((g) => g.round === 3)).toHaveLength(preview.pairing.games.length);
  });
});
