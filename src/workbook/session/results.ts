/**
 * Results: the scratch pad, a round's results written into the Grid and its pairing sheet, and the live values.
 */
import { failed, ok, type Parsed } from '../../model/errors';
import { playerLabel, type Game, type GameResult, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import type { WorkbookBatch, WorkbookOp } from '../adapters/adapter';
import { resultChanges } from '../cells/resultCells';
import { readScratchPad, resultOfMark } from '../cells/scratchPad';
import { hasBracket } from '../print/printouts';
import { GRID_SHEET, gridOps, sharingGridRenders } from '../sheets/grid';
import { type LogLine } from '../sheets/logSheet';
import { STANDINGS_SHEET, standingsOps } from '../sheets/standingsSheet';
import { teamSheetsOps } from '../sheets/teamSheets';
import { cacheChanges, liveCacheOps, logAppendOps, tournamentBatch } from './batchSupport';
import { sheetChanges } from './changes';
import { contextOf, type SessionOptions, SessionRefusal } from './context';
import { derivedSheetsOps, leftByResults } from './derivedSheets';
import { overwrites, refuseOverwrites } from './overwrites';

/**
 * A reported result. Mays, "Two Useful Aids When Game Results Are Reported": "writing down the ID number of the
 * winner (and only of the winner) on a separate piece of paper" — `{ winner }` (with `byDefault` for a default
 * win); any EGF result by table or by either player (`{ table, result }`, `{ player, result }`: jigo, both lose by
 * default, …; `unknown` takes a result back).
 */
export type ResultInput =
  | { readonly winner: PlayerId; readonly byDefault?: boolean }
  | { readonly table: number; readonly result: GameResult }
  | { readonly player: PlayerId; readonly result: GameResult };

/**
 * The scratch pad as typed (src/workbook/cells/scratchPad.ts, the one reader of its notation): winners' IDs separated by
 * spaces or commas; `12!` a default win of 12, `12=` a jigo at 12's table, `12=!` a jigo by default, `12-!` both
 * lose by default, `12+!` both win by default at 12's table, `12?` that game's result taken back. Errors name the
 * line and the entry ("line 2: "7x": not a result …").
 */
export function parseScratchPad(text: string): Parsed<ResultInput[]> {
  const read = readScratchPad(text);
  if (!read.ok) return failed(read.errors.map((e) => ({ ...(e.line !== undefined ? { line: e.line } : {}), message: `"${e.entry}": ${e.message}` })));
  return ok(
    read.value.map(({ player, mark }): ResultInput => {
      if (mark === '') return { winner: player };
      if (mark === '!') return { winner: player, byDefault: true };
      // The other marks say the same of both players, whichever colour the entry names.
      return { player, result: resultOfMark(mark, 'white') };
    }),
  );
}

/** The round's results written into the grid (scores and places follow), its pairing sheet and the Log. */
export function resultsBatch(t: Tournament, round: Round, results: readonly ResultInput[], options: SessionOptions = {}): WorkbookBatch {
  // Where the grid is diffed whole (below), each tournament's grid rendered once for the overwrite check and the diff.
  return sharingGridRenders(() => resultsBatchNow(t, round, results, options));
}

function resultsBatchNow(t: Tournament, round: Round, results: readonly ResultInput[], options: SessionOptions): WorkbookBatch {
  const ctx = contextOf(t, options);
  const games = t.games.filter((g) => g.round === round);
  const set = new Map<Game, GameResult>();
  const lines: LogLine[] = [];
  for (const input of results) {
    let game: Game | undefined;
    let result: GameResult;
    if ('winner' in input) {
      game = games.find((g) => g.white === input.winner || g.black === input.winner);
      if (!game) {
        const bye = t.byes.some((b) => b.round === round && b.player === input.winner);
        throw new SessionRefusal('invalid', bye ? `${playerLabel(t, input.winner)} has the bye in round ${round}: there is no result to enter` : `${playerLabel(t, input.winner)} has no game in round ${round}`);
      }
      const white = game.white === input.winner;
      result = input.byDefault ? (white ? 'white-wins-by-default' : 'black-wins-by-default') : white ? 'white-wins' : 'black-wins';
    } else if ('table' in input) {
      game = games.find((g) => g.table === input.table);
      if (!game) throw new SessionRefusal('invalid', `round ${round} has no table ${input.table}`);
      result = input.result;
    } else {
      game = games.find((g) => g.white === input.player || g.black === input.player);
      if (!game) throw new SessionRefusal('invalid', `${playerLabel(t, input.player)} has no game in round ${round}`);
      result = input.result;
    }
    const before = set.get(game);
    if (before !== undefined && before !== result) {
      throw new SessionRefusal('invalid', `two different results for ${playerLabel(t, game.white)} – ${playerLabel(t, game.black)} in round ${round}: ${before} and ${result}`);
    }
    set.set(game, result);
    lines.push({ round, what: `Result: ${playerLabel(t, game.white)} White – ${playerLabel(t, game.black)} Black: ${result}${game.result !== 'unknown' && game.result !== result ? ` (was ${game.result})` : ''}` });
  }
  const after: Tournament = { ...t, games: t.games.map((g) => (set.has(g) ? { ...g, result: set.get(g)! } : g)) };
  const label = `Results of round ${round}`;
  // The tournament as read, unchanged: its result cells are found directly (a handful of cells, fast on any grid).
  // Not for a round-robin: its Cross-table's result cells follow each result too (they are what its Points and Place
  // formulas read); nor a knockout, whose bracket moves its winners right with every result: the sheets are diffed whole.
  const quick = ctx.exact && ctx.read && t.settings.system !== 'round-robin' && !hasBracket(t) ? resultChanges(t, after, round, ctx.language, ctx.read) : undefined;
  if (!options.confirmOverwrite) {
    if (quick) refuseOverwrites(quick.overwritten.map((c) => ({ ...c, field: 'result' })), `These results of round ${round}`);
    else refuseOverwrites(overwrites(t, after, ctx.language, new Set()), `These results of round ${round}`);
  }
  // A team tournament's Team matches and Team standings are computed from the board results: made anew with them
  // (Tengen's own sheets, a few dozen rows), so the team table a director posts is never behind the grid.
  const teamSheets = teamSheetsOps(after);
  // The derived sheets the round's last result moves (derivedSheets.ts, `leftByResults`: not on every result).
  const skip = leftByResults(after, round, teamSheets);
  if (quick) return { label, ops: [...quick.ops, ...teamSheets, ...derivedSheetsOps(after, ctx, skip), ...logAppendOps(lines, ctx)] };
  return tournamentBatch(t, after, label, lines, ctx, { rounds: [round], confirmOverwrite: options.confirmOverwrite, extra: teamSheets, derivedLeft: skip });
}

/**
 * The cached values of the live formulas (the Grid's Place spill, the Standings spill, the scores and Victories)
 * brought to the engine's, for readers that do not recalculate: what the standalone page does before it saves a file
 * ("every formula is written with its current value", issue 10). A result alone leaves them to Excel, which
 * recalculates (one result stays a handful of cells, issue 9). Each sheet is diffed against what was read, so only a
 * spill whose values moved is written again, as one unit; nothing the director typed is touched.
 */
export function liveValuesBatch(t: Tournament, options: SessionOptions = {}): WorkbookBatch {
  const ctx = contextOf(t, options);
  const ops: WorkbookOp[] = [];
  const withStandings = ctx.read?.has(STANDINGS_SHEET) ?? false;
  for (const [sheet, render] of [
    [GRID_SHEET, () => gridOps(t, { language: ctx.language })],
    [STANDINGS_SHEET, () => standingsOps(t)],
  ] as const) {
    const read = ctx.read?.get(sheet);
    if (!read) continue;
    const ops0 = render();
    ops.push(...sheetChanges(sheet, ops0, ops0, read).ops.filter((op) => op.kind !== 'ensure-sheet' && op.kind !== 'define-name'));
  }
  if (ctx.read?.has(GRID_SHEET)) ops.push(...cacheChanges(ctx.read, liveCacheOps(t, ctx.language, withStandings)));
  // The derived sheets too (poster, ceremony, European results, team sheets): a file saved now shows them right.
  ops.push(...derivedSheetsOps(t, ctx));
  return { label: 'Live values', ops };
}
