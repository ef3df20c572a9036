/**
 * Seeded random tournaments: for directors to rehearse (`tengen generate`), for the checker's cross-check at scale
 * (`npm run quality`, ./crossCheck) and for benchmarks (bench/generate.js is this module, built).
 *
 * Two kinds:
 *  - `generateTournament`: a field of `players` with ranks spread between `weakest` and `strongest`, clubs, cities
 *    and countries; each round drawn by a real pairing system of the engine (`optimal`, `mays` or `opengotha`),
 *    players absent at random, results drawn by strength (the stronger player wins more often, less so when he gives
 *    a handicap). Same options, same tournament: everything random comes from `seed` (mulberry32).
 *  - `generateMcMahon`: the benchmarks' large McMahon (1,000 players and more), each round paired by the nearest
 *    unplayed neighbour in score order — fast, not a draw a director would sign; its exact sequence is kept so that
 *    every benchmark and test built on it stays comparable.
 */
import { formatRank, type Rank } from '../model/rank';
import type { Bye, Game, GameResult, HandicapSettings, PairingSystem, Player, PlayerId, RulesetName, Tournament } from '../model/tournament';
import { applyPairing } from '../pairing/apply';
import { isPairingError, type PairingError, type RoundPairing } from '../pairing/types';
import { pairMays } from '../systems/mcmahon/mays';
import { pairOptimal } from '../systems/mcmahon/optimal';
import { pairOpenGotha } from '../systems/opengotha/pair';

/** A seeded source of numbers in [0, 1) (mulberry32): the same seed, the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pairing systems a generated tournament can be drawn with (the CLI's `--system`). */
export const GENERATED_DRAWS = ['optimal', 'mays', 'opengotha'] as const;
export type GeneratedDraw = (typeof GENERATED_DRAWS)[number];

export interface GenerateOptions {
  /** Players (default 40; at least 2). */
  readonly players?: number;
  /** Rounds (default 5). */
  readonly rounds?: number;
  /** The seed of everything random (default 1). */
  readonly seed?: number;
  /** The strongest and weakest ranks drawn (default 5d and 20k). */
  readonly strongest?: Rank;
  readonly weakest?: Rank;
  /** McMahon bar (default: two ranks below the strongest); `null` for none. Ignored in Swiss. */
  readonly bar?: Rank | null;
  /** `mcmahon` (default) or `swiss`. */
  readonly system?: Extract<PairingSystem, 'mcmahon' | 'swiss'>;
  /** Default `egf`. */
  readonly ruleset?: RulesetName;
  /** Default: the ruleset's own (absent from the file). */
  readonly handicap?: HandicapSettings;
  /** The chance a player misses a round (default 0.02). */
  readonly absence?: number;
  /** The system drawing each round (default `optimal`). */
  readonly draw?: GeneratedDraw;
  /** How many results depend on strength: the winning chance moves this much per rank of difference (default 0.08). */
  readonly strengthEffect?: number;
}

/** A round the draw could not pair: the tournament up to it, and the engine's error. */
export class GenerationError extends Error {
  constructor(
    readonly tournament: Tournament,
    readonly error: PairingError,
  ) {
    super(`round ${error.round}: ${error.message}`);
    this.name = 'GenerationError';
  }
}

const FAMILIES = [
  'Nowak', 'Novák', 'Kovács', 'Müller', 'Dubois', 'Girard', 'Lambert', 'Wagner', 'Moreau', 'Tanaka', 'Rossi', 'Jansen',
  'Nielsen', 'Horváth', 'Popescu', 'Ivanov', 'García', 'Silva', 'Kim', 'Lee', 'Park', 'Schmidt', 'Fischer', 'Bernard',
  'Petit', 'Leroy', 'Kowalski', 'Svoboda', 'Dvořák', 'Virtanen', 'Berg', 'Lindqvist', 'Murphy', 'Walsh', 'Smith', 'Brown',
];
const GIVEN = ['Anna', 'Jan', 'Eva', 'Pierre', 'Marie', 'Lukas', 'Sofia', 'Tomás', 'Ilona', 'Kenji', 'Marta', 'Pavel', 'Léa', 'Ole'];
const CITIES: readonly (readonly [string, string])[] = [
  ['Paris', 'FR'], ['Lyon', 'FR'], ['Berlin', 'DE'], ['Hamburg', 'DE'], ['Praha', 'CZ'], ['Brno', 'CZ'], ['Warszawa', 'PL'],
  ['Budapest', 'HU'], ['Wien', 'AT'], ['London', 'GB'], ['Amsterdam', 'NL'], ['Bucureşti', 'RO'],
];

/** A rank between `weakest` and `strongest`, more often in the middle (two uniform draws averaged). */
function drawRank(random: () => number, weakest: number, strongest: number): Rank {
  return Math.round(weakest + ((random() + random()) / 2) * (strongest - weakest)) as Rank;
}

/** A game's result by strength: White's chance grows with his rank advantage less the stones he gives. */
function drawResult(random: () => number, white: Player, black: Player, handicap: number, effect: number): GameResult {
  const x = random();
  if (x < 0.01) return 'white-wins-by-default';
  if (x < 0.015) return 'jigo';
  const advantage = white.rank - black.rank - handicap;
  const pWhite = Math.min(0.95, Math.max(0.05, 0.5 + advantage * effect));
  return random() < pWhite ? 'white-wins' : 'black-wins';
}

/** The round drawn by `draw` (the engine's own systems, as `tengen pair --system` calls them). */
export function drawRound(t: Tournament, round: number, draw: GeneratedDraw): RoundPairing | PairingError {
  switch (draw) {
    case 'optimal':
      return pairOptimal(t, round);
    case 'mays':
      return pairMays(t, round);
    case 'opengotha':
      return pairOpenGotha(t, round);
  }
}

/** The players of a generated field, strongest first (IDs by strength, as a director numbers them). */
export function generatePlayers(random: () => number, n: number, strongest: number, weakest: number): Player[] {
  const drawn = Array.from({ length: n }, (_, i) => {
    const rank = drawRank(random, weakest, strongest);
    const [city, country] = CITIES[Math.floor(random() * CITIES.length)];
    return {
      family: `${FAMILIES[i % FAMILIES.length]}${i >= FAMILIES.length ? ` ${Math.floor(i / FAMILIES.length) + 1}` : ''}`,
      given: GIVEN[Math.floor(random() * GIVEN.length)],
      rank,
      rating: 2100 + rank * 100 + Math.floor(random() * 100),
      city,
      country,
      club: `${city} ${1 + Math.floor(random() * 3)}`,
    };
  });
  drawn.sort((a, b) => b.rank - a.rank || b.rating - a.rating || a.family.localeCompare(b.family));
  return drawn.map((p, i) => ({ id: (i + 1) as PlayerId, ...p, rank: p.rank as Rank }));
}

/**
 * A tournament of `options.rounds` rounds, each drawn by the engine from the state before it, with absences and
 * results drawn from `options.seed`. Throws a `GenerationError` (with the tournament so far) when a round cannot be
 * paired (a tiny field that has met everyone).
 */
export function generateTournament(options: GenerateOptions = {}): Tournament {
  const n = options.players ?? 40;
  const rounds = options.rounds ?? 5;
  const seed = options.seed ?? 1;
  const strongest = options.strongest ?? (4 as Rank);
  const weakest = options.weakest ?? (-20 as Rank);
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`players ${n}: expected a whole number from 2`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`rounds ${rounds}: expected a whole number from 1`);
  if (weakest > strongest) throw new RangeError(`the weakest rank ${formatRank(weakest)} is above the strongest ${formatRank(strongest)}`);
  const system = options.system ?? 'mcmahon';
  const absence = options.absence ?? 0.02;
  const effect = options.strengthEffect ?? 0.08;
  const draw = options.draw ?? 'optimal';
  const random = mulberry32(seed);
  const players = generatePlayers(random, n, strongest, weakest);
  const bar = options.bar === undefined ? (Math.max(weakest, strongest - 2) as Rank) : options.bar;
  // Absences are drawn before any round, so that the draw's own choices never change who is absent.
  const absent = players.map(() => [] as number[]);
  for (let r = 1; r <= rounds; r++) players.forEach((_, i) => random() < absence && absent[i].push(r));
  let t: Tournament = {
    name: `Generated ${system === 'swiss' ? 'Swiss' : 'McMahon'} ${n}×${rounds} (seed ${seed}, ${draw})`,
    settings: {
      system,
      rounds,
      ruleset: options.ruleset ?? 'egf',
      ...(system === 'mcmahon' && bar !== null ? { bar } : {}),
      ...(system === 'mcmahon' ? { floor: weakest } : {}),
      ...(options.handicap ? { handicap: options.handicap } : {}),
    },
    players: players.map((p, i) => (absent[i].length > 0 ? { ...p, absentRounds: absent[i] } : p)),
    games: [],
    byes: [],
  };
  const byId = new Map(t.players.map((p) => [p.id, p]));
  for (let r = 1; r <= rounds; r++) {
    const pairing = drawRound(t, r, draw);
    if (isPairingError(pairing)) throw new GenerationError(t, pairing);
    t = applyPairing(t, pairing);
    const games = t.games.map((g) => (g.round === r && g.result === 'unknown' ? { ...g, result: drawResult(random, byId.get(g.white)!, byId.get(g.black)!, g.handicap, effect) } : g));
    t = { ...t, games };
  }
  return t;
}

/**
 * The benchmarks' large McMahon (bench/generate.js): ranks from 20k to 7d, a bar at 4d, each round players sorted by
 * current MMS and paired with the nearest unplayed neighbour, results drawn with the stronger player more likely to
 * win, a few absences and a bye when the field is odd. Its random sequence is fixed: benchmarks compare across runs.
 */
export function generateMcMahon({ players: n = 1000, rounds = 10, seed = 1 }: { players?: number; rounds?: number; seed?: number } = {}): Tournament {
  const random = mulberry32(seed);
  const drawn: { id: number; family: string; given: string; rank: number; rating: number; club: string; country: string; absentRounds?: number[] }[] = [];
  for (let i = 0; i < n; i++) {
    const rank = Math.max(-20, Math.min(6, Math.round(-6 + (random() + random() + random() - 1.5) * 12)));
    drawn.push({ id: 0, family: `Player${String(i).padStart(4, '0')}`, given: 'Gen', rank, rating: 2100 + rank * 100 + Math.floor(random() * 100), club: `C${Math.floor(random() * 80)}`, country: 'XX' });
  }
  drawn.sort((a, b) => b.rank - a.rank || b.rating - a.rating);
  drawn.forEach((p, i) => (p.id = i + 1));
  const bar = 3;
  const floor = -20;
  const score = drawn.map((p) => Math.min(Math.max(p.rank, floor), bar) * 2);
  const absent = drawn.map(() => [] as number[]);
  const met = drawn.map(() => new Set<number>());
  const games: Game[] = [];
  const byes: Bye[] = [];
  const hadBye = new Set<number>();
  for (let r = 1; r <= rounds; r++) {
    const present: number[] = [];
    for (let i = 0; i < n; i++) {
      if (random() < 0.02) {
        absent[i].push(r);
        score[i] += 1;
      } else present.push(i);
    }
    present.sort((a, b) => score[b] - score[a] || a - b);
    if (present.length % 2) {
      let k = present.length - 1;
      while (k > 0 && hadBye.has(present[k])) k--;
      const [bye] = present.splice(k, 1);
      hadBye.add(bye);
      byes.push({ round: r, player: drawn[bye].id as PlayerId });
      score[bye] += 2;
    }
    const unpaired = new Set(present);
    let table = 1;
    for (const a of present) {
      if (!unpaired.has(a)) continue;
      unpaired.delete(a);
      let b: number | undefined;
      for (const c of unpaired) {
        if (!met[a].has(c)) {
          b = c;
          break;
        }
      }
      if (b === undefined) b = unpaired.values().next().value as number;
      unpaired.delete(b);
      met[a].add(b);
      met[b].add(a);
      const [white, black] = drawn[a].rank >= drawn[b].rank ? [a, b] : [b, a];
      const handicap = Math.max(0, Math.min(9, Math.round((score[white] - score[black]) / 2) - 1));
      const pWhite = 0.5 + (drawn[white].rank - drawn[black].rank - handicap) * 0.08;
      const x = random();
      let result: GameResult;
      if (x < 0.01) result = 'white-wins-by-default';
      else if (x < 0.015) result = 'jigo';
      else result = random() < pWhite ? 'white-wins' : 'black-wins';
      if (result === 'white-wins' || result === 'white-wins-by-default') score[white] += 2;
      else if (result === 'black-wins') score[black] += 2;
      else {
        score[white] += 1;
        score[black] += 1;
      }
      games.push({ round: r, table: table++, white: drawn[white].id as PlayerId, black: drawn[black].id as PlayerId, handicap, result });
    }
  }
  drawn.forEach((p, i) => {
    if (absent[i].length) p.absentRounds = absent[i];
  });
  return {
    name: `Generated McMahon ${n}×${rounds}`,
    settings: { system: 'mcmahon', rounds, ruleset: 'egf', bar: bar as Rank, floor: floor as Rank, tiebreaks: ['mms', 'sos', 'sosos', 'sodos', 'cuss'] },
    players: drawn as unknown as Player[],
    games,
    byes,
  };
}
