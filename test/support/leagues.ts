/** Finished EGC leagues for the tests: pairing number k = ID k, results as a test says. */
import type { Game, GameResult, Tournament } from '../../src/model/tournament';
import { roundRobinTable } from '../../src/systems/round-robin/roundRobin';
import { id, player, tournament } from '../pairing/fixtures';

/** A finished EGC league of n players where `beats(a, b)` says who wins each game; players named Player1, Anna … */
export function league(n: number, beats: (a: number, b: number) => boolean): Tournament {
  const games: Game[] = [];
  for (let round = 1; round < n; round++) {
    roundRobinTable(n, round, 'egc').pairs.forEach(([b, w], i) => {
      const result: GameResult = beats(w, b) ? 'white-wins' : 'black-wins';
      games.push({ round, table: i + 1, white: id(w), black: id(b), handicap: 0, result });
    });
  }
  const players = Array.from({ length: n }, (_, i) => player(i + 1, '6d', { pairingNumber: i + 1, family: `Player${i + 1}`, given: 'Anna' }));
  return { ...tournament(players, { system: 'round-robin', schedule: 'egc', rounds: n - 1, ruleset: 'egf' }, games), name: 'League' };
}

/**
 * 1 beats 2, 2 beats 3, 3 beats 1, and each of them beats everyone else: 1, 2 and 3 tie for 1st with 8 wins. Among
 * 4–10 the lower number wins except that 6 beats 4: 4, 5 and 6 tie for 4th with 5 wins (not contested: they share it).
 */
export function threeWayBeats(a: number, b: number): boolean {
  const top = [1, 2, 3];
  if (top.includes(a) && top.includes(b)) return (a === 1 && b === 2) || (a === 2 && b === 3) || (a === 3 && b === 1);
  if (top.includes(a) || top.includes(b)) return top.includes(a);
  if ((a === 6 && b === 4) || (a === 4 && b === 6)) return a === 6;
  return a < b;
}
