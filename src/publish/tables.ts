/**
 * The round's games in table order, as the pairing sheets print them (src/workbook/sheets/pairingsSheet.ts): by
 * their table number, games without one last by White's ID; a game without a number is at its place in that order.
 */
import type { Game, Round, Tournament } from '../model/tournament';

export function gamesByTable(t: Tournament, round: Round): Game[] {
  return t.games.filter((g) => g.round === round).sort((a, b) => (a.table ?? Infinity) - (b.table ?? Infinity) || a.white - b.white);
}

export function tableNumber(g: Game, i: number): number {
  return g.table ?? i + 1;
}
