/**
 * The paper of a round and of the tournament, as the session's batches write it (seeds/mays-swiss-mcmahon-manual.txt,
 * Appendix B, "Forms Needed in a Swiss-McMahon Tournament"): for each round the pairing sheet, the result slips and —
 * when the pairing sheet runs over more than one page — the alphabetical table list; for the tournament the grid
 * poster and the prize ceremony's standings.
 */
import type { Round, Tournament } from '../../model/tournament';
import type { WorkbookOp } from '../adapters/adapter';
import { BRACKET_SHEET } from '../sheets/bracketSheet';
import { CEREMONY_SHEET } from '../sheets/ceremonySheet';
import type { GridLanguage } from '../cells/notation';
import { pairingsOps, pairingsSheetName, TABLES_PER_PAGE } from '../sheets/pairingsSheet';
import { POSTER_SHEET } from '../sheets/posterSheet';
import { slipsOps, slipsSheetName } from '../sheets/slipsSheet';
import { tablesOps, tablesSheetName } from '../sheets/tablesSheet';

export { CEREMONY_SHEET, ceremonyOps } from '../sheets/ceremonySheet';
export { POSTER_SHEET, posterOps } from '../sheets/posterSheet';

/**
 * The largest field a poster is written for: 200 players are 13 poster pages. Mays' posters hang in a row by the
 * director's table ("Doing the Paperwork"), and at 60 players he would "immediately abandon the tournament grid
 * posters" on paper ("Relative Importance of the Tournament Forms"); beyond a wall's worth the poster would double
 * the workbook's weight (every batch is checked and snapshotted whole) for pages nobody reads — the table list and
 * the standings serve a big field.
 */
export const POSTER_MAX_PLAYERS = 200;

/** Whether the tournament gets a poster (`POSTER_MAX_PLAYERS`). */
export function hasPoster(t: Tournament): boolean {
  return t.players.length <= POSTER_MAX_PLAYERS;
}

/**
 * A "big event" for the table list: more tables than one pairing sheet holds, so a player cannot find his name by
 * looking at one page.
 */
export function needsTableList(t: Tournament, round: Round): boolean {
  return t.games.filter((g) => g.round === round).length > TABLES_PER_PAGE;
}

/**
 * The sheets of a round's paper, in tab order. The table list and the slips are for the round about to be played:
 * `current` false (an earlier round, written with a whole tournament) gives the pairing sheet alone, the record.
 */
export function roundSheets(t: Tournament, round: Round, current = true): string[] {
  if (!current) return [pairingsSheetName(round)];
  return [pairingsSheetName(round), ...(needsTableList(t, round) ? [tablesSheetName(round)] : []), slipsSheetName(round)];
}

/**
 * Every sheet of a round's paper, written whole (a table list no longer needed, after pairing again, removed).
 * `withPairings` false: all but the pairing sheet (a round's batch renders that one with the grid, issue 28).
 */
export function roundPaperOps(t: Tournament, round: Round, language: GridLanguage = 'en', current = true, withPairings = true): WorkbookOp[] {
  const pairings = withPairings ? pairingsOps(t, round, language) : [];
  if (!current) return pairings;
  const tables: WorkbookOp[] = needsTableList(t, round) ? tablesOps(t, round, language) : [{ kind: 'delete-sheet', sheet: tablesSheetName(round) }];
  return [...pairings, ...tables, ...slipsOps(t, round, language)];
}

// A knockout gets a bracket sheet: said beside the sheet (../sheets/bracketSheet), whose reading needs it without the
// printouts' modules (issue 28).
export { hasBracket } from '../sheets/bracketSheet';

/** Sheets Tengen writes for the printer (replaced with the tournament). */
export function isPrintoutSheet(sheet: string): boolean {
  return /^(Pairings|Tables|Slips) R\d+$/.test(sheet) || sheet === POSTER_SHEET || sheet === CEREMONY_SHEET || sheet === BRACKET_SHEET;
}
