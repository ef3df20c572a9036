/**
 * The cells one round's results change on the Grid, found directly (no rendering of the whole grid): each changed
 * game's two result cells, and the cached values of the formulas that read them — the players' scores after that
 * round and later, and their Victories. Issue 9: "A result is one or two cells, not a rebuilt sheet".
 *
 * The formulas themselves do not change with a result (the score after round r is `=<before> + points(<result>) +
 * <free points>`, grid.ts), so nothing is written to them: Excel recalculates, and a file gets their new values as
 * cached results (`cached-values`) for readers that do not recalculate. Place depends on every player and is left
 * to the next Pair Round and to Standings. When that does not hold — a free-point constant moves, a score cell is
 * not a formula any more, the grid has another shape than the tournament — this gives up (`undefined`) and the
 * session renders the whole sheet and writes what differs.
 */
import type { Tournament, Round } from '../model/tournament';
import { lastPlayedRound } from '../scoring/record';
import { buildScoreboard } from '../scoring/scoreboard';
import { computeStandings } from '../scoring/standings';
import type { ExpectedCell, WorkbookOp } from './adapter';
import { cellAddress, sheetCell } from './address';
import { readCell, type WorkbookRead } from './changes';
import { GRID_SHEET, gridLayout, pairedRounds, roundCells } from './grid';
import type { GridLanguage } from './notation';

export interface ResultChanges {
  readonly ops: WorkbookOp[];
  /** Result cells holding an entry the batch changes (`Grid!H16`, and what is there): the director's, to confirm. */
  readonly overwritten: readonly { readonly address: string; readonly value: string }[];
}

function sameArray(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function resultChanges(before: Tournament, after: Tournament, round: Round, language: GridLanguage, read: WorkbookRead): ResultChanges | undefined {
  const grid = read.get(GRID_SHEET);
  if (!grid || before.players.length !== after.players.length) return undefined;
  const shown = pairedRounds(before);
  if (pairedRounds(after) !== shown || round > shown) return undefined;
  const layout = gridLayout(before.settings.rounds, before.players.length, { language });
  const was = buildScoreboard(before, { asOf: shown });
  const will = buildScoreboard(after, { asOf: shown });
  const index = new Map(will.players.map((p, i) => [p.id, i]));
  if (was.players.some((p, i) => index.get(p.id) !== i)) return undefined;

  const previous = new Map(before.games.filter((g) => g.round === round).map((g) => [`${g.white}-${g.black}`, g.result]));
  const changed = new Set<number>();
  for (const g of after.games) {
    if (g.round !== round || previous.get(`${g.white}-${g.black}`) === g.result) continue;
    changed.add(index.get(g.white)!);
    changed.add(index.get(g.black)!);
  }

  const expected: ExpectedCell[] = [];
  const writes: WorkbookOp[] = [];
  const cached: WorkbookOp[] = [];
  const overwritten: { address: string; value: string }[] = [];
  const score = will.primary === 'mms' ? will.mmsAfter : will.nbwAfter;
  for (const i of [...changed].sort((a, b) => a - b)) {
    if (!sameArray(was.freeMmsAfter[i], will.freeMmsAfter[i]) || !sameArray(was.freeNbwAfter[i], will.freeNbwAfter[i])) return undefined;
    const line1 = layout.playerRow(i);
    const line2 = line1 + 1;
    const column = layout.resultColumn(round);
    const text = roundCells(will, will.rounds[i][round - 1], language)[2];
    if (text !== roundCells(was, was.rounds[i][round - 1], language)[2]) {
      const found = readCell(grid, line1, column);
      if (found.formula !== undefined) return undefined;
      if (found.value !== null && found.value !== '') overwritten.push({ address: sheetCell(GRID_SHEET, line1, column), value: String(found.value) });
      expected.push(found);
      writes.push({ kind: 'write', sheet: GRID_SHEET, at: cellAddress(line1, column), cells: [[text]] });
    }
    for (let r = round; r <= shown; r++) {
      if (readCell(grid, line2, layout.scoreColumn(r)).formula === undefined) return undefined;
      cached.push({ kind: 'cached-values', sheet: GRID_SHEET, at: cellAddress(line2, layout.scoreColumn(r)), values: [[score[i][r] / 2]] });
    }
    if (readCell(grid, line1, layout.columns.victories).formula === undefined) return undefined;
    cached.push({ kind: 'cached-values', sheet: GRID_SHEET, at: cellAddress(line1, layout.columns.victories), values: [[will.nbwAfter[i][shown] / 2]] });
  }
  const ops: WorkbookOp[] = [...(expected.length > 0 ? [{ kind: 'expect' as const, sheet: GRID_SHEET, cells: expected }] : []), ...writes, ...cached];
  return { ops, overwritten };
}

/**
 * The Grid's Place column brought up to date (Standings, the final copies): the cells whose place changed, each
 * expected as read. Undefined when the grid read has another shape than the tournament.
 */
export function placeChanges(t: Tournament, language: GridLanguage, read: WorkbookRead): WorkbookOp[] | undefined {
  const grid = read.get(GRID_SHEET);
  if (!grid) return undefined;
  const layout = gridLayout(t.settings.rounds, t.players.length, { language });
  const sb = buildScoreboard(t, { asOf: pairedRounds(t) });
  const places = new Map(lastPlayedRound(t) > 0 ? computeStandings(t).entries.map((e) => [e.player.id, e.place]) : []);
  const expected: ExpectedCell[] = [];
  const writes: WorkbookOp[] = [];
  for (let i = 0; i < sb.players.length; i++) {
    const p = sb.players[i];
    const row = layout.playerRow(i);
    if (grid.values[row - 1]?.[layout.columns.id - 1] !== p.id) return undefined;
    const place = places.get(p.id) ?? null;
    const found = readCell(grid, row, layout.columns.place);
    if (found.formula === undefined && (found.value ?? null) === place) continue;
    expected.push(found);
    writes.push({ kind: 'write', sheet: GRID_SHEET, at: cellAddress(row, layout.columns.place), cells: [[place]] });
  }
  return expected.length === 0 ? [] : [{ kind: 'expect', sheet: GRID_SHEET, cells: expected }, ...writes];
}
