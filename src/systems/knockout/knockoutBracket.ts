/**
 * A knockout's bracket: its entrants and their numbers, and for each round the matches — who meets whom, the game
 * played, the winner who moves on. The pairing (./knockout) pairs the next round from it; the workbook's bracket
 * sheet draws it.
 *
 * The brackets (seeds/egc-championship-rules.txt):
 *  - `fold`, "The League's Knockout Playoffs", "Pairings and Final Places": "In every round of a knockout before the
 *    last one, the players are paired by folding their numbers, i.e., pair the lowest with the highest number, the
 *    second lowest with the second highest, etc. Only the winners remain in the knockout." and "If in round 1 the
 *    total number of players in a knockout exceeds a power of two by x, then the 2*x players with the greatest
 *    numbers are paired while the other players get a free win."
 *  - `egc-pko-24` and `egc-pko-32`, "The Preliminary Knockout Tournaments (PKO)", "Pairings": the printed tables.
 */
import { formatInputError } from '../../model/errors';
import type { Game, KnockoutBracket, PlayerId, Round, Tournament } from '../../model/tournament';
import { byPairingNumber } from '../../pairing/pairingOrder';
import { winnerOf } from '../../pairing/winGroups';

/** One match of a bracket: the two players (the first mentioned first), or a free win (`second` null). */
export interface BracketMatch {
  readonly round: Round;
  /** The rules' name for it ("A", "PKO I", "PKO I – PKO IV") or, in a fold knockout, its number in the round. */
  readonly label: string;
  /** Unknown (undefined) while the match it comes from has no winner yet. */
  readonly first?: PlayerId;
  /** Null: a free win for `first`. Undefined: not known yet. */
  readonly second?: PlayerId | null;
  /** The game the two play, once paired. */
  readonly game?: Game;
  /** Who goes on: the game's winner, or `first` on a free win. */
  readonly winner?: PlayerId;
}

export interface BracketRound {
  readonly round: Round;
  readonly matches: readonly BracketMatch[];
}

export interface Bracket {
  readonly kind: KnockoutBracket;
  /** The entrants in pairing-number order: `numbers.get(id)` is his number, 1 first. */
  readonly entrants: readonly PlayerId[];
  readonly numbers: ReadonlyMap<PlayerId, number>;
  /** Every round of the knockout, the ones not played yet with the players not known yet left out. */
  readonly rounds: readonly BracketRound[];
}

/** A printed PKO: its name and its round-1 pairs, each a letter and two numbers, in the order the rules print them. */
interface PrintedPko {
  readonly name: string;
  readonly pairs: readonly (readonly [string, number, number])[];
}

/** "The PKO I has the pairings A) 1 - 24, B) 12 - 13, C) 6 - 19, D) 7 - 18 in round 1, A - B, C - D in round 2, …" */
const PKO_24: readonly PrintedPko[] = [
  { name: 'PKO I', pairs: [['A', 1, 24], ['B', 12, 13], ['C', 6, 19], ['D', 7, 18]] },
  { name: 'PKO II', pairs: [['E', 2, 23], ['F', 11, 14], ['G', 5, 20], ['H', 8, 17]] },
  { name: 'PKO III', pairs: [['I', 3, 22], ['J', 10, 15], ['K', 4, 21], ['L', 9, 16]] },
];

/** "Pairings [If vote (b) is accepted.]": four PKOs of 32, then "the winner of PKO I plays the winner of PKO IV and
 * winner of PKO II plays the wiiner of PKO III". */
const PKO_32: readonly PrintedPko[] = [
  { name: 'PKO I', pairs: [['A', 1, 32], ['B', 16, 17], ['C', 9, 24], ['D', 8, 25]] },
  { name: 'PKO II', pairs: [['E', 2, 31], ['F', 15, 18], ['G', 10, 23], ['H', 7, 26]] },
  { name: 'PKO III', pairs: [['I', 3, 30], ['J', 14, 19], ['K', 11, 22], ['L', 6, 27]] },
  { name: 'PKO IV', pairs: [['M', 4, 29], ['N', 13, 20], ['O', 12, 21], ['P', 5, 28]] },
];

export const PKO_SIZE: Readonly<Record<Exclude<KnockoutBracket, 'fold'>, number>> = { 'egc-pko-24': 24, 'egc-pko-32': 32 };

/** The number of rounds a knockout of `entrants` players takes. */
export function knockoutRounds(kind: KnockoutBracket, entrants: number): number {
  if (kind === 'egc-pko-24') return 3;
  if (kind === 'egc-pko-32') return 4;
  return entrants <= 1 ? 0 : Math.ceil(Math.log2(entrants));
}

/** The largest power of two not above n (n ≥ 1). */
export function powerOfTwoBelow(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}

/**
 * Round 1 of a fold knockout of n players numbered 1…n: the pairs (numbers, lower first) and the free wins. "If in
 * round 1 the total number of players … exceeds a power of two by x, then the 2*x players with the greatest numbers
 * are paired while the other players get a free win." Those 2x are paired among themselves by folding, as every round
 * is ("pair the lowest with the highest number"): the rule does not say otherwise.
 */
export function foldRoundOne(n: number): { pairs: [number, number][]; freeWins: number[] } {
  const x = n - powerOfTwoBelow(n);
  const playing = x === 0 ? n : 2 * x;
  const first = n - playing + 1;
  const pairs: [number, number][] = [];
  for (let i = 0; i < playing / 2; i++) pairs.push([first + i, n - i]);
  return { pairs, freeWins: Array.from({ length: n - playing }, (_, i) => i + 1) };
}

/** Why a bracket cannot be drawn (the wrong number of players, bad pairing numbers): a message naming it. */
export class BracketError extends Error {
  constructor(message: string, readonly players: readonly PlayerId[] = []) {
    super(message);
    this.name = 'BracketError';
  }
}

/** The knockout's entrants: the players present in round 1, in pairing-number order. */
function entrantsOf(t: Tournament): PlayerId[] {
  const present = t.players.filter((p) => !(p.absentRounds ?? []).includes(1));
  const ordered = byPairingNumber(t, present);
  if (!ordered.ok) throw new BracketError(ordered.errors.map(formatInputError).join('; '));
  return ordered.value.map((p) => p.id);
}

/** The game of `round` between the two, if paired. */
function gameBetween(t: Tournament, round: Round, a: PlayerId, b: PlayerId): Game | undefined {
  return t.games.find((g) => g.round === round && ((g.white === a && g.black === b) || (g.white === b && g.black === a)));
}

function match(t: Tournament, round: Round, label: string, first: PlayerId | undefined, second: PlayerId | null | undefined): BracketMatch {
  if (first === undefined || second === undefined) return { round, label, ...(first !== undefined ? { first } : {}), ...(second !== undefined ? { second } : {}) };
  if (second === null) return { round, label, first, second, winner: first };
  const game = gameBetween(t, round, first, second);
  const w = game ? winnerOf(game) : null;
  return { round, label, first, second, ...(game ? { game } : {}), ...(w !== null ? { winner: w } : {}) };
}

/** The bracket as it stands: who has met, who won, who meets whom next. */
export function knockoutBracket(t: Tournament): Bracket {
  const kind = t.settings.bracket ?? 'fold';
  const entrants = entrantsOf(t);
  const numbers = new Map(entrants.map((id, i) => [id, i + 1]));
  if (kind !== 'fold' && entrants.length !== PKO_SIZE[kind]) {
    throw new BracketError(`the ${kind} bracket is for exactly ${PKO_SIZE[kind]} players (seeds/egc-championship-rules.txt, "The Preliminary Knockout Tournaments (PKO)"); ${entrants.length} are present in round 1`);
  }
  const rounds = kind === 'fold' ? foldRounds(t, entrants) : pkoRounds(t, entrants, kind === 'egc-pko-24' ? PKO_24 : PKO_32);
  return { kind, entrants, numbers, rounds };
}

function foldRounds(t: Tournament, entrants: readonly PlayerId[]): BracketRound[] {
  const total = knockoutRounds('fold', entrants.length);
  const rounds: BracketRound[] = [];
  if (total === 0) return rounds;
  const byNumber = (n: number) => entrants[n - 1];
  const one = foldRoundOne(entrants.length);
  const firstRound = [
    ...one.pairs.map(([a, b], i) => match(t, 1, String(i + 1), byNumber(a), byNumber(b))),
    ...one.freeWins.map((n, i) => match(t, 1, String(one.pairs.length + i + 1), byNumber(n), null)),
  ];
  rounds.push({ round: 1, matches: firstRound });
  let previous = firstRound;
  for (let r = 2; r <= total; r++) {
    // Round 1 has a place for each pair and free win (a power of two); each later round half as many.
    const size = firstRound.length / 2 ** (r - 1);
    const known = previous.every((m) => m.winner !== undefined);
    const matches: BracketMatch[] = [];
    if (known) {
      // "Only the winners remain in the knockout", folded again by their numbers.
      const left = previous.map((m) => m.winner!).sort((a, b) => entrants.indexOf(a) - entrants.indexOf(b));
      for (let i = 0; i < left.length / 2; i++) matches.push(match(t, r, String(i + 1), left[i], left[left.length - 1 - i]));
    } else {
      for (let i = 0; i < size; i++) matches.push(match(t, r, String(i + 1), undefined, undefined));
    }
    rounds.push({ round: r, matches });
    previous = matches;
  }
  return rounds;
}

function pkoRounds(t: Tournament, entrants: readonly PlayerId[], pkos: readonly PrintedPko[]): BracketRound[] {
  const byNumber = (n: number) => entrants[n - 1];
  const one = pkos.flatMap((pko) => pko.pairs.map(([label, a, b]) => match(t, 1, label, byNumber(a), byNumber(b))));
  // "A - B, C - D in round 2": the winners of consecutive printed pairs.
  const two = pkos.flatMap((_, k) =>
    [0, 2].map((i) => {
      const [x, y] = [one[k * 4 + i], one[k * 4 + i + 1]];
      return match(t, 2, `${x.label}–${y.label}`, x.winner, y.winner);
    }),
  );
  // "… and pairs its winners in round 3."
  const three = pkos.map((pko, k) => match(t, 3, pko.name, two[k * 2].winner, two[k * 2 + 1].winner));
  const rounds: BracketRound[] = [
    { round: 1, matches: one },
    { round: 2, matches: two },
    { round: 3, matches: three },
  ];
  if (pkos.length === 4) {
    // "the winner of PKO I plays the winner of PKO IV and winner of PKO II plays the wiiner of PKO III."
    rounds.push({ round: 4, matches: [match(t, 4, 'PKO I – PKO IV', three[0].winner, three[3].winner), match(t, 4, 'PKO II – PKO III', three[1].winner, three[2].winner)] });
  }
  return rounds;
}
