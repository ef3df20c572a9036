/**
 * Head-to-head in the Czech order (rule A2, and B2 which applies it to all cycles' games):
 *
 * "Vzájemný zápas, při shodě více hráčů se vytvoří tabulka jen jejich vzájemných zápasů. Pokud je pořadí tímto
 * jasné, sonnenborn se již nepočítá. I v této tabulce o pořadí rozhoduje nejprve skóre, popřípadě při shodném skóre
 * vzájemný zápas"
 *
 * Two tied players: their game(s). More: a table of only their mutual games, ordered by its score; players equal in
 * it are ordered again by the games among themselves (two: their game), until the table orders nobody further.
 */
import { inScope, mutualGames, type CzechGames, type Scope } from './czechGames';

/** Each member's score (half points) in the games among the group only. */
export function miniTable(g: CzechGames, group: readonly number[], scope: Scope = {}): Map<number, number> {
  const members = new Set(group);
  const table = new Map<number, number>();
  for (const p of group) {
    table.set(p, g.meetings[p].reduce((s, m) => s + (members.has(m.opponent) && inScope(m, scope) ? m.halves : 0), 0));
  }
  return table;
}

/** The two players' scores in their own games (half points): [a's, b's]. */
export function ownGameScore(g: CzechGames, a: number, b: number, scope: Scope = {}): [number, number] {
  const games = mutualGames(g, a, b, scope);
  const mine = games.reduce((s, m) => s + m.halves, 0);
  return [mine, 2 * games.length - mine];
}

/** A split made by the mini-table: the members of the table it was built from, and the resulting groups. */
export interface MiniTableSplit {
  readonly among: readonly number[];
  readonly table: ReadonlyMap<number, number>;
  readonly groups: readonly (readonly number[])[];
}

/**
 * Order a tied group by head-to-head; returns the groups, best first (players still equal share one), and every
 * table built on the way, for the explanation.
 */
export function headToHead(g: CzechGames, group: readonly number[], scope: Scope = {}): { groups: number[][]; splits: MiniTableSplit[] } {
  const splits: MiniTableSplit[] = [];
  const order = (members: readonly number[]): number[][] => {
    if (members.length < 2) return [[...members]];
    const table = miniTable(g, members, scope);
    const groups = splitByValue(members, (p) => table.get(p)!);
    if (groups.length === 1) return [[...members]];
    splits.push({ among: [...members], table, groups });
    return groups.flatMap((sub) => order(sub));
  };
  return { groups: order(group), splits };
}

/** Split a group by a value, higher first; equal players stay together, in index order. */
export function splitByValue(group: readonly number[], value: (p: number) => number): number[][] {
  return splitBy(group, (a, b) => value(b) - value(a));
}

/** Split a group by a comparison (negative: a is better); equal players stay together, in index order. */
export function splitBy(group: readonly number[], better: (a: number, b: number) => number): number[][] {
  const sorted = [...group].sort((a, b) => better(a, b) || a - b);
  const out: number[][] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && better(last[0], p) === 0) last.push(p);
    else out.push([p]);
  }
  return out;
}
