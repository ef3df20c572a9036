/**
 * Mays' paper method (seeds/mays-swiss-mcmahon-manual.txt, "Doing the Pairings" and "Summary of the Pairing
 * Process"), done as the director does it with pairing cards:
 *
 * "1. If there is an odd number of players in the tournament, select the player who will get the bye.
 *  2. Collect all the pairing cards with the same current McMahon score.
 *  3. Place these cards in a column in ascending order of their ID numbers.
 *  4. Take the bottom half of the column and place it to the right of the top half.
 *  5. If there is an odd number of cards among those with the same current McMahon score, pair up or down.
 *  6. Check each pairing in reference to the four considerations mentioned above."
 *
 * Score groups are taken from the top down ("Starting with the McMahon section of those players with the initial
 * McMahon score of 0—the topmost section"); the odd card of a group is its weakest player, who meets "the strongest
 * player from Section 2". Consideration No. 1 (no repeat) and No. 2 (same city, relatives) are met by switching
 * cards in the right column ("switch Player 5 with Player 6, if this doesn't work, try Player 5 with Player 7, and so
 * on"); No. 3 (colours) and No. 4 (handicap) are written on the sheet (./sheet).
 *
 * Before a choice is kept, the cards left must still have a complete pairing without a repeat (./feasibility), so
 * the method fails only when no pairing exists — a `PairingError` then says why, never a partial draw. Where the
 * halves of a group cannot meet without a repeat, Mays' own shortcut is used ("Key Rounds…", "Pairings for Round 6":
 * the topmost card "goes down the column until he finds the first player with whom the top player has not already
 * been paired"), and a player leaves his group only when Appendix D allows it (Cardinal Rule No. 3, Conditions 1
 * and 2).
 *
 * Why one file of this size: Mays' paper method step by step in his manual's order, so that it reads as the manual does.
 */
import type { HandicapSettings, PairingCriterion, PlayerId, Round, RulesetName, Tournament } from '../../model/tournament';
import { chooseReportedBye, directorByeLine, type ByeMethod } from '../byes';
import type { ColourOptions } from '../../pairing/colours';
import { explainNoPairing, readControls, refuseRound, type Controls, type RoundRequestOptions } from '../../pairing/controls';
import { CompatibilityGraph, minimumAssignmentCost } from '../../pairing/feasibility';
import { describeNeighbourhood, neighbourhoodOf, startsAboveTopBar, type GeographyOptions, type Neighbourhood } from '../../pairing/geography';
import { groupOrder, type GroupOrder } from '../../pairing/groupOrder';
import { handicapSettingsOf } from '../../pairing/handicap';
import { buildHistory, forcedPairLines, formatHalves, type PairingHistory } from '../../pairing/history';
import { maysNeighbourWhy } from './maysReport';
import { coloursOfRuleset } from '../../pairing/colours';
import { scoreLabel, withTables, writeSheet, type SheetPair } from '../../pairing/sheet';
import { isPairingError, type ByeLine, type DeviationLine, type DirectorControls, type PairingError, type PairingResult } from '../../pairing/types';

export interface MaysOptions extends DirectorControls, GeographyOptions, RoundRequestOptions {
  /** Score the current McMahon score under this ruleset (default: the tournament's). */
  readonly ruleset?: RulesetName;
  /** Default: the tournament's handicap settings, else its ruleset's (./handicap `defaultHandicapSettings`). */
  readonly handicap?: HandicapSettings;
  readonly colours?: ColourOptions;
  /** How the bye is chosen (default Mays). */
  readonly byeMethod?: ByeMethod;
  /** Default `settings.hostCity`. */
  readonly hostCity?: string;
  /**
   * From this round on, pair adjacent cards inside a group (the topmost card with the first card below he may meet)
   * instead of the top half against the bottom half: Mays' shortcut for the last round ("Pairings for Round 6") and
   * his "Alternate Method of Pairing" ("pair the adjacent players with each other (Player 1 with Player 2 …)").
   * Default: never, except where the halves cannot meet without a repeat.
   */
  readonly adjacentFromRound?: number;
  /** The order of the cards inside a score group before their IDs (default `settings.pairingTiebreaks`; ./groupOrder). */
  readonly pairingTiebreaks?: readonly PairingCriterion[];
}

const MANUAL = 'seeds/mays-swiss-mcmahon-manual.txt';
const RULES = {
  halves: `${MANUAL}, "Doing the Pairings": "he takes the cards in the bottom half of the column and aligns them with those in the top half"`,
  odd: `${MANUAL}, "Doing the Pairings": "takes the weakest player from the column … and pairs him with the strongest player from Section 2"; Appendix D, Cardinal Rule No. 3, Condition No. 1`,
  exhausted: `${MANUAL}, Appendix D, Cardinal Rule No. 3, Condition No. 2: "When a player has already been paired with all the other players with the same current McMahon score"`,
  neededBelow: `${MANUAL}, Appendix D, Cardinal Rule No. 3: "Always pair together players with the same current McMahon score, if possible" — not possible here: the groups below have met each other`,
  repeat: `${MANUAL}, Consideration No. 1 and Cardinal Rule No. 2: "No two players can be paired together twice"`,
  geography: `${MANUAL}, Consideration No. 2: "If either is true, try switching the cards in the column on the right (up and down)"`,
  shortcut: `${MANUAL}, "Key Rounds…", "Pairings for Round 6": the topmost card "goes down the column until he finds the first player with whom the top player has not already been paired"`,
} as const;

type FloatReason = 'odd' | 'exhausted' | 'needed-below';

const FLOAT_REASON: Readonly<Record<FloatReason, { readonly why: string; readonly rule: string }>> = {
  odd: { why: 'was the odd player of his score group', rule: RULES.odd },
  exhausted: { why: 'has met every other player of his score group', rule: RULES.exhausted },
  'needed-below': { why: 'left his score group so that the groups below could be paired without a repeat', rule: RULES.neededBelow },
};

/**
 * The pairing cards not yet paired, and a complete pairing of them kept up to date: a choice is kept only if the
 * cards left can still all be paired (no repeat, nothing forbidden).
 */
class OpenCards {
  private readonly graph: CompatibilityGraph;
  private readonly index = new Map<PlayerId, number>();
  private readonly open: boolean[];
  private completion: Int32Array | null = null;

  constructor(
    readonly pool: readonly PlayerId[],
    readonly allowed: (a: PlayerId, b: PlayerId) => boolean,
  ) {
    pool.forEach((id, i) => this.index.set(id, i));
    this.graph = new CompatibilityGraph(pool.length, (i, j) => allowed(pool[i], pool[j]));
    this.open = pool.map(() => true);
  }

  isOpen(id: PlayerId): boolean {
    return this.open[this.at(id)];
  }

  /** Set `bye` aside if the others can then all be paired; true when done. */
  setAside(bye: PlayerId | null): boolean {
    const next = this.pool.map((id) => id !== bye);
    const m = this.graph.perfectMatching(next);
    if (!m) return false;
    this.open.splice(0, this.open.length, ...next);
    this.completion = m;
    return true;
  }

  /** Keep the pairs if the cards left can still all be paired; true when kept. */
  commit(pairs: readonly (readonly [PlayerId, PlayerId])[]): boolean {
    const closing = new Set(pairs.flat());
    const next = this.open.map((o, i) => o && !closing.has(this.pool[i]));
    const m = this.graph.perfectMatching(next, this.hintWithout(closing));
    if (!m) return false;
    this.open.splice(0, this.open.length, ...next);
    this.completion = m;
    return true;
  }

  /** Could the open cards other than `ids` still all be paired? */
  restPairable(ids: readonly PlayerId[]): boolean {
    const closing = new Set(ids);
    const next = this.open.map((o, i) => o && !closing.has(this.pool[i]));
    return this.graph.perfectMatching(next, this.hintWithout(closing)) !== null;
  }

  /** Can these cards be paired among themselves? */
  pairableAmong(ids: readonly PlayerId[]): boolean {
    if (ids.length % 2 === 1) return false;
    if (ids.length === 0) return true;
    const set = new Set(ids);
    return this.graph.perfectMatching(this.pool.map((id) => set.has(id))) !== null;
  }

  explainImpossible(h: PairingHistory, bye?: PlayerId): PairingError {
    return explainNoPairing(h, this.pool, this.graph, bye);
  }

  private at(id: PlayerId): number {
    const i = this.index.get(id);
    if (i === undefined) throw new RangeError(`player ${id} is not among the cards to pair`);
    return i;
  }

  private hintWithout(closing: ReadonlySet<PlayerId>): Int32Array | undefined {
    if (!this.completion) return undefined;
    const hint = Int32Array.from(this.completion);
    for (const id of closing) {
      const v = this.at(id);
      if (hint[v] >= 0) hint[hint[v]] = -1;
      hint[v] = -1;
    }
    return hint;
  }
}

/** Subsets of `count` positions of size `size`, the last positions (the weakest cards) first, at most `limit`. */
function* weakestFirstSubsets(count: number, size: number, limit: number): Generator<number[]> {
  let produced = 0;
  const chosen: number[] = [];
  function* walk(start: number): Generator<number[]> {
    if (chosen.length === size) {
      produced++;
      yield [...chosen];
      return;
    }
    for (let i = start; i >= size - chosen.length - 1 && produced < limit; i--) {
      chosen.push(i);
      yield* walk(i - 1);
      chosen.pop();
    }
  }
  yield* walk(count - 1);
}

interface ByeChoice {
  readonly bye: PlayerId | null;
  readonly lines: readonly (ByeLine | DeviationLine)[];
}

/**
 * Step 1: the bye, first in the method's order whose absence leaves the others pairable; those passed over are
 * reported. The director's bye is taken as given.
 */
function chooseTheBye(h: PairingHistory, cards: OpenCards, controls: Controls, options: MaysOptions): ByeChoice | PairingError {
  if (cards.pool.length % 2 === 0) {
    return cards.setAside(null) ? { bye: null, lines: [] } : cards.explainImpossible(h);
  }
  if (controls.bye !== undefined) {
    if (!cards.setAside(controls.bye)) return cards.explainImpossible(h, controls.bye);
    return { bye: controls.bye, lines: [directorByeLine(h, controls.bye)] };
  }
  const chosen = chooseReportedBye(h, cards.pool, { method: options.byeMethod, hostCity: options.hostCity }, (id) => cards.setAside(id));
  if (chosen) return chosen;
  return cards.explainImpossible(h);
}

/** Steps 2–6 for every score group, top down: the pairs in the order made, and the deviations. */
function pairScoreGroups(
  h: PairingHistory,
  cards: OpenCards,
  near: (a: PlayerId, b: PlayerId) => Neighbourhood | undefined,
  field: readonly PlayerId[],
  adjacent: boolean,
  order: GroupOrder,
): { pairs: SheetPair[]; deviations: DeviationLine[] } {
  const groups: PlayerId[][] = [];
  // "Place these cards in a column in ascending order of their ID numbers" — after the pairing tie-breakers when the
  // tournament sets them (./groupOrder).
  for (const id of [...field].sort((a, b) => h.scoreHalves(b) - h.scoreHalves(a) || order(a, b) || a - b)) {
    const last = groups[groups.length - 1];
    if (last && h.scoreHalves(last[0]) === h.scoreHalves(id)) last.push(id);
    else groups.push([id]);
  }
  const pairs: SheetPair[] = [];
  const deviations: DeviationLine[] = [];
  const floatReason = new Map<PlayerId, FloatReason>();
  let carried: PlayerId[] = [];

  groups.forEach((group, g) => {
    const last = g === groups.length - 1;
    const stillCarried: PlayerId[] = [];

    // Step 5, from above: a carried card meets the strongest card of this group he may meet (Mays: "pairs him with
    // the strongest player from Section 2"), else another carried card nearer his score, else goes further down.
    for (const c of carried) {
      if (!cards.isOpen(c)) continue;
      const distance = (x: PlayerId) => Math.abs(h.scoreHalves(c) - h.scoreHalves(x));
      const partner = [...carried.filter((x) => x !== c), ...group]
        .filter((x) => cards.isOpen(x) && cards.allowed(c, x))
        .sort((x, y) => distance(x) - distance(y) || Number(near(c, x) !== undefined) - Number(near(c, y) !== undefined) || order(x, y) || x - y)
        .find((x) => cards.commit([[c, x]]));
      if (partner === undefined) {
        stillCarried.push(c);
        continue;
      }
      pairs.push({ a: c, b: partner });
      const reason = FLOAT_REASON[floatReason.get(c) ?? 'odd'];
      deviations.push({
        kind: 'cross-group',
        players: [c, partner],
        rule: reason.rule,
        message: `${h.describe(c)} (${scoreLabel(h, c)}) meets ${h.describe(partner)} (${scoreLabel(h, partner)}): ${c} ${reason.why}`,
      });
    }

    // Steps 2–4: the group's own cards, leaving as few as possible for the next group, the weakest first ("takes the
    // weakest player from the column"), more only when the group cannot be paired among itself or the groups below
    // need them. The last group keeps every card.
    const remaining = group.filter((x) => cards.isOpen(x));
    let inside = remaining;
    let floaters: PlayerId[] = [];
    if (!last) {
      const choice = chooseFloaters(cards, remaining);
      inside = choice.inside;
      floaters = choice.floaters;
    }
    for (const f of floaters) {
      const metAll = remaining.length > 1 && remaining.every((x) => x === f || !cards.allowed(f, x));
      floatReason.set(f, metAll ? 'exhausted' : floaters.length === remaining.length % 2 ? 'odd' : 'needed-below');
    }

    // Step 6: the considerations, by switching cards.
    const made = pairInside(h, cards, near, inside, adjacent, order);
    if (!cards.commit(made.pairs)) {
      // `chooseFloaters` checked exactly this; a failure here is a bug, and must not pass silently.
      throw new Error(`internal: score group ${formatHalves(h.scoreHalves(group[0]))} was checked pairable`);
    }
    for (const [a, b] of made.pairs) pairs.push({ a, b });
    deviations.push(...made.lines);
    carried = [...stillCarried, ...floaters];
  });
  return { pairs, deviations };
}

function chooseFloaters(cards: OpenCards, remaining: readonly PlayerId[]): { inside: PlayerId[]; floaters: PlayerId[] } {
  for (let size = remaining.length % 2; size <= remaining.length; size += 2) {
    for (const positions of weakestFirstSubsets(remaining.length, size, 2000)) {
      const out = new Set(positions.map((p) => remaining[p]));
      const inside = remaining.filter((x) => !out.has(x));
      if (cards.pairableAmong(inside) && cards.restPairable(inside)) {
        return { inside, floaters: remaining.filter((x) => out.has(x)) };
      }
    }
  }
  return { inside: [], floaters: [...remaining] };
}

/** One score group: top half against bottom half, switching cards on the right; else (or when asked) adjacent cards. */
function pairInside(
  h: PairingHistory,
  cards: OpenCards,
  near: (a: PlayerId, b: PlayerId) => Neighbourhood | undefined,
  ids: readonly PlayerId[],
  adjacent: boolean,
  order: GroupOrder,
): { pairs: [PlayerId, PlayerId][]; lines: DeviationLine[] } {
  if (ids.length === 0) return { pairs: [], lines: [] };
  const half = ids.length / 2;
  const left = ids.slice(0, half);
  const right = ids.slice(half);
  if (!adjacent && minimumAssignmentCost(left.map((a) => right.map((b) => (cards.allowed(a, b) ? 0 : 1)))) === 0) {
    const column = switchRightColumn(cards, near, left, right);
    const lines: DeviationLine[] = [];
    column.forEach((partner, i) => {
      if (partner !== right[i]) lines.push(explainSwitch(h, cards, near, left[i], partner, right[i]));
    });
    return { pairs: left.map((a, i) => [a, column[i]]), lines };
  }
  // The halves cannot meet without a repeat: each topmost card goes down the column to the first card he may meet
  // (the same city only when nothing else is left), keeping the rest of the group pairable.
  const pairs: [PlayerId, PlayerId][] = [];
  const open = [...ids].sort((a, b) => order(a, b) || a - b);
  while (open.length > 0) {
    const top = open.shift() as PlayerId;
    const down = open.filter((x) => cards.allowed(top, x));
    const partner = [...down.filter((x) => !near(top, x)), ...down.filter((x) => near(top, x))].find((x) =>
      cards.pairableAmong(open.filter((y) => y !== x)),
    );
    if (partner === undefined) throw new Error('internal: the score group was checked pairable');
    open.splice(open.indexOf(partner), 1);
    pairs.push([top, partner]);
  }
  if (adjacent) return { pairs, lines: [] };
  const line: DeviationLine = {
    kind: 'switch',
    players: [...ids],
    rule: RULES.shortcut,
    message: `score group ${scoreLabel(h, ids[0])}: the top half cannot meet the bottom half without a repeat, so each topmost card goes down the column to the first player he has not met`,
  };
  return { pairs, lines: [line] };
}

/**
 * The right column after Mays' switches: left card i takes right card i, else the next one down ("switch Player 5
 * with Player 6, if this doesn't work, try Player 5 with Player 7"). Of the arrangements without a repeat, those with
 * the fewest pairs of the same city, club or family are kept, and of these the first in switching order: a switch is
 * accepted only if the cards below can still be arranged that well (counted exactly), so the search never backtracks.
 */
function switchRightColumn(
  cards: OpenCards,
  near: (a: PlayerId, b: PlayerId) => Neighbourhood | undefined,
  left: readonly PlayerId[],
  right: readonly PlayerId[],
): PlayerId[] {
  const n = left.length;
  const impossible = n + 1;
  const price = (a: PlayerId, b: PlayerId) => (!cards.allowed(a, b) ? impossible : near(a, b) ? 1 : 0);
  const fewest = (from: number, column: readonly PlayerId[]) =>
    minimumAssignmentCost(left.slice(from).map((a) => column.slice(from).map((b) => price(a, b))));
  const column = [...right];
  let budget = fewest(0, column);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      [column[i], column[j]] = [column[j], column[i]];
      const here = price(left[i], column[i]);
      if (here < impossible && here + fewest(i + 1, column) === budget) {
        budget -= here;
        break;
      }
      [column[i], column[j]] = [column[j], column[i]];
    }
  }
  return column;
}

function explainSwitch(
  h: PairingHistory,
  cards: OpenCards,
  near: (a: PlayerId, b: PlayerId) => Neighbourhood | undefined,
  a: PlayerId,
  partner: PlayerId,
  natural: PlayerId,
): DeviationLine {
  const met = h.meetings(a, natural);
  const neighbours = near(a, natural);
  let why = 'a consequence of the switches above';
  let rule: string = RULES.halves;
  if (met.length > 0) {
    why = `${a} and ${natural} met in round ${met.map((m) => m.round).join(', ')}`;
    rule = RULES.repeat;
  } else if (!cards.allowed(a, natural)) {
    why = `the director forbade ${a}–${natural}`;
    rule = "the director's forbidden pair";
  } else if (neighbours) {
    why = `${a} and ${natural} are ${describeNeighbourhood(neighbours, h.player(a), h.player(natural))}`;
    rule = RULES.geography;
  }
  return { kind: 'switch', players: [a, partner, natural], rule, message: `${a}–${partner} instead of ${a}–${natural}: ${why}` };
}

export function pairMays(t: Tournament, round: Round, options: MaysOptions = {}): PairingResult {
  const refused = refuseRound(t, round, options);
  if (refused) return refused;
  const h = buildHistory(t, round, { ruleset: options.ruleset });
  const controls = readControls(h, options);
  if (isPairingError(controls)) return controls;

  // The host city's players are not kept apart for their city; under the EGF, nor the players above the top bar.
  const neighbourhood = neighbourhoodOf({
    ...options,
    hostCity: options.hostCity ?? t.settings.hostCity,
    geographyFree: options.geographyFree ?? startsAboveTopBar(t, options.ruleset),
  });
  const near = (a: PlayerId, b: PlayerId) => neighbourhood(h.player(a), h.player(b));
  const cards = new OpenCards(controls.pool, (a, b) => h.meetings(a, b).length === 0 && !controls.isForbidden(a, b));

  const byeChoice = chooseTheBye(h, cards, controls, options);
  if (isPairingError(byeChoice)) return byeChoice;
  const field = controls.pool.filter((id) => id !== byeChoice.bye);
  const order = groupOrder(h, options.pairingTiebreaks ?? t.settings.pairingTiebreaks);
  const paper = pairScoreGroups(h, cards, near, field, options.adjacentFromRound !== undefined && round >= options.adjacentFromRound, order);

  const forced: SheetPair[] = controls.forced.map(([a, b]) => ({ a, b, forced: true }));
  const forcedLines: DeviationLine[] = controls.forced.flatMap(([a, b]) => forcedPairLines(h, a, b, RULES.repeat));

  const sheet = writeSheet(h, [...paper.pairs, ...forced], {
    handicap: options.handicap ?? handicapSettingsOf(t.settings),
    // The ruleset's colour rule (../../pairing/colours: EGF, BGA and OpenGotha balance everyone; Mays within one rank).
    colours: coloursOfRuleset(options.ruleset ?? t.settings.ruleset, options.colours),
    neighbourhood: near,
    // Claims only what the score group shows (./maysReport), never "could not be avoided" for the field.
    neighbourhoodWhy: maysNeighbourWhy(h, field, paper.pairs.map((p) => [p.a, p.b] as const), near, (a, b) => h.meetings(a, b).length === 0 && !controls.isForbidden(a, b)),
  });
  const deviations = withTables([...paper.deviations, ...forcedLines, ...sheet.deviations], sheet.games);
  return { round, system: 'mays', games: sheet.games, bye: byeChoice.bye, report: [...byeChoice.lines, ...sheet.lines, ...deviations] };
}
