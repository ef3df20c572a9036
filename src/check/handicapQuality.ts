/**
 * Handicaps of the `optimal` draw against Mays' paper method, from the same state each round, over generated club
 * McMahon tournaments with broad sections (a wide range of ranks, few sections, handicap = rank difference − 1).
 *
 * Mays' method keeps handicaps small by pairing inside narrow rank order ("Doing the Pairings": cards "in ascending
 * order of their ID numbers", the odd card "pairs him with the strongest player from Section 2"); `optimal` must give
 * no more handicap stones and no more games of 5 stones or more than Mays' method, at no worse total McMahon score
 * difference in any round (Cardinal Rule No. 3 stays first).
 *
 * Each round, both systems pair the same state (Mays chooses the bye; `optimal` is given the same bye so both pair
 * the same field); the tournament then goes on with `optimal`'s draw (the default system) and results drawn from the
 * caller's seeded random source, the stronger (by rank, less the handicap) more likely to win.
 *
 * No disk, no randomness of its own: the caller passes the seeded source (bench/generate.js's mulberry32 in
 * `npm run quality` and in the test), so every figure replays.
 */
import type { Rank } from '../model/rank';
import type { Game, GameResult, Player, PlayerId, Tournament } from '../model/tournament';
import { applyPairing } from '../pairing/apply';
import { pairMays } from '../systems/mcmahon/mays';
import { optimalTotals, pairOptimal } from '../systems/mcmahon/optimal';
import { isPairingError, type RoundPairing } from '../pairing/types';

/** A big handicap: five stones or more. */
export const BIG_HANDICAP = 5;

export interface HandicapTournamentOptions {
  /** Players (default: 20 to 40, drawn). */
  readonly players?: number;
  /** Rounds (default 5). */
  readonly rounds?: number;
  /** Number of McMahon sections (default: 2 to 4, drawn): few sections over 5d–20k is "broad". */
  readonly sections?: number;
}

/**
 * A club McMahon before round 1: ranks drawn over 5d–20k (weighted towards the kyu ranks, as club fields are), Mays'
 * sections cut by rank into `sections` of about equal size (a rank never split; initial scores 0, −2, −4 …), the
 * `aqjg` ruleset (Mays' handicaps, rank difference − 1), a few cities and clubs.
 */
export function generateHandicapTournament(random: () => number, options: HandicapTournamentOptions = {}): Tournament {
  const n = options.players ?? 20 + Math.floor(random() * 21);
  const rounds = options.rounds ?? 5;
  const sectionCount = options.sections ?? 2 + Math.floor(random() * 3);
  const cities = ['Montréal', 'Ottawa', 'Québec', 'Toronto', 'Sherbrooke'];
  const drafted = Array.from({ length: n }, (_, i) => {
    // 5d (4) … 20k (−20): the sum of two uniforms leans towards the middle kyu ranks.
    const rank = Math.max(-20, Math.min(4, Math.round(-20 + (random() + random()) * 12.5))) as Rank;
    const city = cities[Math.floor(random() * random() * cities.length)];
    return { rank, rating: 2100 + rank * 100 + Math.floor(random() * 100), city, club: `${city} ${1 + Math.floor(random() * 2)}`, i };
  });
  drafted.sort((a, b) => b.rank - a.rank || b.rating - a.rating || a.i - b.i);
  // Sections of about n / k players each, cut only between ranks.
  const names = ['A', 'B', 'C', 'D', 'E', 'F'];
  const sectionOf: string[] = [];
  let section = 0;
  drafted.forEach((p, i) => {
    const wanted = Math.floor(((section + 1) * n) / sectionCount);
    if (i >= wanted && section < sectionCount - 1 && p.rank !== drafted[i - 1].rank) section++;
    sectionOf.push(names[section]);
  });
  const used = [...new Set(sectionOf)];
  const players: Player[] = drafted.map((p, i) => ({
    id: (i + 1) as PlayerId,
    family: `Player${String(i + 1).padStart(2, '0')}`,
    given: 'Gen',
    rank: p.rank,
    rating: p.rating,
    city: p.city,
    club: p.club,
    section: sectionOf[i],
  }));
  return {
    name: `Generated club McMahon ${n}×${rounds}, ${used.length} sections`,
    location: 'Montréal',
    settings: {
      system: 'mcmahon',
      rounds,
      ruleset: 'aqjg',
      sections: used.map((name, k) => ({ name, initialMms: -2 * k })),
      hostCity: 'Montréal',
    },
    players,
    games: [],
    byes: [],
  };
}

export interface DrawFigures {
  /** Handicap stones over the round's games (1 = no komi counts as 1). */
  readonly stones: number;
  /** Games of `BIG_HANDICAP` stones or more. */
  readonly bigHandicaps: number;
  /** Total |current McMahon score difference| over the pairs, in half points. */
  readonly scoreDifferenceHalves: number;
}

export interface HandicapRound {
  readonly tournament: string;
  readonly round: number;
  readonly players: number;
  readonly optimal: DrawFigures;
  readonly mays: DrawFigures;
}

function figures(t: Tournament, result: RoundPairing): DrawFigures {
  const games = result.games;
  const totals = optimalTotals(t, result.round, games.map((g) => [g.white, g.black] as const));
  return {
    stones: games.reduce((s, g) => s + g.handicap, 0),
    bigHandicaps: games.filter((g) => g.handicap >= BIG_HANDICAP).length,
    scoreDifferenceHalves: totals['score difference'],
  };
}

/** Results of round `round`: White's chance 0.5 + 0.08 per rank of advantage less the handicap, a few jigo. */
function playRound(t: Tournament, round: number, random: () => number): Tournament {
  const rank = new Map(t.players.map((p) => [p.id, p.rank as number]));
  const games: Game[] = t.games.map((g) => {
    if (g.round !== round) return g;
    const edge = ((rank.get(g.white) ?? 0) - (rank.get(g.black) ?? 0) - g.handicap) * 0.08;
    const x = random();
    const result: GameResult = x < 0.01 ? 'jigo' : random() < Math.max(0.05, Math.min(0.95, 0.5 + edge)) ? 'white-wins' : 'black-wins';
    return { ...g, result };
  });
  return { ...t, games };
}

/** Every round of one generated tournament, both systems from the same state; play goes on with `optimal`'s draw. */
export function compareHandicaps(start: Tournament, random: () => number): HandicapRound[] {
  const rows: HandicapRound[] = [];
  let t = start;
  for (let round = 1; round <= t.settings.rounds; round++) {
    const mays = pairMays(t, round);
    if (isPairingError(mays)) throw new Error(`${t.name}, round ${round}: mays: ${mays.message}`);
    const optimal = pairOptimal(t, round, mays.bye === null ? {} : { bye: mays.bye });
    if (isPairingError(optimal)) throw new Error(`${t.name}, round ${round}: optimal: ${optimal.message}`);
    rows.push({ tournament: t.name, round, players: optimal.games.length * 2, optimal: figures(t, optimal), mays: figures(t, mays) });
    t = playRound(applyPairing(t, optimal), round, random);
  }
  return rows;
}

export interface HandicapSummary {
  readonly tournaments: number;
  readonly rounds: number;
  readonly optimal: { readonly stones: number; readonly bigHandicaps: number };
  readonly mays: { readonly stones: number; readonly bigHandicaps: number };
  /** Rounds where `optimal`'s total score difference is larger than Mays' (must be none). */
  readonly worseScoreDifference: readonly HandicapRound[];
  /** Rounds where `optimal` gives more stones than Mays (allowed when Mays' draw is worse on a higher priority). */
  readonly moreStones: number;
  readonly fewerStones: number;
}

/** `count` generated tournaments, tournament k from seed `firstSeed + k` (recorded in its name). */
export function handicapComparison(count: number, firstSeed: number, randomOf: (seed: number) => () => number, options: HandicapTournamentOptions = {}): { rows: HandicapRound[]; summary: HandicapSummary } {
  const rows: HandicapRound[] = [];
  for (let k = 0; k < count; k++) {
    const seed = firstSeed + k;
    const random = randomOf(seed);
    const t = generateHandicapTournament(random, options);
    rows.push(...compareHandicaps({ ...t, name: `seed ${seed}: ${t.name}` }, random));
  }
  const sum = (pick: (r: HandicapRound) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    rows,
    summary: {
      tournaments: count,
      rounds: rows.length,
      optimal: { stones: sum((r) => r.optimal.stones), bigHandicaps: sum((r) => r.optimal.bigHandicaps) },
      mays: { stones: sum((r) => r.mays.stones), bigHandicaps: sum((r) => r.mays.bigHandicaps) },
      worseScoreDifference: rows.filter((r) => r.optimal.scoreDifferenceHalves > r.mays.scoreDifferenceHalves),
      moreStones: rows.filter((r) => r.optimal.stones > r.mays.stones).length,
      fewerStones: rows.filter((r) => r.optimal.stones < r.mays.stones).length,
    },
  };
}

/** The summary in words, for `npm run quality`. */
export function formatHandicapSummary(s: HandicapSummary, firstSeed: number): string {
  return [
    `Handicaps: ${s.tournaments} generated club McMahon tournaments (seeds ${firstSeed}–${firstSeed + s.tournaments - 1}; 20–40 players, 5d–20k,`,
    `2–4 Mays sections, handicap = rank difference − 1), ${s.rounds} rounds, optimal and mays paired from the same state each round:`,
    `  total handicap stones      optimal ${s.optimal.stones}, mays ${s.mays.stones}`,
    `  games of ${BIG_HANDICAP}+ stones          optimal ${s.optimal.bigHandicaps}, mays ${s.mays.bigHandicaps}`,
    `  rounds where optimal's total MMS difference is worse than mays': ${s.worseScoreDifference.length}`,
    `  rounds with fewer stones: optimal ${s.fewerStones}, mays ${s.moreStones}; the same in ${s.rounds - s.fewerStones - s.moreStones}`,
  ].join('\n');
}
