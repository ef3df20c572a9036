/**
 * What a pairing system needs to know before pairing round r — the pairing cards of Mays' paper method: who is
 * present, each player's current score, whom he has met and with which colours, his byes and his losses. Built from
 * the scoreboard as of round r − 1 under the tournament's ruleset, so every system sees the same facts.
 */
import type { Game, Player, PlayerId, Round, RulesetName, Tournament } from '../model/tournament';
import { buildScoreboard, type Scoreboard } from '../scoring/scoreboard';
import { describePlayer } from '../model/validate';
import type { DeviationLine } from './types';

export interface Meeting {
  readonly round: Round;
  readonly game: Game;
}

export interface PairingHistory {
  readonly tournament: Tournament;
  /** The round being paired. */
  readonly round: Round;
  /** Scores as of round − 1. */
  readonly scoreboard: Scoreboard;
  /** Every registered player, in ID order. */
  readonly players: readonly Player[];
  /** The players taking part in this round (not marked absent for it), in ID order. */
  readonly present: readonly PlayerId[];
  player(id: PlayerId): Player;
  /** "12 (Minieri, Davide)". */
  describe(id: PlayerId): string;
  has(id: PlayerId): boolean;
  /**
   * Current score before this round, in half points: the McMahon score in McMahon (seeds/mays-swiss-mcmahon-manual.txt,
   * "McMahon Scores: Initial, Current, and Final": "it is the current McMahon score that is used for this purpose"),
   * the number of wins in Swiss. Free points for byes and missed rounds follow the ruleset.
   */
  scoreHalves(id: PlayerId): number;
  /** Earlier games between the two players, oldest first. */
  meetings(a: PlayerId, b: PlayerId): readonly Meeting[];
  /** Whites minus blacks in earlier even games with known colours (OpenGotha's wbBalance; EGF colour balance). */
  colourBalance(id: PlayerId): number;
  /** Number of earlier byes. */
  byes(id: PlayerId): number;
  /** Number of games lost so far, by play or by default. */
  losses(id: PlayerId): number;
}

export interface HistoryOptions {
  /** Score free rounds under this ruleset instead of the tournament's. */
  readonly ruleset?: RulesetName;
}

export function buildHistory(t: Tournament, round: Round, options: HistoryOptions = {}): PairingHistory {
  const scoreboard = buildScoreboard(t, { ruleset: options.ruleset, asOf: round - 1 });
  const players = scoreboard.players;
  const indexOf = scoreboard.indexOf;
  const n = players.length;
  // Per player (scoreboard index): typed counts, not maps keyed by ID; every player's current score read once.
  const { balance, byes, losses, score } = readCards(scoreboard, round);

  // Earlier games of each pair, read when first asked from the two players' own lines only (the `optimal` system
  // reads its meetings from the games itself and asks here only for the few pairs it reports): no list of every pair of
  // the field is built. The same list as one built for every pair at once (each game once, from White's line; the
  // players in scoreboard order, the lower index first; then sorted by round, stable), kept per pair once asked.
  const meetings = new Map<number, readonly Meeting[]>();
  const NONE: readonly Meeting[] = [];
  const meetingsOf = (p: number, q: number): readonly Meeting[] => {
    const key = p < q ? p * n + q : q * n + p;
    let list = meetings.get(key);
    if (list) return list;
    const found: Meeting[] = [];
    // Each game from its White's line: the games the lower index had White in, then the higher's.
    const whiteIn = (x: number, other: number) => {
      const id = players[x].id;
      const against = players[other].id;
      const rounds = scoreboard.rounds[x];
      for (let k = 0; k < rounds.length; k++) {
        const g = rounds[k].game;
        if (g && g.white === id && g.black === against) found.push({ round: g.round, game: g });
      }
    };
    if (p !== q) {
      whiteIn(Math.min(p, q), Math.max(p, q));
      whiteIn(Math.max(p, q), Math.min(p, q));
    }
    found.sort((a, b) => a.round - b.round);
    list = found.length === 0 ? NONE : found;
    meetings.set(key, list);
    return list;
  };

  const present = players.filter((p) => !(p.absentRounds ?? []).includes(round)).map((p) => p.id);
  const described = new Map<PlayerId, string>();
  const index = (id: PlayerId): number => {
    const i = indexOf.get(id);
    if (i === undefined) throw new RangeError(`player ${id} is not registered`);
    return i;
  };

  return {
    tournament: t,
    round,
    scoreboard,
    players,
    present,
    player: (id) => players[index(id)],
    describe: (id) => {
      // Each player's words made once a history (issue 28: a large draw's sheet and report name each player several
      // times); the same string every time.
      let words = described.get(id);
      if (words === undefined) {
        words = indexOf.has(id) ? describePlayer(players[index(id)]) : String(id);
        described.set(id, words);
      }
      return words;
    },
    has: (id) => indexOf.has(id),
    scoreHalves: (id) => {
      const p = index(id);
      if (round >= 1) return score[p];
      const after = scoreboard.primary === 'mms' ? scoreboard.mmsAfter[p] : scoreboard.nbwAfter[p];
      return after[Math.min(round - 1, after.length - 1)];
    },
    meetings: (a, b) => {
      const p = indexOf.get(a);
      const q = indexOf.get(b);
      if (p === undefined || q === undefined) return [];
      return meetingsOf(p, q);
    },
    colourBalance: (id) => {
      const p = indexOf.get(id);
      return p === undefined ? 0 : balance[p];
    },
    byes: (id) => {
      const p = indexOf.get(id);
      return p === undefined ? 0 : byes[p];
    },
    losses: (id) => {
      const p = indexOf.get(id);
      return p === undefined ? 0 : losses[p];
    },
  };
}

/**
 * Each player's colour balance, byes, losses and current score (scoreboard index), read from his lines once. A function
 * of its own: its loop over every player's rounds made `buildHistory`, called once a round, hot enough to be compiled
 * again whole with everything it holds.
 */
function readCards(scoreboard: Scoreboard, round: Round): { balance: Int32Array; byes: Int32Array; losses: Int32Array; score: Int32Array } {
  const players = scoreboard.players;
  const n = players.length;
  const balance = new Int32Array(n);
  const byes = new Int32Array(n);
  const losses = new Int32Array(n);
  const score = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const id = players[p].id;
    for (const r of scoreboard.rounds[p]) {
      if (r.outcome === 'bye') byes[p]++;
      if (r.outcome === 'loss' || r.outcome === 'default-loss') losses[p]++;
      const g = r.game;
      if (g && g.handicap === 0 && g.colourKnown !== false) balance[p] += g.white === id ? 1 : -1;
    }
    const after = scoreboard.primary === 'mms' ? scoreboard.mmsAfter[p] : scoreboard.nbwAfter[p];
    score[p] = after[Math.min(round - 1, after.length - 1)];
  }
  return { balance, byes, losses, score };
}

/** "1½", "−2", "0": a score in half points as a director writes it. */
export function formatHalves(halves: number): string {
  const sign = halves < 0 ? '−' : '';
  const abs = Math.abs(halves);
  const whole = Math.floor(abs / 2);
  if (abs % 2 === 0) return `${sign}${whole}`;
  return `${sign}${whole === 0 ? '' : whole}½`;
}

/**
 * The report line of a repeat meeting (seeds/egf-general-tournament-rules-excerpt.txt: never the same pair twice;
 * Mays, Cardinal Rule No. 2), or none when the two have not met; `why` says why it was kept (checked by the system that says so).
 */
export function repeatLines(h: PairingHistory, a: PlayerId, b: PlayerId, rule: string, why: string): DeviationLine[] {
  const met = h.meetings(a, b);
  if (met.length === 0) return [];
  return [{ kind: 'repeat', players: [a, b], rule, message: `${h.describe(a)} and ${h.describe(b)} meet again (round ${met.map((m) => m.round).join(', ')}): ${why}` }];
}

/** The report lines of a pair the director forced: the pair itself, and its repeat meeting if any (`repeatRule`). */
export function forcedPairLines(h: PairingHistory, a: PlayerId, b: PlayerId, repeatRule: string): DeviationLine[] {
  return [
    { kind: 'forced', players: [a, b], rule: "the director's forced pair", message: `${h.describe(a)} – ${h.describe(b)}: forced by the director` },
    ...repeatLines(h, a, b, repeatRule, 'forced by the director'),
  ];
}
