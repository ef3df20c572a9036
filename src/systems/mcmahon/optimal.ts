/**
 * The `optimal` pairing system: the whole field paired as ONE maximum-weight perfect matching (no chunks, no score
 * groups paired one after another), whose priorities are strictly ordered integer cost tiers (./optimalWeights) solved
 * exactly by ./matching's lexicographic matcher — a lower priority can never buy a higher one.
 *
 * The round, step by step:
 *  1. The bye first (seeds/mays-swiss-mcmahon-manual.txt, "Summary of the Pairing Process": "1. If there is an odd
 *     number of players in the tournament, select the player who will get the bye"), by ./byes (Mays by default,
 *     OpenGotha as an option), passing over a player whose bye would leave the others unpairable, so a second bye is
 *     given only when no one else can take it (Cardinal Rule No. 1: "No player gets a bye twice").
 *  2. The director's forced pairs (and pairs pinned to a table) are set aside; his forbidden pairs are never made.
 *  3. One lexicographic matching of everyone else: no repeat; least total score difference (Cardinal Rule No. 3);
 *     no one drawn up or down again when avoidable; the fewest handicap stones, then no big handicap (in a handicap
 *     tournament: Mays pairs inside narrow rank order); fewest players out of their group; top half against bottom
 *     half; geography; colours; the exact seeding (slip, fold or a recorded lottery).
 *  4. Colours and handicaps by ./sheet (the stronger White in handicap games, colour balance, repeat meetings
 *     reversed, nigiri), tables from the top score down.
 *
 * Part of the field now, the rest later (Mays, "Pairings for Round 2": "the tournament director can begin the pairing
 * process at the bottom of a tournament … even though several games may still be ongoing"): `only` / `scoreBelow`
 * pair a subset now; the pairs are returned with `pending` listing the others, and the tables they take count from
 * the bottom. Games already recorded for the round are announced pairs: a later call pairs only the players not yet
 * at a table (the rest of the field, or latecomers) and never touches them.
 *
 * Why one file of this size: the optimal system's one entry — the round built, matched and reported; its weights (optimalWeights.ts), re-draw checks (avoidability.ts) and seeding lines (seedingReport.ts) are apart.
 */
import type { HandicapSettings, PairingCriterion, PlayerId, Round, RulesetName, Tournament } from '../../model/tournament';
import { AvoidabilityChecker, avoidanceWords, type Avoidance } from './avoidability';
import { chooseReportedBye, directorByeLine, type ByeMethod } from '../byes';
import { coloursOfRuleset, type ColourOptions } from '../../pairing/colours';
import { explainNoPairing, readControls, refuseRound, type RoundRequestOptions } from '../../pairing/controls';
import { CompatibilityGraph } from '../../pairing/feasibility';
import { startsAboveTopBar, type Neighbourhood } from '../../pairing/geography';
import { handicapSettingsOf } from '../../pairing/handicap';
import { buildHistory, forcedPairLines, formatHalves, repeatLines, type PairingHistory } from '../../pairing/history';
import { lexicographicPerfectMatching, Loans } from '../../pairing/matching';
import { LARGE_GAP_HALVES, OptimalTiers, TIER_NAMES, type AvoidLevels, type Seeding, type TierName } from './optimalWeights';
import { seedingChangedLines } from './seedingReport';
import { scoreLabel, withTables, writeSheet, type SheetPair } from '../../pairing/sheet';
import {
  isPairingError,
  pairingError,
  type ByeLine,
  type DeviationLine,
  type DirectorControls,
  type PairedGame,
  type PairingError,
  type PairingResult,
  type ReportLine,
} from '../../pairing/types';

/** A forced pair the director puts at a given table (e.g. a player who needs an accessible table). */
export interface PinnedTable {
  readonly players: readonly [PlayerId, PlayerId];
  readonly table: number;
}

export interface OptimalOptions extends DirectorControls, RoundRequestOptions {
  /** Score the current McMahon score under this ruleset (default: the tournament's). */
  readonly ruleset?: RulesetName;
  /** Default: the tournament's handicap settings, else its ruleset's (./handicap `defaultHandicapSettings`). */
  readonly handicap?: HandicapSettings;
  readonly colours?: ColourOptions;
  /** How the bye is chosen (default Mays). */
  readonly byeMethod?: ByeMethod;
  /** Default `settings.hostCity`. */
  readonly hostCity?: string;
  /** The order inside a score group before rank, rating and ID (default `settings.pairingTiebreaks`; ./groupOrder). */
  readonly pairingTiebreaks?: readonly PairingCriterion[];
  /** Inside a score group: `slip` (default), `fold`, `random` (by `seed`) or `adjacent` (Mays, "Alternate Method of Pairing"). */
  readonly seeding?: Seeding;
  /** The lottery seed of `random` seeding (default 0); recorded in the report. */
  readonly seed?: number;
  /** How much to avoid relatives, the same city, club, country (default related 8, city 4, club 2, country 1). */
  readonly avoid?: AvoidLevels;
  /** Relatives (family pairs) the director names. */
  readonly relatives?: readonly (readonly [PlayerId, PlayerId])[];
  /** Allow repeats when unavoidable, as few as possible (default: a repeat is never made; no pairing then). */
  readonly allowRepeats?: boolean;
  /** Forced pairs at given tables. */
  readonly pinnedTables?: readonly PinnedTable[];
  /** Pair only these players now (with `scoreBelow`, the players meeting either condition). */
  readonly only?: readonly PlayerId[];
  /** Pair only the players whose current score (points, e.g. 2.5) is below this now. */
  readonly scoreBelow?: number;
  /** Largest weight spread of one matching stage (testing only; default 2^50). */
  readonly maxSpread?: number;
}

/** What the matching achieved, tier by tier (see ./optimalWeights). */
export type OptimalTotals = Record<TierName, number>;

const MANUAL = 'seeds/mays-swiss-mcmahon-manual.txt';
const RULES = {
  odd: `${MANUAL}, Appendix D, Cardinal Rule No. 3, Condition No. 1: "there are an odd number of players with the same current McMahon score"`,
  exhausted: `${MANUAL}, Appendix D, Cardinal Rule No. 3, Condition No. 2: "the player that needs to be paired has already been paired with all the other players with the same current McMahon score"`,
  needed: `${MANUAL}, Appendix D, Cardinal Rule No. 3: "Always pair together players with the same current McMahon score, if possible" — the least total difference for the whole field needs this pair`,
  repeat: `${MANUAL}, Cardinal Rule No. 2: "No two players can be paired together twice"`,
  geography: `${MANUAL}, Consideration No. 2: "Are the players from the same city, or are they related (siblings, parent and child)?"`,
  partial: `${MANUAL}, "Pairings for Round 2": "the tournament director can begin the pairing process at the bottom of a tournament"`,
} as const;

interface Prepared {
  readonly h: PairingHistory;
  readonly announced: readonly PairedGame[];
}

/** Pair round `round` of `t` with the `optimal` system (see the module comment). Never throws on a bad request. */
export function pairOptimal(t: Tournament, round: Round, options: OptimalOptions = {}): PairingResult {
  const partial = options.only !== undefined || options.scoreBelow !== undefined;
  const base: Tournament = { ...t, games: t.games.filter((g) => g.round !== round) };
  const refused = refuseRound(base, round, { allowPendingResults: partial || options.allowPendingResults });
  if (refused) return refused;
  const full = buildHistory(base, round, { ruleset: options.ruleset });
  const announced: PairedGame[] = t.games
    .filter((g) => g.round === round)
    .map((g, i) => ({ table: g.table ?? i + 1, white: g.white, black: g.black, handicap: g.handicap, colourKnown: g.colourKnown !== false }));
  return pairPrepared({ h: full, announced }, options, partial);
}

function pairPrepared({ h: full, announced }: Prepared, options: OptimalOptions, partial: boolean): PairingResult {
  const round = full.round;
  const t = full.tournament;
  const seated = new Map<PlayerId, number>();
  for (const g of announced) {
    seated.set(g.white, g.table);
    seated.set(g.black, g.table);
  }
  const announcedBye = t.byes.find((b) => b.round === round)?.player;
  const pinned = options.pinnedTables ?? [];
  const forcedPairs = [...(options.forcedPairs ?? []), ...pinned.map((p) => p.players)];
  for (const id of [...forcedPairs.flat(), ...(options.bye !== undefined ? [options.bye] : [])]) {
    const table = seated.get(id);
    if (table !== undefined) {
      return pairingError('contradictory-controls', round, `${full.describe(id)} is already paired at table ${table} of round ${round}`, [id]);
    }
  }
  if (options.bye !== undefined && announcedBye !== undefined && options.bye !== announcedBye) {
    return pairingError('contradictory-controls', round, `the bye of round ${round} is already given to ${full.describe(announcedBye)}`, [options.bye, announcedBye]);
  }

  // The players still to seat: present, not at an announced table, not holding the announced bye.
  const remaining = full.present.filter((id) => !seated.has(id) && id !== announcedBye);
  const h: PairingHistory = { ...full, present: remaining, tournament: { ...t, byes: t.byes.filter((b) => b.round !== round) } };
  if (remaining.length < 2 && announced.length === 0) {
    return pairingError('too-few-players', round, `only ${full.present.length} player${full.present.length === 1 ? ' is' : 's are'} present in round ${round}`, full.present);
  }
  const controls = readControls(remaining.length < 2 ? { ...h, present: full.present } : h, { forcedPairs, forbiddenPairs: options.forbiddenPairs, bye: options.bye });
  if (isPairingError(controls)) return controls;
  const pinnedCheck = checkPins(h, pinned, announced);
  if (pinnedCheck) return pinnedCheck;

  const byeLines: (ByeLine | DeviationLine)[] = [];
  let pool = remaining.filter((id) => !controls.inForced.has(id));
  let bye: PlayerId | null = null;
  let withdrawnBye: PlayerId | undefined;
  if (announcedBye !== undefined) {
    if (pool.length % 2 === 1) {
      withdrawnBye = announcedBye;
      // A latecomer made the field even: the announced bye is withdrawn and that player is paired too.
      pool = [...pool, announcedBye].sort((a, b) => a - b);
      byeLines.push({
        kind: 'bye-passed-over',
        players: [announcedBye],
        message: `${full.describe(announcedBye)}'s bye is withdrawn: a latecomer makes the field even, so he is paired instead`,
      });
    }
    // Otherwise the announced bye stands; it is already recorded, so this result gives none.
  }

  const allowRepeats = options.allowRepeats ?? false;
  const anyForbidden = (options.forbiddenPairs ?? []).length > 0;
  const forbidden = (a: PlayerId, b: PlayerId) => anyForbidden && controls.isForbidden(a, b);
  const whole = new OptimalTiers(full, pool, tierOptions(options, t));
  const allowedIn = (tiers: OptimalTiers) => (i: number, j: number) =>
    !forbidden(tiers.ids[i], tiers.ids[j]) && (allowRepeats || tiers.meetings(i, j) === 0);

  if (pool.length % 2 === 1) {
    const choice = chooseBye(h, whole, allowedIn(whole), controls.bye, options, anyForbidden ? null : whole.allowedDegrees());
    if (isPairingError(choice)) return choice;
    bye = choice.bye;
    byeLines.push(...choice.lines);
    pool = pool.filter((id) => id !== bye);
  }

  // Part of the field now: the chosen players, less the strongest if they are odd (Mays: "hold in reserve the
  // strongest player in that group"); the others must still be pairable among themselves.
  let now = pool;
  let pending: PlayerId[] = [];
  /** Players free now held back for the rest, and the players they wait for. */
  let heldBack: { readonly held: readonly PlayerId[]; readonly for: readonly PlayerId[] } | undefined;
  if (partial) {
    const only = new Set(options.only ?? []);
    const limit = options.scoreBelow === undefined ? undefined : Math.round(options.scoreBelow * 2);
    const unknown = [...only].filter((id) => !full.has(id));
    if (unknown.length > 0) return pairingError('unknown-player', round, `not registered: ${unknown.join(', ')}`, unknown);
    const presentNow = new Set(full.present);
    const away = [...only].filter((id) => !presentNow.has(id));
    if (away.length > 0) {
      return pairingError('unknown-player', round, `${away.map((id) => full.describe(id)).join(', ')} ${away.length === 1 ? 'is' : 'are'} marked absent in round ${round}`, away);
    }
    const done = [...only].filter((id) => seated.has(id));
    if (done.length > 0) {
      return pairingError('contradictory-controls', round, `${done.map((id) => `${full.describe(id)} (table ${seated.get(id)})`).join(', ')} ${done.length === 1 ? 'is' : 'are'} already paired in round ${round}`, done);
    }
    // A player whose last game has no result yet has no known score: `scoreBelow` never picks him.
    const playing = new Set(t.games.filter((g) => g.round < round && g.result === 'unknown').flatMap((g) => [g.white, g.black]));
    now = pool.filter((id) => only.has(id) || (limit !== undefined && !playing.has(id) && full.scoreHalves(id) < limit));
    if (now.length % 2 === 1) {
      const reserve = [...now].sort((a, b) => full.scoreHalves(b) - full.scoreHalves(a) || full.player(b).rank - full.player(a).rank || a - b)[0];
      now = now.filter((id) => id !== reserve);
    }
    const nowSet = new Set(now);
    pending = pool.filter((id) => !nowSet.has(id));
    const waiting = t.games.filter((g) => g.round < round && g.result === 'unknown' && (nowSet.has(g.white) || nowSet.has(g.black)));
    if (waiting.length > 0 && !options.allowPendingResults) {
      const ids = [...new Set(waiting.flatMap((g) => [g.white, g.black]).filter((id) => nowSet.has(id)))];
      return pairingError('results-pending', round, `${ids.map((id) => full.describe(id)).join(', ')} still ${ids.length === 1 ? 'has a game' : 'have games'} without a result: their scores are not known yet`, ids);
    }
    if (pending.length > 0) {
      const pairable = (ids: readonly PlayerId[]) => {
        const rest = new OptimalTiers(full, ids, tierOptions(options, t));
        return new CompatibilityGraph(rest.size, allowedIn(rest)).perfectMatching(ids.map(() => true)) !== null;
      };
      if (!pairable(pending)) {
        // The players left for later cannot be paired among themselves (the two of the one game still running have
        // just met): players free now wait with them, two at a time, the nearest to them in score and rank first,
        // until the rest can be paired (issue 25: "pair the free players; the running game's players wait").
        const held = holdBack(full, now, pending, pairable);
        if (held === null) {
          const rest = new OptimalTiers(full, pending, tierOptions(options, t));
          const why = explainNoPairing(h, pending, new CompatibilityGraph(rest.size, allowedIn(rest)));
          return pairingError('no-pairing', round, `pairing these players now would leave the others unpairable: ${why.message}`, why.players);
        }
        const heldSet = new Set(held);
        now = now.filter((id) => !heldSet.has(id));
        heldBack = { held, for: [...pending] };
        pending = [...pending, ...held].sort((a, b) => a - b);
      }
    }
  }

  // The one matching.
  const tiers = now === pool && pool.length === whole.size ? whole : new OptimalTiers(full, now, tierOptions(options, t));
  let mate: Int32Array = new Int32Array(0);
  if (tiers.size > 0) {
    let solved;
    // The list's arrays are lent (../../pairing/matching/loans) for the matching only: the matcher keeps no view of them.
    const loans = new Loans();
    try {
      // The allowed pairs as a list (no call per pair of the field); the same pairs as `allowedIn(tiers)`.
      const list = tiers.allowedPairs(anyForbidden ? (i, j) => forbidden(tiers.ids[i], tiers.ids[j]) : undefined, loans);
      solved = lexicographicPerfectMatching(tiers.size, list, tiers.tiers(), { maxSpread: options.maxSpread, candidates: tiers.candidates() });
    } catch (e) {
      if (e instanceof RangeError) return pairingError('no-pairing', round, `the field is too large to weigh every priority exactly: ${e.message}`);
      throw e;
    } finally {
      loans.release();
    }
    if (solved.status !== 'optimal') {
      return explainNoPairing(h, tiers.ids, new CompatibilityGraph(tiers.size, allowedIn(tiers)));
    }
    mate = solved.mate;
  }
  const pairs: [PlayerId, PlayerId][] = [];
  for (let v = 0; v < mate.length; v++) if (mate[v] > v) pairs.push([tiers.ids[v], tiers.ids[mate[v]]]);

  const sheetPairs: SheetPair[] = [
    ...pairs.map(([a, b]) => ({ a, b })),
    ...controls.forced.map(([a, b]) => ({ a, b, forced: true })),
  ];
  const neighbourhood = (a: PlayerId, b: PlayerId): Neighbourhood | undefined =>
    whole.has(a) && whole.has(b)
      ? (whole.shared(whole.vertex(a), whole.vertex(b)).find((k) => k !== 'same-country') as Neighbourhood | undefined)
      : undefined;
  // Every "could not be avoided" is checked by a re-draw that forbids the pair (./avoidability).
  const checker = new AvoidabilityChecker({ h: full, tiers, allowed: allowedIn(tiers), pairs, maxSpread: options.maxSpread });
  const sheet = writeSheet(full, sheetPairs, {
    handicap: options.handicap ?? handicapSettingsOf(t.settings),
    colours: coloursOf(options, t),
    neighbourhood: (a, b) => (controls.inForced.has(a) ? undefined : neighbourhood(a, b)),
    neighbourhoodWhy: (a, b) => (tiers.has(a) && tiers.has(b) ? avoidanceWords(checker.check('geography', onlyPair(tiers, a, b), [a, b]), 'geography') : 'kept by the pairing system (not checked)'),
  });

  const deviations: DeviationLine[] = [
    ...explainPairs(full, tiers, pairs, allowedIn(tiers), checker),
    ...seedingChangedLines(full, tiers, pairs, allowedIn(tiers)),
    ...forcedLines(full, controls.forced),
    ...sheet.deviations,
  ];
  if (pending.length > 0) {
    deviations.push({
      kind: 'pending',
      players: pending,
      rule: RULES.partial,
      message:
        `${pending.length} player${pending.length === 1 ? '' : 's'} left to pair later: ${pending.map((id) => full.describe(id)).join(', ')}` +
        (heldBack
          ? `. Held back though free now: ${heldBack.held.map((id) => full.describe(id)).join(', ')}, to play ${heldBack.for.map((id) => full.describe(id)).join(heldBack.for.length === 2 ? ' and ' : ', ')}, who ${heldBack.for.length === 2 ? 'have met' : 'could not be paired among themselves without a repeat'}`
          : ''),
    });
  }

  // Tables: the announced ones stay; the new pairs take free numbers from the top down, at the bottom when the
  // players left for later score higher; pinned pairs take their table.
  const numbered = numberTables(full, sheet.games, announced, pending, pinned);
  if (isPairingError(numbered)) return numbered;
  const renumber = (table: number | undefined) => (table === undefined ? undefined : numbered.get(table));
  const games = sheet.games.map((g) => ({ ...g, table: numbered.get(g.table) as number })).sort((a, b) => a.table - b.table);
  const lines = sheet.lines.map((l) => {
    const table = numbered.get(l.table) as number;
    return { ...l, table, message: l.message.replace(/^Table \d+/, `Table ${table}`) };
  });
  const renumbered = withTables(deviations, sheet.games).map((d) => {
    const table = renumber(d.table);
    if (table === undefined) return d;
    const message = /^table \d+/.test(d.message) ? d.message.replace(/^table \d+/, `table ${table}`) : `table ${table}: ${d.message}`;
    return { ...d, table, message };
  });
  lines.sort((a, b) => a.table - b.table);
  // Deviations in table order (stable; those without a table, such as the players left for later, last).
  renumbered.sort((a, b) => (a.table ?? Infinity) - (b.table ?? Infinity));
  const report: ReportLine[] = [...byeLines, ...lines, ...renumbered];
  return {
    round,
    system: 'optimal',
    games,
    bye,
    report,
    ...(pending.length > 0 ? { pending } : {}),
    ...(withdrawnBye !== undefined ? { withdrawnBye } : {}),
    seeding: options.seeding === 'random' ? { method: 'random', seed: options.seed ?? 0 } : { method: options.seeding ?? 'slip' },
  };
}

/** The colours the ruleset asks for (../../pairing/colours `coloursOfRuleset`), under the director's own options. */
function coloursOf(options: OptimalOptions, t: Tournament): ColourOptions {
  return coloursOfRuleset(options.ruleset ?? t.settings.ruleset, options.colours);
}

function tierOptions(options: OptimalOptions, t: Tournament) {
  return {
    seeding: options.seeding,
    seed: options.seed,
    avoid: options.avoid,
    relatives: options.relatives,
    allowRepeats: options.allowRepeats,
    handicap: options.handicap ?? handicapSettingsOf(t.settings),
    nigiri: options.colours?.nigiri,
    balanceWithinRanks: coloursOf(options, t).balanceWithinRanks,
    // ./geography: the host city's players are not kept apart for their city (Mays), nor, under the EGF, the
    // players starting above the top bar.
    hostCity: options.hostCity ?? t.settings.hostCity,
    pairingTiebreaks: options.pairingTiebreaks ?? t.settings.pairingTiebreaks,
    geographyFree: startsAboveTopBar(t, options.ruleset),
  };
}

function checkPins(h: PairingHistory, pinned: readonly PinnedTable[], announced: readonly PairedGame[]): PairingError | null {
  const taken = new Map<number, string>();
  for (const g of announced) taken.set(g.table, `the announced game ${g.white}–${g.black}`);
  for (const p of pinned) {
    if (!Number.isInteger(p.table) || p.table < 1) {
      return pairingError('contradictory-controls', h.round, `pinned table ${p.table} for ${p.players.join('–')}: a table is a whole number from 1`, [...p.players]);
    }
    const other = taken.get(p.table);
    if (other) {
      return pairingError('contradictory-controls', h.round, `table ${p.table} is asked for ${p.players.join('–')} but already holds ${other}`, [...p.players]);
    }
    taken.set(p.table, `the pinned pair ${p.players.join('–')}`);
  }
  return null;
}

interface ByeChoice {
  readonly bye: PlayerId;
  readonly lines: (ByeLine | DeviationLine)[];
}

/** The first player in the method's order whose bye leaves the others pairable; the director's bye as given. */
function chooseBye(
  h: PairingHistory,
  field: OptimalTiers,
  allowed: (i: number, j: number) => boolean,
  directorBye: PlayerId | undefined,
  options: OptimalOptions,
  /** Each vertex's number of allowed pairs when known without asking `allowed` for every pair (no forbidden pairs). */
  degrees: Int32Array | null,
): ByeChoice | PairingError {
  const n = field.size;
  // Dirac: a graph on m vertices where everyone may meet at least m/2 others has a Hamiltonian cycle, hence (m even)
  // a perfect matching. Large fields pass this at once; otherwise a maximum matching decides.
  let degree = degrees;
  if (degree === null) {
    degree = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (allowed(i, j)) {
          degree[i]++;
          degree[j]++;
        }
      }
    }
  }
  let graph: CompatibilityGraph | null = null;
  let maximum: Int32Array | null = null;
  const theGraph = () => (graph ??= new CompatibilityGraph(n, allowed));
  const pairableWithout = (id: PlayerId) => {
    const v = field.vertex(id);
    let dirac = true;
    for (let u = 0; u < n && dirac; u++) {
      if (u !== v && 2 * (degree[u] - (allowed(Math.min(u, v), Math.max(u, v)) ? 1 : 0)) < n - 1) dirac = false;
    }
    if (dirac) return true;
    // One maximum matching of the whole (odd) field; without v, his partner is the only new exposed vertex, so one
    // augmenting search from that warm start decides.
    maximum ??= theGraph().maximumMatching(field.ids.map(() => true));
    const hint = Int32Array.from(maximum);
    if (hint[v] >= 0) hint[hint[v]] = -1;
    hint[v] = -1;
    return theGraph().perfectMatching(field.ids.map((_, i) => i !== v), hint) !== null;
  };
  if (directorBye !== undefined) {
    if (!pairableWithout(directorBye)) return explainNoPairing(h, field.ids, theGraph(), directorBye);
    return { bye: directorBye, lines: [directorByeLine(h, directorBye)] };
  }
  const chosen = chooseReportedBye(h, field.ids, { method: options.byeMethod, hostCity: options.hostCity }, pairableWithout);
  if (chosen) return chosen;
  return explainNoPairing(h, field.ids, theGraph());
}

/** "decided by priority 2 of 15, score difference" — the README's numbering of ./optimalWeights' tiers. */
export function priorityWords(tier: TierName): string {
  return `decided by priority ${TIER_NAMES.indexOf(tier) + 1} of ${TIER_NAMES.length}, ${tier}`;
}

/** The re-draw's forbidden pairs: only the pair a–b (vertices of `tiers`). */
function onlyPair(tiers: OptimalTiers, a: PlayerId, b: PlayerId): (i: number, j: number) => boolean {
  const x = tiers.vertex(a);
  const y = tiers.vertex(b);
  const [lo, hi] = x < y ? [x, y] : [y, x];
  return (i, j) => i === lo && j === hi;
}

/**
 * Cross-group pairs with the reason, repeats, and pairs of the same country. Each "could not be avoided" is checked
 * by `checker` (a re-draw without the pair, or without the player's float); otherwise the line says what avoiding it
 * would cost.
 */
function explainPairs(
  h: PairingHistory,
  tiers: OptimalTiers,
  pairs: readonly (readonly [PlayerId, PlayerId])[],
  allowed: (i: number, j: number) => boolean,
  checker: AvoidabilityChecker,
): DeviationLine[] {
  const lines: DeviationLine[] = [];
  // Once per country, not once per pair: a field all from one country makes every pair same-country.
  const everyone = new Map<string | undefined, boolean>();
  const everyoneFrom = (country: string | undefined): boolean => {
    const c = country?.trim().toLowerCase();
    let all = everyone.get(c);
    if (all === undefined) {
      all = tiers.ids.every((id) => h.player(id).country?.trim().toLowerCase() === c);
      everyone.set(c, all);
    }
    return all;
  };
  for (const [a, b] of pairs) {
    const i = tiers.vertex(a);
    const j = tiers.vertex(b);
    const [hi, lo] = tiers.score[i] >= tiers.score[j] ? [i, j] : [j, i];
    if (tiers.score[hi] !== tiers.score[lo]) {
      // The others of his score group: the field is in score order, so the group is one run of vertices.
      const first = hi - tiers.position[hi];
      const others = tiers.groupSize[hi] - 1;
      let exhausted = others > 0;
      for (let k = first; k < first + others + 1 && exhausted; k++) if (k !== hi && allowed(Math.min(hi, k), Math.max(hi, k))) exhausted = false;
      const odd = (others + 1) % 2 === 1;
      const [why, rule] = exhausted
        ? [`${tiers.ids[hi]} has met (or may not meet) everyone else of his score group`, RULES.exhausted]
        : others === 0
          ? [`${tiers.ids[hi]} is alone at his score`, RULES.odd]
          : odd
            ? [`the score group ${formatHalves(tiers.score[hi])} has an odd number of players`, RULES.odd]
            : ['pairing every group inside itself would cost more in total (repeats below, or groups made odd)', RULES.needed];
      // Which priority decided it: the least total difference (Cardinal Rule No. 3) makes the float; a gap of two
      // points or more, or a float in two rounds running, is checked by a re-draw without it (./avoidability): the
      // priority a draw avoiding it would cost more on decided it.
      // A concern the report did not re-draw for (its bound on re-draws) may have decided it: the line then names
      // the range, not one priority (a report claims nothing it did not check).
      let decidedBy: TierName = 'score difference';
      let unchecked: TierName | null = null;
      const decide = (a: Avoidance, concern: TierName) => {
        if (a.verdict === 'unchecked' && TIER_NAMES.indexOf(concern) > TIER_NAMES.indexOf(unchecked ?? 'score difference')) unchecked = concern;
        if (a.verdict === 'unavoidable' && !a.noPairing && (TIER_NAMES as readonly string[]).includes(a.tier)) {
          if (TIER_NAMES.indexOf(a.tier as TierName) > TIER_NAMES.indexOf(decidedBy)) decidedBy = a.tier as TierName;
        } else if (a.verdict === 'kept' && TIER_NAMES.indexOf(concern) > TIER_NAMES.indexOf(decidedBy)) decidedBy = concern;
      };
      const s = tiers.score;
      const gap = s[hi] - s[lo];
      let large = '';
      if (gap >= LARGE_GAP_HALVES) {
        const a = checker.check('gaps of 2+', onlyPair(tiers, tiers.ids[hi], tiers.ids[lo]), [tiers.ids[hi], tiers.ids[lo]]);
        decide(a, 'gaps of 2+');
        large = `; a gap of ${formatHalves(gap)}: ${avoidanceWords(a, 'gaps of 2+')}`;
      }
      const floatCheck = (v: number, downward: boolean, concern: TierName) => {
        const a = checker.check(concern, (x, y) => (x === v && (downward ? s[y] < s[v] : s[y] > s[v])) || (y === v && (downward ? s[x] < s[v] : s[x] > s[v])), [tiers.ids[v], tiers.ids[v === hi ? lo : hi]]);
        decide(a, concern);
        return avoidanceWords(a, concern);
      };
      // Drawn again: checked by a re-draw in which that player may not be drawn down (up) at all.
      const up = tiers.downLast[hi] > 0
        ? `; ${tiers.ids[hi]} was drawn down in the previous round too: ${floatCheck(hi, true, 'consecutive float')}`
        : tiers.downFloats[hi] > 0
          ? `; ${tiers.ids[hi]} was drawn down before: ${floatCheck(hi, true, 'repeated float')}`
          : '';
      const down = tiers.upLast[lo] > 0
        ? `; ${tiers.ids[lo]} was drawn up in the previous round too: ${floatCheck(lo, false, 'consecutive float')}`
        : tiers.upFloats[lo] > 0
          ? `; ${tiers.ids[lo]} was drawn up before: ${floatCheck(lo, false, 'repeated float')}`
          : '';
      const open = unchecked !== null && TIER_NAMES.indexOf(unchecked) > TIER_NAMES.indexOf(decidedBy) ? (unchecked as TierName) : null;
      const decided = open === null ? priorityWords(decidedBy) : `${priorityWords(decidedBy)}, or by one down to priority ${TIER_NAMES.indexOf(open) + 1} of ${TIER_NAMES.length}, ${open} (not re-checked)`;
      lines.push({
        kind: 'cross-group',
        players: [tiers.ids[hi], tiers.ids[lo]],
        rule,
        ...(open === null ? { decidedBy } : {}),
        message: `${h.describe(tiers.ids[hi])} (${scoreLabel(h, tiers.ids[hi])}) meets ${h.describe(tiers.ids[lo])} (${scoreLabel(h, tiers.ids[lo])}), difference ${formatHalves(gap)}: ${why}${large}${up}${down}; ${decided}`,
      });
    }
    if (h.meetings(a, b).length > 0) {
      lines.push(...repeatLines(h, a, b, RULES.repeat, `no pairing of the field avoids every repeat; ${avoidanceWords(checker.check('repeats', onlyPair(tiers, a, b), [a, b]), 'repeats')}`));
    }
    // Reported once: a pair sharing a city, club or family is reported by the sheet as such, not again as a country.
    const shared = tiers.shared(i, j);
    if (shared[0] === 'same-country' && !everyoneFrom(h.player(a).country)) {
      const country = h.player(a).country?.trim();
      const why = avoidanceWords(checker.check('geography', onlyPair(tiers, a, b), [a, b]), 'geography');
      lines.push({ kind: 'same-country', players: [a, b], rule: RULES.geography, message: `${h.describe(a)} and ${h.describe(b)} are both from ${country}: ${why}` });
    }
  }
  return lines;
}

function forcedLines(h: PairingHistory, forced: readonly (readonly [PlayerId, PlayerId])[]): DeviationLine[] {
  return forced.flatMap(([a, b]) => {
    const lines = forcedPairLines(h, a, b, RULES.repeat);
    if (h.scoreHalves(a) !== h.scoreHalves(b)) {
      lines.push({ kind: 'cross-group', players: [a, b], rule: "the director's forced pair", message: `${h.describe(a)} (${scoreLabel(h, a)}) meets ${h.describe(b)} (${scoreLabel(h, b)}): forced by the director` });
    }
    return lines;
  });
}

/** Sheet table → final table number. */
function numberTables(
  h: PairingHistory,
  games: readonly PairedGame[],
  announced: readonly PairedGame[],
  pending: readonly PlayerId[],
  pinned: readonly PinnedTable[],
): Map<number, number> | PairingError {
  const used = new Set(announced.map((g) => g.table));
  const total = games.length + pending.length / 2;
  const slots: number[] = [];
  for (let table = 1; slots.length < total; table++) if (!used.has(table)) slots.push(table);
  // Part of the field paired now takes the bottom tables (Mays pairs from the bottom while the top games run: "This
  // is easily done by counting the number of pairs of players that are situated either before or after the point").
  const mine = pending.length > 0 ? slots.slice(slots.length - games.length) : slots.slice(0, games.length);

  const pinOf = new Map<string, number>();
  for (const p of pinned) pinOf.set(key(p.players[0], p.players[1]), p.table);
  const pinTables = new Set(pinOf.values());
  for (const table of pinTables) {
    if (!slots.includes(table) && table > Math.max(0, ...slots, ...used)) {
      return pairingError(
        'contradictory-controls',
        h.round,
        `a pair is pinned to table ${table}, but round ${h.round} has only ${slots.length + used.size} table${slots.length + used.size === 1 ? '' : 's'}`,
      );
    }
  }
  const free = [...mine.filter((x) => !pinTables.has(x)), ...slots.filter((x) => !mine.includes(x) && !pinTables.has(x))];
  const map = new Map<number, number>();
  let next = 0;
  for (const g of games) {
    const pin = pinOf.get(key(g.white, g.black));
    map.set(g.table, pin ?? free[next++]);
  }
  return map;
}

function key(a: PlayerId, b: PlayerId): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

/**
 * The tier totals of any set of pairs of round `round` (for instance another system's pairing), as `pairOptimal`
 * weighs them: the field is the players of the pairs.
 */
export function optimalTotals(t: Tournament, round: Round, pairs: readonly (readonly [PlayerId, PlayerId])[], options: OptimalOptions = {}): OptimalTotals {
  const base: Tournament = { ...t, games: t.games.filter((g) => g.round < round) };
  const h = buildHistory(base, round, { ruleset: options.ruleset });
  const tiers = new OptimalTiers(h, pairs.flat(), tierOptions(options, t));
  return tiers.evaluate(pairs);
}

export { TIER_NAMES };

/**
 * Players of `now` to hold back with `pending` so that the rest can be paired (`pairable`): the fewest, two at a time
 * (the field left stays even), the nearest to the waiting players first — in score, then rank, then ID, so the same
 * field always holds back the same players. Null when even the whole field left would not do.
 */
function holdBack(h: PairingHistory, now: readonly PlayerId[], pending: readonly PlayerId[], pairable: (ids: readonly PlayerId[]) => boolean): PlayerId[] | null {
  const distance = (id: PlayerId) => Math.min(...pending.map((p) => Math.abs(h.scoreHalves(id) - h.scoreHalves(p)) * 1000 + Math.abs(h.player(id).rank - h.player(p).rank)));
  const nearest = [...now].sort((a, b) => distance(a) - distance(b) || a - b);
  for (let k = 2; k <= nearest.length; k += 2) {
    const held = nearest.slice(0, k);
    if (pairable([...pending, ...held])) return held.sort((a, b) => a - b);
  }
  return null;
}
