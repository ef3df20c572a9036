/**
 * Standings: players ordered by the ruleset's criteria, places shared by equal players, section winners, and the
 * shares of divisible prizes.
 *
 * seeds/egf-general-tournament-rules-excerpt.txt, equal players: "They have the same place number, which is one
 * greater than the number of better placed players." … "They equally share the sum of all money prizes issued for
 * those place numbers that they would have got if they were not equal."
 * seeds/mays-swiss-mcmahon-manual.txt, "Determining the Winners": "The winner of a section is the player who wins
 * the highest number of victories. Included in this count of victories is the bye … and any game that he won by
 * default."
 */
import { TengenInputError } from '../model/errors';
import { compare, fraction, type Fraction } from '../model/fraction';
import type { Criterion, Player, PlayerId, RulesetName, Tournament } from '../model/tournament';
import { cusp, cuss, mms, nbw, sodos, sos, sosos } from './criteria';
import { compareKeys, directComparison } from './directComparison';
import { DEFAULT_LOTTERY_SEED, lot } from './lottery';
import { playoffKindOf, playoffOutcome } from './knockoutPlayoff';
import { lastPlayedRound } from './record';
import { cachedScoreboard, type Scoreboard, twinOf } from './scoreboard';

export interface StandingsOptions {
  readonly ruleset?: RulesetName;
  readonly asOf?: number;
  /** Placement order; default: the tournament's, else the ruleset's. */
  readonly tiebreaks?: readonly Criterion[];
}

export interface StandingsEntry {
  readonly player: Player;
  /** Index in the scoreboard. */
  readonly index: number;
  /** Place number, shared by equal players (within the section when the ruleset places by section). */
  readonly place: number;
  /** Section: its name (Mays) or its initial MMS. */
  readonly section: string;
  readonly sectionInitialMms: number;
  readonly sectionPlace: number;
  /** Every criterion's value for this player (Direct Comparison: among the players tied with him). */
  readonly values: Readonly<Record<Criterion, Fraction>>;
  /** Direct Comparison's successive values (first: among all tied players), in half points. */
  readonly dcKeys: readonly number[];
}

export interface Standings {
  readonly tournament: Tournament;
  readonly scoreboard: Scoreboard;
  readonly asOf: number;
  readonly order: readonly Criterion[];
  readonly lotterySeed: number;
  readonly entries: readonly StandingsEntry[];
  /** Section name → the winner(s) of that section. */
  readonly sectionWinners: ReadonlyMap<string, readonly PlayerId[]>;
}

const LOWEST = fraction(-(2 ** 40));

/** Values of criteria that depend on the player alone (also the draw's order inside a score group: ../pairing/groupOrder). */
export function singleValue(sb: Scoreboard, p: number, c: Criterion, seed: number): Fraction {
  const player = sb.players[p];
  switch (c) {
    case 'mms':
      return mms(sb, p);
    case 'nbw':
      return nbw(sb, p);
    case 'sos':
      return sos(sb, p);
    case 'sos1':
      return sos(sb, p, 1);
    case 'sos2':
      return sos(sb, p, 2);
    case 'sodos':
      return sodos(sb, p);
    case 'sosos':
      return sosos(sb, p);
    case 'cuss':
      return cuss(sb, p);
    case 'cusp':
      return cusp(sb, p);
    case 'rating':
      return player.rating === undefined ? LOWEST : fraction(Math.round(player.rating * 1000), 1000);
    case 'previousorder':
      return player.previousOrder === undefined ? LOWEST : fraction(-player.previousOrder);
    case 'lottery':
      return fraction(-lot(seed, player.id));
    case 'dc':
    case 'oneonone':
      throw new Error(`${c} depends on the tied group`);
  }
}

interface Context {
  readonly sb: Scoreboard;
  readonly seed: number;
  readonly values: Map<Criterion, (p: number) => Fraction>;
  readonly dcKeys: Map<number, readonly number[]>;
  readonly oneOnOneKeys: Map<number, readonly number[]>;
}

/**
 * A criterion's value of a player (by scoreboard index), made when first asked for and kept (issue 28: a prize
 * ceremony reads the top places' values alone, and the placement needs a tie-breaker only for the players still tied
 * by the ones before it; computing each for the whole field cost a congress's standings a third of its time). The
 * same value whenever made: `singleValue` is a pure function of the scoreboard, the player, the criterion and the seed
 * (its SOS rows and opponents' views memoised per scoreboard, criteria.ts).
 */
function valuesFor(ctx: Context, c: Criterion): (p: number) => Fraction {
  let v = ctx.values.get(c);
  if (!v) {
    const made: (Fraction | undefined)[] = new Array<Fraction | undefined>(ctx.sb.players.length);
    v = (p) => (made[p] ??= singleValue(ctx.sb, p, c, ctx.seed));
    ctx.values.set(c, v);
  }
  return v;
}

/**
 * Split each group of equal players by one more criterion; groups stay in standings order, players inside a group
 * in ID order.
 */
function refine(ctx: Context, groups: readonly number[][], c: Criterion, recordDc: boolean): number[][] {
  const out: number[][] = [];
  for (const g of groups) {
    if (g.length <= 1) {
      if (g.length === 1) out.push(g);
      continue;
    }
    let better: (a: number, b: number) => number;
    let sorted: number[];
    if (c === 'dc' || c === 'oneonone') {
      const mcmahonOrSwiss = ctx.sb.tournament.settings.system !== 'round-robin';
      const { keys } = directComparison(ctx.sb, g, {
        requireEqualMeetings: c === 'dc' && mcmahonOrSwiss,
        iterate: c === 'dc',
      });
      if (recordDc) for (const [p, k] of keys) (c === 'dc' ? ctx.dcKeys : ctx.oneOnOneKeys).set(p, k);
      better = (a, b) => compareKeys(keys.get(a)!, keys.get(b)!);
      sorted = [...g].sort((a, b) => better(b, a) || a - b);
    } else {
      const v = valuesFor(ctx, c);
      better = (a, b) => compare(v(a), v(b));
      // `better(b, a) || a - b` without the closure between: `compare` called on the values at once, asked for in that
      // order, as each is made when first asked for (issue 28: some 20,000 comparisons a congress's standings, twice a
      // round's batch, in code not optimised yet).
      sorted = [...g].sort((a, b) => compare(v(b), v(a)) || a - b);
    }
    let current: number[] = [sorted[0]];
    for (let i = 1; i < sorted.length; i++) {
      if (better(sorted[i - 1], sorted[i]) === 0) current.push(sorted[i]);
      else {
        out.push(current);
        current = [sorted[i]];
      }
    }
    out.push(current);
  }
  return out;
}

/**
 * Whether the table shows sections: where the tournament has McMahon sections of its own (Mays' sections, named on
 * the Grid) or the ruleset places players within their section (AQJG, Mays: the starting-score groups are the
 * sections then). A bar tournament under the EGF rules has one field: its starting scores ("MMS 2" … "MMS −15") are
 * no sections, and a "Section place" per starting score would read as eighteen winners (issue 25).
 */
export function showsSections(s: Standings): boolean {
  return (s.tournament.settings.sections?.length ?? 0) > 0 || s.scoreboard.ruleset.placesWithinSection;
}

function sectionOf(t: Tournament, sb: Scoreboard, p: number): { name: string; initial: number } {
  const initial = sb.initialHalves[p] / 2;
  const player = sb.players[p];
  const named = player.section !== undefined && t.settings.sections?.some((s) => s.name === player.section);
  return { name: named ? player.section! : initial === 0 && t.settings.system !== 'mcmahon' ? 'all' : `MMS ${initial}`, initial };
}

export function orderGroups(ctx: Context, start: readonly number[][], order: readonly Criterion[], recordDc = false): number[][] {
  // A tournament without players (a new one, before registration) starts from one empty group: no one to order.
  let groups = start.filter((g) => g.length > 0).map((g) => [...g]);
  for (const c of order) groups = refine(ctx, groups, c, recordDc);
  return groups;
}

export function computeStandings(t: Tournament, options: StandingsOptions = {}): Standings {
  const sb = cachedScoreboard(t, { ruleset: options.ruleset, asOf: options.asOf });
  const playoffKind = playoffKindOf(t);
  const rulesOrder = options.tiebreaks === undefined && t.settings.tiebreaks === undefined && playoffKind !== undefined;
  // The league and the QT (seeds/egc-championship-rules.txt): "the players are ordered by greater numbers of wins" /
  // "The number of wins is the only used criterion"; the ties for the top places go to the knockout playoff, the
  // others share their place (./knockoutPlayoff.ts).
  const order = options.tiebreaks ?? t.settings.tiebreaks ?? (playoffKind ? (['nbw'] as const) : sb.ruleset.defaultTiebreaks(t.settings.system));
  const seed = t.settings.lotterySeed ?? DEFAULT_LOTTERY_SEED;
  const ctx: Context = { sb, seed, values: new Map(), dcKeys: new Map(), oneOnOneKeys: new Map() };
  // OpenGotha lists only implied players (a game or a bye in some round) and numbers places without the others.
  // (the implied players gathered only for a ruleset that lists only them: issue 28)
  const implied = sb.ruleset.listsOnlyImpliedPlayers ? new Set([...t.games.flatMap((g) => [g.white, g.black]), ...t.byes.map((b) => b.player)]) : undefined;
  const all = sb.players.map((_, p) => p).filter((p) => !implied || implied.has(sb.players[p].id));
  const sections = sb.players.map((_, p) => sectionOf(t, sb, p));

  // Mays: places are decided inside each McMahon section, sections listed from the highest initial MMS down.
  let start: number[][] = [all];
  if (sb.ruleset.placesWithinSection) {
    const bySection = new Map<number, number[]>();
    for (const p of all) {
      const k = sections[p].initial;
      const list = bySection.get(k);
      if (list) list.push(p);
      else bySection.set(k, [p]);
    }
    start = [...bySection.entries()].sort((a, b) => b[0] - a[0]).map(([, ps]) => ps);
  }
  let groups = orderGroups(ctx, start, order, true);
  const decided = rulesOrder && sb.asOf >= t.settings.rounds ? playoffPlaces(t, sb) : undefined;
  if (decided) groups = groupByPlace(groups.flat(), (p) => decided.get(sb.players[p].id)!);

  // DC and One-on-One for players whose order does not use them: among the players tied on the primary score. Made
  // when first looked at (`supplement`), as the criteria no order or table asks for (below).
  const primary: Criterion = sb.primary === 'mms' ? 'mms' : 'nbw';
  let supplemented = false;
  const supplement = () => {
    if (supplemented) return;
    supplemented = true;
    if (!order.includes('dc')) orderGroups(ctx, [all], [primary, 'dc'], true);
    if (!order.includes('oneonone')) orderGroups(ctx, [all], [primary, 'oneonone'], true);
  };

  const places = new Map<number, number>();
  const sectionPlaces = new Map<number, number>();
  const seenInSection = new Map<string, number>();
  let better = 0;
  let lastSectionKey: string | undefined;
  for (const g of groups) {
    const key = sb.ruleset.placesWithinSection ? sections[g[0]].name : '';
    if (key !== lastSectionKey) {
      better = 0;
      lastSectionKey = key;
    }
    for (const p of g) places.set(p, decided?.get(sb.players[p].id) ?? better + 1);
    better += g.length;
    // place within the section: one greater than the number of better placed players of the same section
    if (g.length === 1) {
      // (a player alone at his place, most of a congress's field: his section's count read and moved on at once, as
      // the grouping below does for a group of one, without a map and a list made for him — issue 28, two standings
      // a round's batch)
      const s = sections[g[0]].name;
      const before = seenInSection.get(s) ?? 0;
      sectionPlaces.set(g[0], before + 1);
      seenInSection.set(s, before + 1);
      continue;
    }
    const bySection = new Map<string, number[]>();
    for (const p of g) {
      const s = sections[p].name;
      const list = bySection.get(s);
      if (list) list.push(p);
      else bySection.set(s, [p]);
    }
    for (const [s, ps] of bySection) {
      const before = seenInSection.get(s) ?? 0;
      for (const p of ps) sectionPlaces.set(p, before + 1);
      seenInSection.set(s, before + ps.length);
    }
  }

  // Every reported criterion's value of each entry, made when first looked at (issue 28: a table, a grid's places or a
  // ceremony reads the order's criteria alone, a ceremony of the top places alone; SOS-1, SOS-2, CUSP and the DC and
  // One-on-One passes were a third of a congress's standings, computed for no reader). The same values as made at
  // once: each is a pure function of the scoreboard, the player and the seed (`valuesFor`, made once), and the DC and
  // One-on-One keys of `supplement` follow from the scoreboard and the primary score alone, whenever made (the
  // placement above never records them: the order has neither when they are supplemented). Each entry's `values`
  // keeps its keys in the order they always had (mms, nbw, sos, sos1, sos2, sodos, sosos, cuss, cusp, rating,
  // lottery, previousorder, dc, oneonone), own and enumerable, so a copy, a comparison or JSON of it sees what it saw.
  const v = (c: Criterion) => valuesFor(ctx, c);
  const entries: StandingsEntry[] = [];
  for (const g of groups) {
    for (const p of g) {
      // (each made once, as it was: the same object at every look)
      let dcKeys: readonly number[] | undefined;
      let dc: Fraction | undefined;
      let oneOnOne: Fraction | undefined;
      const dcKeysOf = (): readonly number[] => {
        if (dcKeys === undefined) {
          supplement();
          dcKeys = ctx.dcKeys.get(p) ?? [0];
        }
        return dcKeys;
      };
      // The entry's `values` made when first looked at, then the same object at every look: an object of fourteen
      // getters, each a closure of its own, is some 7 µs to make (V8 keeps it in dictionary mode), and a round's batch
      // places a congress field twice, its tables reading the values through `entryValues` (issue 28).
      let values: Record<Criterion, Fraction> | undefined;
      entries.push({
        player: sb.players[p],
        index: p,
        place: places.get(p)!,
        section: sections[p].name,
        sectionInitialMms: sections[p].initial,
        sectionPlace: sectionPlaces.get(p)!,
        get values() {
          return (values ??= {
            get mms() {
              return v('mms')(p);
            },
            get nbw() {
              return v('nbw')(p);
            },
            get sos() {
              return v('sos')(p);
            },
            get sos1() {
              return v('sos1')(p);
            },
            get sos2() {
              return v('sos2')(p);
            },
            get sodos() {
              return v('sodos')(p);
            },
            get sosos() {
              return v('sosos')(p);
            },
            get cuss() {
              return v('cuss')(p);
            },
            get cusp() {
              return v('cusp')(p);
            },
            get rating() {
              return v('rating')(p);
            },
            get lottery() {
              return v('lottery')(p);
            },
            get previousorder() {
              return v('previousorder')(p);
            },
            get dc() {
              return (dc ??= fraction(dcKeysOf()[0] ?? 0, 2));
            },
            get oneonone() {
              if (oneOnOne === undefined) {
                supplement();
                oneOnOne = fraction(ctx.oneOnOneKeys.get(p)?.[0] ?? 0, 2);
              }
              return oneOnOne;
            },
          });
        },
        get dcKeys() {
          return dcKeysOf();
        },
      });
    }
  }

  // Section winners (Mays): most victories — byes and default wins included — then the tie-breakers.
  const sectionWinners = new Map<string, PlayerId[]>();
  const members = new Map<string, number[]>();
  for (const p of all) {
    const s = sections[p].name;
    const list = members.get(s);
    if (list) list.push(p);
    else members.set(s, [p]);
  }
  const winnerOrder: Criterion[] = ['nbw', ...order.filter((c) => c !== 'nbw' && c !== 'mms')];
  for (const [s, ps] of members) {
    const top = orderGroups(ctx, [ps], winnerOrder)[0];
    sectionWinners.set(s, top.map((p) => sb.players[p].id));
  }

  criteriaOfEntries.set(entries, v);
  return { tournament: t, scoreboard: sb, asOf: sb.asOf, order, lotterySeed: seed, entries, sectionWinners };
}

/**
 * A criterion's values by scoreboard index (`valuesFor` of the standings' context), by the entries they value: what an
 * entry's `values` getters read (a twin's standings share the very entries, and so the same values).
 */
const criteriaOfEntries = new WeakMap<readonly StandingsEntry[], (c: Criterion) => (p: number) => Fraction>();

/**
 * A reader of `s.entries[i].values[c]` by `i`, each the very same value, read without making the entries' `values`
 * objects (issue 28: a table of a congress's standings reads every entry's criteria, and a round's batch renders two
 * such tables). Asked once per criterion, not per entry. DC and One-on-One, which depend on the tied group, are read
 * through the entry.
 */
export function entryValues(s: Standings, c: Criterion): (i: number) => Fraction {
  const entries = s.entries;
  const v = c === 'dc' || c === 'oneonone' ? undefined : criteriaOfEntries.get(entries)?.(c);
  return v ? (i) => v(entries[i].index) : (i) => entries[i].values[c];
}

/**
 * The final places a finished playoff gives (every knockout over), else undefined: the order by wins stands, ties
 * shared. The knockout's players are numbered by pairing number where the rules fall back on it.
 */
function playoffPlaces(t: Tournament, sb: Scoreboard): ReadonlyMap<PlayerId, number> | undefined {
  const kind = playoffKindOf(t);
  if (!kind || (t.playoffs?.length ?? 0) === 0) return undefined;
  const pairingOrder = [...t.players].sort((a, b) => (a.pairingNumber ?? Infinity) - (b.pairingNumber ?? Infinity) || a.id - b.id).map((p) => p.id);
  const { outcome, errors } = playoffOutcome(t, kind, pairingOrder);
  // A playoff game that is no pairing of its knockout, or one without a winner: no standings until it is put right.
  if (errors.length > 0) throw new TengenInputError(errors);
  if (!outcome.finalPlaces) return undefined;
  return sb.players.every((p) => outcome.finalPlaces!.has(p.id)) ? outcome.finalPlaces : undefined;
}

/** Players in groups of equal place, best place first (inside a group, the order they came in). */
function groupByPlace(players: readonly number[], place: (p: number) => number): number[][] {
  const sorted = players.map((p, i) => ({ p, i })).sort((a, b) => place(a.p) - place(b.p) || a.i - b.i);
  const groups: number[][] = [];
  for (const { p } of sorted) {
    const last = groups[groups.length - 1];
    if (last && place(last[0]) === place(p)) last.push(p);
    else groups.push([p]);
  }
  return groups;
}

/**
 * Shares of divisible prizes (EGF): equal players "equally share the sum of all money prizes issued for those place
 * numbers that they would have got if they were not equal". `prizes[i]` is the prize for place i + 1, in the
 * smallest currency unit; the shares are exact fractions of it.
 */
/**
 * The criteria a standings table shows, in its columns' order: the score (MMS, or wins in a Swiss), the number of
 * wins, then the placement order — each once. The Standings sheet, `=GO.STANDINGS` and `tengen standings` show these.
 */
export function shownCriteria(s: Standings): Criterion[] {
  const shown: Criterion[] = [s.scoreboard.primary];
  if (!shown.includes('nbw')) shown.push('nbw');
  for (const c of s.order) if (!shown.includes(c)) shown.push(c);
  return shown;
}

export function sharePrizes(standings: Standings, prizes: readonly number[]): Map<PlayerId, Fraction> {
  const shares = new Map<PlayerId, Fraction>();
  const byPlace = new Map<string, StandingsEntry[]>();
  for (const e of standings.entries) {
    const key = `${standings.scoreboard.ruleset.placesWithinSection ? e.section : ''}#${e.place}`;
    const list = byPlace.get(key);
    if (list) list.push(e);
    else byPlace.set(key, [e]);
  }
  for (const group of byPlace.values()) {
    const first = group[0].place;
    let total = 0;
    for (let place = first; place < first + group.length; place++) total += prizes[place - 1] ?? 0;
    for (const e of group) shares.set(e.player.id, fraction(total, group.length));
  }
  return shares;
}

/**
 * `computeStandings`, computed once for a tournament and options: rendering a workbook's sheets asks for the same
 * standings from several sheets (the Grid's places, the Standings sheet, its cache, the ceremony), each a full
 * computation at congress scale (issue 28). Safe because a `Tournament` is never changed in place (its fields are
 * readonly; a change makes a new object), so the same object always has the same standings.
 */
export function cachedStandings(t: Tournament, options: StandingsOptions = {}): Standings {
  let byOptions = standingsCache.get(t);
  if (!byOptions) standingsCache.set(t, (byOptions = new Map()));
  const key = JSON.stringify([options.ruleset ?? null, options.asOf ?? null, options.tiebreaks ?? null]);
  let out = byOptions.get(key);
  if (!out) byOptions.set(key, (out = twinStandings(t, options, key) ?? computeStandings(t, options)));
  return out;
}

/**
 * The standings of `t`'s twin (`shareEarlierRounds`), made already for the same options, as `t`'s own when they are
 * provably the same (issue 28: a round's batch places the field as read and as it will be, a congress's standings some
 * 25 ms each): the round they are as of is the same for both and one both share (so are their scoreboards, made
 * alike), the players a ruleset lists only when implied are the same, and no playoff of the last round decides the
 * places (`playoffPlaces` reads every round's games). Everything else `computeStandings` reads is the same object in
 * both (the settings, the players, the playoffs). The same entries then, each valued alike (their values follow from
 * the scoreboard's content alone), for the tournament `t` with its own scoreboard.
 */
function twinStandings(t: Tournament, options: StandingsOptions, key: string): Standings | undefined {
  const twin = twinOf(t);
  if (!twin) return undefined;
  const made = standingsCache.get(twin.other)?.get(key);
  if (!made) return undefined;
  const asOf = Math.max(0, Math.min(options.asOf ?? lastPlayedRound(t), t.settings.rounds));
  if (made.asOf !== asOf || asOf > twin.upTo) return undefined;
  if (made.scoreboard.ruleset.listsOnlyImpliedPlayers && !twin.sameImplied) return undefined;
  if (playoffKindOf(t) !== undefined && asOf >= t.settings.rounds) return undefined;
  const scoreboard = cachedScoreboard(t, { ruleset: options.ruleset, asOf });
  return { ...made, tournament: t, scoreboard };
}

const standingsCache = new WeakMap<Tournament, Map<string, Standings>>();
