/**
 * The `opengotha` pairing system: the draw OpenGotha 3.51 makes with its automatic pairing, so that a director
 * moving from OpenGotha gets the same games (Tournament.makeAutomaticPairing, pairAGroup, costValue, gameBetween,
 * chooseAByePlayer).
 *
 *  1. The players to pair are those who take part in the round with a final registration (./scoredPlayers,
 *     isPairable). If they are odd, the bye goes to the lightest of 1000 × earlier byes + rank + 2 × MMS before the
 *     round (Tournament.chooseAByePlayer; equal weights: the last in OpenGotha's list, its `<=` scan; ./bye, which
 *     `--bye-method opengotha` of the other systems uses too).
 *  2. More than 300 players are cut into groups of the top scores first (Pairing.PAIRING_GROUP_MAX_SIZE = 300,
 *     PAIRING_GROUP_MIN_SIZE = 100), each paired on its own, as makeAutomaticPairing does.
 *  3. Each pair weighs 1 + OpenGotha's named terms (./weights); the pairing is a maximum-weight perfect matching on
 *     exactly those integers (OpenGotha: WeightedMatchLong.MAXIMIZE; Tengen: the certified exact matching of
 *     src/pairing/matching). Where several matchings share the maximum weight either may be returned.
 *  4. Colours and handicap of each game are gameBetween's (./weights).
 *  5. Tables are numbered as OpenGotha renumbers them after its automatic pairing (./tables).
 *
 * The result is the shared pairing vocabulary (../types): every pair with its weight terms by name in the report,
 * and each deviation (a repeat, a pair across score groups, same club or country, a second bye) said.
 */
import { displayName, type PlayerId, type Round, type Tournament } from '../../model/tournament';
import { refuseRound, type RoundRequestOptions } from '../../pairing/controls';
import { formatHalves } from '../../pairing/history';
import { maxWeightPerfectMatching, MAX_WEIGHT_SPREAD } from '../../pairing/matching';
import { pairingError, type ByeLine, type DeviationLine, type DirectorControls, type PairedGame, type PairingError, type PairLine, type ReportLine, type RoundPairing } from '../../pairing/types';
import { readOpenGothaParameters, type OpenGothaParameters } from './parameters';
import { openGothaByeOrder, openGothaByeRule } from './bye';
import { buildRoundState, isPairable, javaDiv, pairingListOrder, type OpenGothaRules, type RoundState, type ScoredPlayer } from './scoredPlayers';
import { numberTables, stateAtPairedRound } from './tables';
import { pairWeigher } from './weigher';
import { gameBetween, maximumWeight, WEIGHT_TERM_NAMES, weightTerms, type WeightTerms } from './weights';

export interface OpenGothaOptions extends DirectorControls, RoundRequestOptions {
  /**
   * Whether this round's bye point counts in the scores that order the tables (./tables, step 3). OpenGotha reads
   * its scoring information as last refreshed: a bye the director assigns marks the tournament modified, so it
   * counts; the bye OpenGotha chooses itself (chooseAByePlayer) does not, so it counts only if the scores happened to
   * be refreshed after it. Default: counted when the director chose the bye (`bye`), not when OpenGotha's rule did.
   */
  readonly byeCountsForTables?: boolean;
  /**
   * The engine reproduced (`--opengotha-rules`): `released` (default), OpenGotha 3.51.02 as published; `corrected`,
   * the modified 3.51.02 of the corpus's weight dumps and recorded rounds (./scoredPlayers, OpenGothaRules).
   */
  readonly rules?: OpenGothaRules;
  /**
   * `--opengotha-chunks`: cut a field of more than 600 players into OpenGotha's chunks (at least 200 players from
   * the top score down, each paired on its own), for OpenGotha's very draw on a big field; by default Tengen pairs
   * the whole field at once, whose draw weighs at least as much. The corrected engine always cuts above 300 players
   * into chunks of 100–300, as it did.
   */
  readonly chunks?: boolean;
}

/** A pair of the draw with its weight terms, as OpenGotha's weight dump would print them. */
export interface WeightedPair {
  readonly white: PlayerId;
  readonly black: PlayerId;
  readonly terms: WeightTerms;
}

export interface OpenGothaPairing extends RoundPairing {
  readonly system: 'opengotha';
  /** Each pair of the draw and its weight terms, in table order. */
  readonly weights: readonly WeightedPair[];
  /** Sum of the pair weights, exact. */
  readonly totalWeight: bigint;
}

export const OPENGOTHA_RULE = 'OpenGotha 3.51, Tournament.makeAutomaticPairing / costValue (maximum total weight)';
/**
 * Pairing.PAIRING_GROUP_MIN_SIZE (MAX_SIZE is three times it): 200 in the released 3.51.02 (its chunks of the
 * EGC 2024 field, corpus opengotha-released/malavasi.geobug_R1: 278 + 432 players), 100 in the corrected engine.
 */
const CHUNK_MIN_SIZE: Readonly<Record<OpenGothaRules, number>> = { released: 200, corrected: 100 };

/** Everything the `opengotha` system knows before it pairs a round: parameters, scores, field and the bye. */
export interface OpenGothaRound {
  readonly state: RoundState;
  /** The players to pair (bye excluded), in the order of OpenGotha's list (see pairingListOrder). */
  readonly field: readonly ScoredPlayer[];
  readonly bye: ScoredPlayer | null;
  readonly byeReason: string;
  /** The weight terms of any two players of the round. */
  weigh(a: PlayerId, b: PlayerId): WeightTerms;
}

/** Prepares round `round` the way OpenGotha does before matching: scores, groups, players to pair and the bye. */
export function prepareOpenGothaRound(t: Tournament, round: Round, options: OpenGothaOptions = {}): OpenGothaRound | PairingError {
  const refused = refuseRound(t, round, options);
  if (refused) return refused;
  const read = readOpenGothaParameters(t);
  if (!read.ok) {
    return pairingError('unsupported-parameters', round, `OpenGotha pairing parameters: ${read.problems.join('; ')}`);
  }
  const par = read.parameters;
  const spread = maximumWeight(par) - 1;
  if (!Number.isSafeInteger(spread) || spread > MAX_WEIGHT_SPREAD) {
    return pairingError(
      'unsupported-parameters',
      round,
      `OpenGotha pairing parameters: the weights add up to ${spread}, more than the exact matching accepts (2^50 = ${MAX_WEIGHT_SPREAD}); lower paiBaAvoidDuplGame (OpenGotha's maximum is 5·10^14) or the other weights`,
    );
  }
  const state = buildRoundState(t, round, par, options.rules ?? 'released');
  const everyone = state.scored.filter((s) => isPairable(s.player, round)).sort(pairingListOrder(state));
  if (everyone.length < 2) {
    return pairingError('too-few-players', round, `${everyone.length} player${everyone.length === 1 ? ' is' : 's are'} to be paired in round ${round}; at least two are needed`);
  }
  const checked = checkControls(t, round, everyone, options);
  if (checked) return checked;
  let bye: ScoredPlayer | null = null;
  let byeReason = '';
  if (options.bye !== undefined) {
    const chosen = everyone.find((s) => s.id === options.bye);
    if (!chosen) return pairingError('unknown-player', round, `the bye ${options.bye} is not a player to pair in round ${round}`, [options.bye]);
    if (everyone.length % 2 === 0) return pairingError('contradictory-controls', round, `the bye ${options.bye} was chosen but ${everyone.length} players (an even number) are to be paired`, [options.bye]);
    bye = chosen;
    byeReason = 'chosen by the director';
  } else if (everyone.length % 2 === 1) {
    // The director's forced pairs are made before the automatic pairing, so the bye goes to someone else.
    const forced = new Set((options.forcedPairs ?? []).flat());
    const first = openGothaByeOrder(state, everyone.filter((s) => !forced.has(s.id)))[0];
    bye = first.player;
    byeReason = first.reason;
  }
  const field = everyone.filter((s) => s !== bye);
  const weigh = (a: PlayerId, b: PlayerId) => weightTerms(state, state.byId.get(a)!, state.byId.get(b)!);
  return { state, field, bye, byeReason, weigh };
}

/**
 * The director's controls against the players to pair: everyone named is registered, the forced players and the bye
 * are to be paired this round, nobody is forced twice or both forced and forbidden, and the bye is not forced.
 */
function checkControls(t: Tournament, round: Round, everyone: readonly ScoredPlayer[], options: DirectorControls): PairingError | null {
  const forced = options.forcedPairs ?? [];
  const forbidden = options.forbiddenPairs ?? [];
  const byeList = options.bye !== undefined ? [options.bye] : [];
  const registered = new Map(t.players.map((p) => [p.id, p]));
  const name = (id: PlayerId) => {
    const p = registered.get(id);
    return p ? `${id} (${displayName(p)})` : String(id);
  };
  const unknown = [...new Set([...forced.flat(), ...forbidden.flat(), ...byeList].filter((id) => !registered.has(id)))];
  if (unknown.length > 0) return pairingError('unknown-player', round, `not registered: ${unknown.join(', ')}`, unknown);
  const toPair = new Set(everyone.map((s) => s.id));
  const away = [...new Set([...forced.flat(), ...byeList].filter((id) => !toPair.has(id)))];
  if (away.length > 0) {
    return pairingError('unknown-player', round, `${away.map(name).join(', ')} ${away.length === 1 ? 'is' : 'are'} not to be paired in round ${round} (absent, or not finally registered)`, away);
  }
  const forbiddenKeys = new Set(forbidden.map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`)));
  const pairOf = new Map<PlayerId, string>();
  for (const [a, b] of forced) {
    if (a === b) return pairingError('contradictory-controls', round, `forced pair ${a}–${b}: a player cannot play himself`, [a]);
    if (forbiddenKeys.has(a < b ? `${a}-${b}` : `${b}-${a}`)) return pairingError('contradictory-controls', round, `${name(a)} and ${name(b)} are both forced and forbidden to meet`, [a, b]);
    for (const id of [a, b]) {
      const other = pairOf.get(id);
      if (other) return pairingError('contradictory-controls', round, `${name(id)} is in two forced pairs (${other} and ${a}–${b})`, [id]);
      pairOf.set(id, `${a}–${b}`);
    }
  }
  if (options.bye !== undefined && pairOf.has(options.bye)) {
    return pairingError('contradictory-controls', round, `${name(options.bye)} is given the bye and forced to play`, [options.bye]);
  }
  return null;
}

/**
 * Tournament.makeAutomaticPairing's groups ("chunks"): with more than 3 × min players, groups of at least `min` (an
 * even number, at most 3 × min) are taken from the top score down and paired separately; the rest is paired last.
 * `min` is 200 in the released 3.51.02, 100 in the corrected engine (CHUNK_MIN_SIZE).
 */
export function pairingGroups(state: RoundState, field: readonly ScoredPlayer[], min = CHUNK_MIN_SIZE[state.rules]): ScoredPlayer[][] {
  const GROUP_MIN_SIZE = min;
  const GROUP_MAX_SIZE = 3 * min;
  const groups: ScoredPlayer[][] = [];
  const remaining = [...field];
  const scoreOf = (s: ScoredPlayer) => javaDiv(state.mainX2(s.id), 2);
  const top = Math.max(...field.map(scoreOf));
  const bottom = Math.min(...field.map(scoreOf));
  while (remaining.length > GROUP_MAX_SIZE) {
    const group: ScoredPlayer[] = [];
    let ready = false;
    for (let mainScore = top; mainScore >= bottom && !ready; mainScore--) {
      for (let i = 0; i < remaining.length; ) {
        if (scoreOf(remaining[i]) < mainScore) {
          i++;
          continue;
        }
        group.push(...remaining.splice(i, 1));
        // "2 Emergency breaks"
        if (group.length >= GROUP_MAX_SIZE || remaining.length <= GROUP_MIN_SIZE) {
          ready = true;
          break;
        }
      }
      if (group.length >= GROUP_MIN_SIZE && group.length % 2 === 0) ready = true;
    }
    groups.push(group);
  }
  groups.push(remaining);
  return groups;
}

/** Pairs round `round` as OpenGotha 3.51 would. */
export function pairOpenGotha(t: Tournament, round: Round, options: OpenGothaOptions = {}): OpenGothaPairing | PairingError {
  const prepared = prepareOpenGothaRound(t, round, options);
  if ('kind' in prepared) return prepared;
  const { state, field, bye } = prepared;

  const forbidden = new Set((options.forbiddenPairs ?? []).map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`)));
  const forced = options.forcedPairs ?? [];
  const inForced = new Set(forced.flat());
  for (const id of inForced) {
    if (!field.some((s) => s.id === id)) return pairingError('unknown-player', round, `forced pair: ${id} is not a player to pair in round ${round}`, [id]);
  }
  if (inForced.size !== forced.length * 2) return pairingError('contradictory-controls', round, 'a player is in two forced pairs', [...inForced]);

  const chosen: [ScoredPlayer, ScoredPlayer][] = forced.map(([a, b]) => [state.byId.get(a)!, state.byId.get(b)!]);
  const free = field.filter((s) => !inForced.has(s.id));
  // The released engine's chunks only when asked (--opengotha-chunks): one matching of the whole field weighs at
  // least as much as OpenGotha's chunks. The corrected engine keeps its chunks, as it always did.
  const groups = state.rules === 'corrected' || options.chunks ? pairingGroups(state, free) : [free];
  for (const group of groups) {
    const n = group.length;
    // The totals of ./weights `weightTerms`, computed once per player where they can be (./weigher).
    const weigh = pairWeigher(state, group);
    const result = maxWeightPerfectMatching(n, (i, j) => {
      if (forbidden.size > 0) {
        const a = group[i].id;
        const b = group[j].id;
        if (forbidden.has(a < b ? `${a}-${b}` : `${b}-${a}`)) return null;
      }
      return weigh(i, j);
    });
    if (result.status !== 'optimal') {
      const who = result.unmatched.map((i) => group[i].id);
      return pairingError('no-pairing', round, `no complete pairing: ${result.message}`, who);
    }
    for (let i = 0; i < n; i++) if (i < result.mate[i]) chosen.push([group[i], group[result.mate[i]]]);
  }

  // Tables as OpenGotha numbers them after its automatic pairing (./tables): the games in the order pairAGroup made
  // them (forced pairs first, then each group in list order), sorted by GameComparator.BEST_SCR_ORDER.
  const made = chosen.map(([p1, p2]) => ({ p1, p2, game: gameBetween(state, p1, p2) }));
  const byeCounts = options.byeCountsForTables ?? options.bye !== undefined;
  const afterRound = stateAtPairedRound(t, round, state.parameters, bye && byeCounts ? bye.id : null);
  const tables = numberTables(
    afterRound,
    made.map(({ game }) => ({ white: game.white.id, black: game.black.id })),
  );
  const order = made.map((_, i) => i).sort((i, j) => tables[i] - tables[j]);

  const games: PairedGame[] = [];
  const weights: WeightedPair[] = [];
  const report: ReportLine[] = [];
  let totalWeight = 0n;
  for (const i of order) {
    const { p1, p2, game } = made[i];
    const table = tables[i];
    const terms = weightTerms(state, p1, p2);
    totalWeight += BigInt(terms.total);
    games.push({ table, white: game.white.id, black: game.black.id, handicap: game.handicap, colourKnown: true });
    weights.push({ white: game.white.id, black: game.black.id, terms });
    report.push(pairLine(state, table, game.white, game.black, game.handicap, game.reason, terms, inForced.has(p1.id)));
    report.push(...deviations(state, table, game.white, game.black, terms, inForced.has(p1.id)));
  }
  if (bye) {
    const line: ByeLine = {
      kind: 'bye',
      player: bye.id,
      reason: prepared.byeReason,
      rule: openGothaByeRule(state),
      message: `Bye: ${describe(bye)} — ${prepared.byeReason}`,
    };
    report.push(line);
    if (bye.byes > 0) {
      report.push({
        kind: 'second-bye',
        players: [bye.id],
        rule: openGothaByeRule(state),
        message: `${describe(bye)} receives a bye again (${bye.byes} before): OpenGotha's weight adds 1000 per earlier bye, and every other player weighs more`,
      });
    }
  }
  if (!state.parameters.deterministic && state.parameters.random > 0) {
    report.push({
      kind: 'switch',
      players: [],
      rule: OPENGOTHA_RULE,
      message: `paiBaDeterministic is false: OpenGotha would add Math.random() up to ${state.parameters.random} to each pair, which cannot be reproduced; Tengen adds OpenGotha's deterministic detRandom instead`,
    });
  }
  return { round, system: 'opengotha', games, bye: bye ? bye.id : null, report, weights, totalWeight };
}

function describe(s: ScoredPlayer): string {
  return `${s.id} (${displayName(s.player)})`;
}

/** "baseDuplicateGame=500000000000000, …, total=…": a pair's terms, named as in OpenGotha's weight dumps. */
export function formatWeightTerms(terms: WeightTerms): string {
  return [...WEIGHT_TERM_NAMES.map((n) => `${n}=${terms[n]}`), `total=${terms.total}`].join(', ');
}

function pairLine(
  state: RoundState,
  table: number,
  white: ScoredPlayer,
  black: ScoredPlayer,
  handicap: number,
  colours: string,
  terms: WeightTerms,
  forced: boolean,
): PairLine {
  const w = state.mainX2(white.id);
  const b = state.mainX2(black.id);
  return {
    kind: 'pair',
    table,
    white: white.id,
    black: black.id,
    whiteScoreHalves: w,
    blackScoreHalves: b,
    scoreDifferenceHalves: Math.abs(w - b),
    handicap,
    colourKnown: true,
    colours,
    message: `Table ${table}: ${describe(white)} [${formatHalves(w)}] – ${describe(black)} [${formatHalves(b)}]${handicap ? `, handicap ${handicap}` : ''}${forced ? ' (forced by the director)' : ''}; weight ${formatWeightTerms(terms)}`,
  };
}

function deviations(state: RoundState, table: number, white: ScoredPlayer, black: ScoredPlayer, terms: WeightTerms, forced: boolean): DeviationLine[] {
  const out: DeviationLine[] = [];
  const players = [white.id, black.id];
  const who = `${describe(white)} and ${describe(black)}`;
  if (forced) out.push({ kind: 'forced', table, players, message: `Table ${table}: ${who} were paired by the director` });
  if (terms.baseDuplicateGame === 0 && state.parameters.avoidDuplicateGame > 0) {
    out.push({
      kind: 'repeat',
      table,
      players,
      rule: `${OPENGOTHA_RULE}, base criterion 1 (avoid duplicate games)`,
      message: `Table ${table}: ${who} meet again (${state.meetings(white.id, black.id)} earlier game${state.meetings(white.id, black.id) === 1 ? '' : 's'}): no heavier complete pairing avoids it`,
    });
  }
  const gw = state.info.get(white.id)!.groupNumber;
  const gb = state.info.get(black.id)!.groupNumber;
  if (gw !== gb) {
    out.push({
      kind: 'cross-group',
      table,
      players,
      rule: `${OPENGOTHA_RULE}, main criteria 2 and 3 (score difference, draw-up/draw-down)`,
      message: `Table ${table}: ${who} are ${Math.abs(gw - gb)} score group${Math.abs(gw - gb) === 1 ? '' : 's'} apart (draw-up/draw-down weight ${terms.mainDUDD})`,
    });
  }
  const sameClub = (white.player.club ?? '').toLowerCase() === (black.player.club ?? '').toLowerCase() && (white.player.club ?? '') !== '';
  if (sameClub && state.parameters.avoidSameGeo > 0 && terms.secGeo < state.parameters.avoidSameGeo) {
    out.push({
      kind: 'same-club',
      table,
      players,
      rule: `${OPENGOTHA_RULE}, secondary criteria (geography)`,
      message: `Table ${table}: ${who} are both of club ${white.player.club} (geography weight ${terms.secGeo} of ${state.parameters.avoidSameGeo})`,
    });
  }
  return out;
}

export type { OpenGothaParameters };
