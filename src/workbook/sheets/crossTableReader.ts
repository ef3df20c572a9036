/**
 * Reading a round-robin's cross-table back (./crossTableSheet.ts): the rows give each player's pairing number and ID,
 * the cells the games — both players' cells must agree (one won with Black, the other lost with White). Each game's
 * round is the round of the tournament's table (src/systems/round-robin/roundRobin.ts) in which the two numbers meet, in the cycle
 * the entry stands for (the first entry of a cell is the first cycle).
 */
import { failed, ok, type InputError, type Parsed } from '../../model/errors';
import type { Game, PlayerId, Tournament } from '../../model/tournament';
import { playerLabel } from '../../model/tournament';
import { roundRobinRounds, roundRobinTable } from '../../systems/round-robin/roundRobin';
import type { CellValue } from '../adapters/adapter';
import { sheetCell } from '../cells/address';
import { CROSS_TABLE_HEADER, CROSS_TABLE_LEAD_COLUMNS, CROSS_TABLE_SHEET } from './crossTableSheet';
import { parseCell, resultOf, type CrossEntry } from '../cells/crossTableNotation';

/** The round of cycle `cycle` in which numbers a and b meet. */
function roundOf(t: Tournament, a: number, b: number, cycle: number): number | undefined {
  const n = t.players.length;
  const schedule = t.settings.schedule ?? 'berger';
  const perCycle = roundRobinRounds(n, schedule);
  for (let r = (cycle - 1) * perCycle + 1; r <= cycle * perCycle; r++) {
    if (roundRobinTable(n, r, schedule).pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) return r;
  }
  return undefined;
}

/**
 * The tournament with the cross-table's pairing numbers and games (replacing its games); every problem named by
 * sheet!cell and player.
 */
export function readCrossTable(values: readonly (readonly CellValue[])[], t: Tournament, sheet = CROSS_TABLE_SHEET): Parsed<Tournament> {
  const headerIndex = values.findIndex((row) => CROSS_TABLE_HEADER.every((h, i) => String(row[i] ?? '').trim() === h));
  if (headerIndex < 0) return failed([{ where: `${sheet}!A1`, message: `no header row ${CROSS_TABLE_HEADER.join(' | ')} | 1 | 2 | …: not a Tengen cross-table` }]);
  const errors: InputError[] = [];
  const at = (row: number, column: number) => sheetCell(sheet, headerIndex + 2 + row, CROSS_TABLE_LEAD_COLUMNS + 1 + column);
  const rows = values.slice(headerIndex + 1).filter((row) => row[1] !== null && row[1] !== '' && row[1] !== undefined);
  const n = rows.length;
  const ids: PlayerId[] = [];
  rows.forEach((row, i) => {
    const id = Number(row[1]);
    if (Number(row[0]) !== i + 1) errors.push({ where: sheetCell(sheet, headerIndex + 2 + i, 1), message: `pairing number ${String(row[0])}: expected ${i + 1} (the rows in pairing-number order)` });
    if (!t.players.some((p) => p.id === id)) errors.push({ where: sheetCell(sheet, headerIndex + 2 + i, 2), message: `ID ${String(row[1])} is not a registered player` });
    ids.push(id as PlayerId);
  });
  if (n !== t.players.length) errors.push({ where: `${sheet}!B${headerIndex + 2}`, message: `${n} players in the cross-table, ${t.players.length} registered` });
  if (errors.length) return failed(errors);
  const entries: CrossEntry[][][] = rows.map((row, i) =>
    ids.map((_, j) => {
      const raw = row[CROSS_TABLE_LEAD_COLUMNS + j];
      const parsed = parseCell(raw === null || raw === undefined ? '' : String(raw));
      if (!parsed.ok) {
        errors.push({ where: at(i, j), player: playerLabel(t, ids[i]), message: `"${parsed.bad}" is not a result: expected e.g. 1b, 0w, ½b, +w, -b (result, then colour)` });
        return [];
      }
      return parsed.entries;
    }),
  );
  const games: Game[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const mine = entries[i][j];
      const theirs = entries[j][i];
      const where = `${at(i, j)} and ${at(j, i)}`;
      const players = `${playerLabel(t, ids[i])} – ${playerLabel(t, ids[j])}`;
      if (mine.length !== theirs.length) {
        errors.push({ where, player: players, message: `${mine.length} game${mine.length === 1 ? '' : 's'} on one side, ${theirs.length} on the other: each game is written in both players' cells` });
        continue;
      }
      mine.forEach((m, c) => {
        const result = resultOf(m, theirs[c]);
        const round = roundOf(t, i + 1, j + 1, c + 1);
        if (result === null) errors.push({ where, player: players, message: 'the two cells disagree: one player Black and the other White, one won and the other lost (or both ½)' });
        else if (round === undefined) errors.push({ where, player: players, message: `game ${c + 1} of this pair has no round in the table (${t.settings.cycles ?? 1} cycle${(t.settings.cycles ?? 1) === 1 ? '' : 's'})` });
        else games.push({ round, white: m.colour === 'w' ? ids[i] : ids[j], black: m.colour === 'w' ? ids[j] : ids[i], handicap: m.handicap, result });
      });
    }
  }
  if (errors.length) return failed(errors);
  const numberOf = new Map(ids.map((id, i) => [id, i + 1]));
  return ok({
    ...t,
    players: t.players.map((p) => ({ ...p, pairingNumber: numberOf.get(p.id)! })),
    games: games.sort((a, b) => a.round - b.round || a.white - b.white),
  });
}

/**
 * The workbook's tournament (from the Grid) with what its cross-table adds: the pairing numbers, and a result typed
 * in the cross-table for a game the Grid has without one. A cross-table whose result contradicts the Grid's is an
 * error naming the game (the director corrects one of the two); problems go to `errors`.
 */
export function crossTableIntoTournament(values: readonly (readonly CellValue[])[], t: Tournament, errors: InputError[]): Tournament {
  const read = readCrossTable(values, t);
  if (!read.ok) {
    errors.push(...read.errors);
    return t;
  }
  const key = (g: Pick<Game, 'round' | 'white' | 'black'>) => `${g.round}:${Math.min(g.white, g.black)}-${Math.max(g.white, g.black)}`;
  const fromCross = new Map(read.value.games.map((g) => [key(g), g]));
  const games = t.games.map((g) => {
    const c = fromCross.get(key(g));
    if (!c || c.result === 'unknown' || c.result === g.result) return g;
    if (g.result !== 'unknown' || c.white !== g.white) {
      errors.push({ where: CROSS_TABLE_SHEET, player: `${playerLabel(t, g.white)} – ${playerLabel(t, g.black)}`, message: `round ${g.round}: the cross-table says ${c.result}${c.white !== g.white ? ` with ${c.white} White` : ''}, the Grid ${g.result} with ${g.white} White; correct one of the two` });
      return g;
    }
    return { ...g, result: c.result };
  });
  return { ...t, players: read.value.players, games };
}
