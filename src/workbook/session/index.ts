/**
 * The workbook session (one file per wizard action, this index their one entry): what the task pane wizard (and the CLI) call. Reading gives the tournament the workbook
 * holds; every action returns one `WorkbookBatch` — pure data, applied by the adapter all at once after the
 * director confirms it — or refuses with a `SessionRefusal` saying why and naming the cells concerned.
 *
 * "Never overwrite a director's entries silently" (DEVELOPERS.md): every batch compares the grid's input cells
 * before and after (title block, each player's line 1, the section names, each round's opponent, colour and
 * result — matched by player and round, not by address, so a new player shifting the rows is no change) and is
 * refused, naming the cells, when a non-empty cell would change, unless the caller says the overwrite is confirmed.
 *
 * Writes touch only the cells they change (`changes.ts`): a batch renders the sheets it concerns as they were read
 * and as they will be, and writes the cells that differ, each expected (an `expect` op the adapter checks in the
 * same apply, before writing anything) to hold what `readSession` read — so a result the director typed since, or
 * another pane's write, refuses the batch ("the Grid changed since you opened this step (cells H16, K22): re-read
 * and check") instead of being overwritten, and notes, formulas and columns the director added are never cleared.
 * A result is its two result cells (`resultChanges`), the formulas' cached values, its pairing sheet's Result cell
 * and Log lines; the Place column is left to Pair Round and Standings (it depends on every player). The Log grows by
 * `append`. Sheets written whole: a new tournament or an import (the director confirmed replacing one), a round's
 * pairing sheet made anew, Standings and the final copies — each expected to be as read, or missing.
 */
export { SessionRefusal, fingerprint } from './context';
export type { RefusalCode, SessionOptions } from './context';
export { readSession, readTournament, gridValue, sessionReadBefore } from './read';
export type { WorkbookSession } from './read';
export { importOpenGotha } from './newTournament';
export type { NewTournamentInfo, ImportOptions } from './newTournament';
export { parsePlayerList } from './players';
export type { NewPlayer } from './players';
export type { AbsenceChange } from './absences';
export { withoutRound, previewPairing, partlyPairedRound } from './pair';
export type { PairingSystem, PairingPreview, PairRoundOptions } from './pair';
export { parseScratchPad } from './results';
export type { ResultInput } from './results';
export { resultChangeWarnings, latecomerWarnings } from './warnings';
export type { ResultChange } from './warnings';
export { FINAL_GRID_SHEET, FINAL_STANDINGS_SHEET } from './finalize';

import type { WorkbookBatch } from '../adapters/adapter';
import { paperOf, withPaper } from '../print/paper';
import { absencesBatch as absences } from './absences';
import { finalizeBatch as finalize } from './finalize';
import { newTournamentBatch as newTournament, type NewTournamentInfo } from './newTournament';
import { papered } from './papered';
import { pairRoundBatch as pair } from './pair';
import { registerPlayersBatch as registerPlayers } from './players';
import { liveValuesBatch as liveValues, resultsBatch as results } from './results';
import { barBatch as bar, sectionsBatch as sections } from './sections';
import { standingsBatch as standings } from './standings';
import { pairPlayoffBatch as pairPlayoff } from './playoff';

// Every batch's printed sheets set up for the tournament's paper (./papered.ts, with the import batch).
export { importBatch } from './papered';
export const registerPlayersBatch = papered(registerPlayers);
export const sectionsBatch = papered(sections);
export const barBatch = papered(bar);
export const absencesBatch = papered(absences);
export const pairRoundBatch = papered(pair);
export const resultsBatch = papered(results);
export const liveValuesBatch = papered(liveValues);
export const standingsBatch = papered(standings);
export const pairPlayoffBatch = papered(pairPlayoff);
export const finalizeBatch = papered(finalize);
export function newTournamentBatch(info: NewTournamentInfo): WorkbookBatch {
  return withPaper(newTournament(info), paperOf({ settings: info.settings, players: info.players ?? [] }));
}
