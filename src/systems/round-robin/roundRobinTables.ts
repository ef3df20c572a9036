/**
 * The tables of a round-robin: for each round, which pairing numbers meet and who is Black. Pure arithmetic on
 * numbers 1 … n; src/systems/round-robin/roundRobin.ts puts the players on them.
 *
 * A pair is written [Black, White]: seeds/egc-championship-rules.txt, The League, Pairings: "The first mentioned
 * player of every pair is Black." Tengen keeps that convention for the Berger tables too.
 */

/** One pair of a round's table: the first is Black. */
export type NumberPair = readonly [black: number, white: number];

/**
 * The European Championship league of 10 players, as seeds/egc-championship-rules.txt prints it (The League,
 * Pairings, "The round 1 pairings are: 1 - 10, 2 - 9, …" to round 9). Copied pair by pair; the tests hold the text.
 */
export const EGC_LEAGUE_10: readonly (readonly NumberPair[])[] = [
  [[1, 10], [2, 9], [3, 8], [4, 7], [5, 6]],
  [[9, 1], [8, 10], [7, 2], [6, 3], [4, 5]],
  [[1, 8], [9, 7], [10, 6], [2, 5], [3, 4]],
  [[7, 1], [6, 8], [5, 9], [4, 10], [2, 3]],
  [[1, 6], [7, 5], [8, 4], [9, 3], [10, 2]],
  [[5, 1], [4, 6], [3, 7], [2, 8], [10, 9]],
  [[1, 4], [5, 3], [6, 2], [7, 10], [8, 9]],
  [[3, 1], [2, 4], [10, 5], [9, 6], [8, 7]],
  // The rules print "1 - 2. 3 - 10, …": the full stop is a typo for a comma (five pairs, as in every other round).
  [[1, 2], [3, 10], [4, 9], [5, 8], [6, 7]],
];

/** The league of 12 players from 2010 on (The League / from 2010 on, Pairings, rounds 1 to 11). */
export const EGC_LEAGUE_12: readonly (readonly NumberPair[])[] = [
  [[1, 12], [2, 11], [3, 8], [4, 7], [5, 10], [6, 9]],
  [[11, 1], [12, 2], [7, 3], [8, 4], [9, 5], [10, 6]],
  [[1, 10], [2, 9], [3, 12], [4, 11], [5, 8], [6, 7]],
  [[9, 1], [10, 2], [11, 3], [12, 4], [7, 5], [8, 6]],
  [[1, 8], [2, 7], [3, 10], [4, 9], [5, 12], [6, 11]],
  [[7, 1], [2, 8], [9, 3], [10, 4], [11, 5], [12, 6]],
  [[1, 6], [3, 2], [4, 5], [7, 12], [8, 9], [10, 11]],
  [[5, 1], [4, 2], [6, 3], [9, 7], [11, 8], [12, 10]],
  [[1, 4], [2, 6], [3, 5], [7, 10], [8, 12], [9, 11]],
  [[3, 1], [5, 2], [6, 4], [11, 7], [10, 8], [12, 9]],
  [[1, 2], [4, 3], [5, 6], [8, 7], [10, 9], [11, 12]],
];

/** The EGC league tables by number of players: only 10 and 12 exist in the rules. */
export const EGC_LEAGUES: Readonly<Record<number, readonly (readonly NumberPair[])[]>> = { 10: EGC_LEAGUE_10, 12: EGC_LEAGUE_12 };

/** Rounds of one cycle of a Berger table for n players: n − 1, or n when n is odd (each round one player has the bye). */
export function bergerRoundsPerCycle(n: number): number {
  return n % 2 === 0 ? n - 1 : n;
}

/**
 * Round `round` (1-based, within one cycle) of the Berger table for n players (FIDE Handbook C.05, Annex 1, "Berger
 * Tables for Round-Robin Tournaments"): the players 1 … n−1 (n even) stand in a circle that turns by n/2 places each
 * round, number n sits at the end of the list in odd rounds and at its head in even rounds, and the list is folded —
 * first against last, second against second last. For 6 players this gives FIDE's 1-6 2-5 3-4 / 6-4 5-3 1-2 /
 * 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1, every player's colours alternating as far as they can (within ±1).
 *
 * With an odd n the table is that of n + 1 players, and the player drawn against n + 1 has the bye.
 */
export function bergerRound(n: number, round: number): { pairs: NumberPair[]; bye: number | null } {
  const even = n % 2 === 0 ? n : n + 1;
  const circle = even - 1;
  const k = Math.floor(round / 2);
  const start = round % 2 === 1 ? k % circle : (k + even / 2) % circle;
  const ring = Array.from({ length: circle }, (_, i) => ((start + i) % circle) + 1);
  const list = round % 2 === 1 ? [...ring, even] : [even, ...ring];
  const pairs: NumberPair[] = [];
  let bye: number | null = null;
  for (let i = 0; i < even / 2; i++) {
    const a = list[i];
    const b = list[even - 1 - i];
    if (a > n) bye = b;
    else if (b > n) bye = a;
    else pairs.push([a, b]);
  }
  return { pairs, bye };
}
