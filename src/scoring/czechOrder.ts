/**
 * The Czech order of a round-robin table (seeds/czech-round-robin-and-series-rules.cs.txt, "Co rozhoduje o pořadí
 * v tabulce turnajů"). Rule A for a single cycle, rule B for two or more; the number of cycles comes from the games
 * (czechGames.ts). Every split is recorded so `explainCzech` can say which criterion separated two players.
 *
 * "Pro všechny body skupin A i B platí: Při rovnosti jakéhokoliv kritéria u dvou hráčů rozhoduje vzájemný zápas,
 * pokud neskončil nerozhodně." — after every criterion, two players still equal are separated by their own game(s)
 * unless they ended level.
 */
import type { Player, PlayerId, RulesetName, Tournament } from '../model/tournament';
import { compareCyclePlacings, beatenPlacings } from './beatenPlacings';
import { czechGames, lastDecidedGame, pointsHalves, type CzechGames, type Scope } from './czechGames';
import { headToHead, ownGameScore, splitBy, splitByValue } from './miniTable';
import { buildScoreboard, type Scoreboard } from './scoreboard';
import { sonnebornHalves } from './sonneborn';

export type CzechStep =
  | 'points'
  | 'head-to-head'
  | 'sonneborn'
  | 'beaten-placings'
  | 'cycle-placings'
  | 'cycle-beaten-placings'
  | 'own-game'
  | 'last-game';

export const CZECH_RULE: Readonly<Record<CzechStep, string>> = {
  points: 'A1/B1 points',
  'head-to-head': 'A2/B2 head-to-head',
  sonneborn: 'A3/B3 Sonneborn',
  'beaten-placings': 'A4/B5 placings of the beaten players',
  'cycle-placings': 'B4 placings in the cycles',
  'cycle-beaten-placings': 'B6 placings of the beaten players per cycle',
  'own-game': 'their own game, after equality on a criterion',
  'last-game': 'the last decided game between them',
};

export interface Separation {
  readonly step: CzechStep;
  /** For `own-game`: the criterion on which the two were equal. */
  readonly after?: CzechStep;
  /** For `head-to-head`: the IDs of the players whose mutual games made the table. */
  readonly among?: readonly PlayerId[];
}

export interface CzechEntry {
  readonly player: Player;
  readonly index: number;
  /** Shared by players no rule separates: one more than the number placed above. */
  readonly place: number;
  readonly points: number;
  /** Sonneborn in points (reported for everyone; it decides only where head-to-head did not). */
  readonly sonneborn: number;
  /** Sum of the placings of the players he beat, with the places as they stood when A4 (B5) was applied. */
  readonly beatenPlacings: number;
  /** B only: his place in each cycle, each cycle ordered by rule A. */
  readonly cyclePlaces?: readonly number[];
  /** B only: B6's sum, over the cycles, of the cycle placings of the players he beat in that cycle. */
  readonly cycleBeatenPlacings?: number;
}

export interface CzechStandings {
  readonly tournament: Tournament;
  readonly scoreboard: Scoreboard;
  readonly games: CzechGames;
  readonly cycles: number;
  readonly entries: readonly CzechEntry[];
  /** Places used by A4 (B5): after the criteria before it. */
  readonly placesBeforePlacings: ReadonlyMap<number, number>;
  /** B only: places in each cycle (index → place), cycle 1 first. */
  readonly cyclePlaces: readonly ReadonlyMap<number, number>[];
  /** Why two players are in this order, or undefined when they share a place. */
  separatedBy(a: PlayerId, b: PlayerId): Separation | undefined;
}

type Log = Map<string, Separation> | null;
const pairKey = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);

function record(log: Log, before: readonly number[], after: readonly (readonly number[])[], sep: Separation): void {
  if (!log || after.length < 2) return;
  const groupOf = new Map<number, number>();
  after.forEach((g, i) => g.forEach((p) => groupOf.set(p, i)));
  for (const a of before) for (const b of before) if (a < b && groupOf.get(a) !== groupOf.get(b) && !log.has(pairKey(a, b))) log.set(pairKey(a, b), sep);
}

class Orderer {
  constructor(
    readonly g: CzechGames,
    readonly scope: Scope,
    readonly log: Log,
  ) {}

  /** Split every group by a comparison (negative: a better), then two still equal by their own game. */
  refine(groups: readonly number[][], step: CzechStep, better: (a: number, b: number) => number): number[][] {
    return groups.flatMap((group) => {
      if (group.length < 2) return [group];
      const split = splitBy(group, better);
      record(this.log, group, split, { step });
      return split.flatMap((sub) => this.ownGame(sub, step));
    });
  }

  /** "Při rovnosti jakéhokoliv kritéria u dvou hráčů rozhoduje vzájemný zápas, pokud neskončil nerozhodně." */
  ownGame(group: number[], after: CzechStep): number[][] {
    if (group.length !== 2) return [group];
    const [a, b] = group;
    const [sa, sb] = ownGameScore(this.g, a, b, this.scope);
    if (sa === sb) return [group];
    const split = sa > sb ? [[a], [b]] : [[b], [a]];
    record(this.log, group, split, { step: 'own-game', after });
    return split;
  }

  byPoints(all: readonly number[]): number[][] {
    const split = splitByValue(all, (p) => pointsHalves(this.g, p, this.scope));
    record(this.log, all, split, { step: 'points' });
    return split;
  }

  byHeadToHead(groups: readonly number[][]): number[][] {
    return groups.flatMap((group) => {
      const { groups: split, splits } = headToHead(this.g, group, this.scope);
      for (const s of splits) record(this.log, s.among, s.groups, { step: 'head-to-head', among: s.among.map((p) => this.g.sb.players[p].id).sort((x, y) => x - y) });
      return split;
    });
  }

  bySonneborn(groups: readonly number[][]): number[][] {
    return this.refine(groups, 'sonneborn', (a, b) => sonnebornHalves(this.g, b, this.scope) - sonnebornHalves(this.g, a, this.scope));
  }
}

export function placesOf(groups: readonly (readonly number[])[]): Map<number, number> {
  const places = new Map<number, number>();
  let above = 0;
  for (const g of groups) {
    for (const p of g) places.set(p, above + 1);
    above += g.length;
  }
  return places;
}

/** Rule A over the games of the scope (the whole tournament, or one cycle for B4). */
function orderA(g: CzechGames, scope: Scope, log: Log): { groups: number[][]; placesBefore: Map<number, number> } {
  const o = new Orderer(g, scope, log);
  const all = g.sb.players.map((_, p) => p);
  // A1 "Body"
  let groups = o.byPoints(all);
  // A2 "Vzájemný zápas, při shodě více hráčů se vytvoří tabulka jen jejich vzájemných zápasů."
  groups = o.byHeadToHead(groups);
  // A3 "Při shodnosti vzájemných zápasů více lidí … se počítá sonnenborn …, při rovnosti sonnenbornu u dvou hráčů
  //     opět rozhoduje jejich vzájemný zápas"
  groups = o.bySonneborn(groups);
  // A4 "Při shodnosti sonnenbornu nižší součet umístění hráčů, které hráč porazil. Při rovnosti tohoto kritéria u
  //     dvou hráčů opět rozhoduje vzájemný zápas" — the placings as they stand after A1–A3.
  const placesBefore = placesOf(groups);
  const place = (q: number) => placesBefore.get(q)!;
  groups = o.refine(groups, 'beaten-placings', (a, b) => beatenPlacings(g, a, place, scope) - beatenPlacings(g, b, place, scope));
  return { groups, placesBefore };
}

/** Rule B over two or more cycles. */
function orderB(g: CzechGames, log: Log) {
  const o = new Orderer(g, {}, log);
  const all = g.sb.players.map((_, p) => p);
  const cycles = Array.from({ length: g.cycles }, (_, i) => i + 1);
  const cyclePlaces = cycles.map((c) => placesOf(orderA(g, { cycle: c }, null).groups));
  const placesIn = (p: number) => cyclePlaces.map((m) => m.get(p)!);
  const cycleBeaten = (p: number) => cycles.reduce((s, c) => s + beatenPlacings(g, p, (q) => cyclePlaces[c - 1].get(q)!, { cycle: c }), 0);
  // B1 "Body"
  let groups = o.byPoints(all);
  // B2 "Vzájemný zápas"
  groups = o.byHeadToHead(groups);
  // B3 "Při shodnosti vzájemných zápasů s jedním, nebo více hráči sonnenborn, při rovnosti sonnenbornu u dvou
  //     hráčů opět rozhoduje vzájemný zápas"
  groups = o.bySonneborn(groups);
  // B4 "Při shodnosti sonnenbornu součet umístění v jednotlivých kolech, přičemž pro umístění v jednotlivých kolech
  //     platí pravidlo pro turnaje jednokolové (A)."
  groups = o.refine(groups, 'cycle-placings', (a, b) => compareCyclePlacings(placesIn(a), placesIn(b)));
  // B5 "Jestliže nelze rozhodnout podle bodu B4, počítá se opět celkový součet umístění jako v bodu A4."
  const placesBefore = placesOf(groups);
  const place = (q: number) => placesBefore.get(q)!;
  groups = o.refine(groups, 'beaten-placings', (a, b) => beatenPlacings(g, a, place) - beatenPlacings(g, b, place));
  // B6 "Pokud nelze rozhodnout podle předchozího bodu, počítá se součet umístění stejně jako v bodě B5, ale pro
  //     jednotlivá kola."
  groups = o.refine(groups, 'cycle-beaten-placings', (a, b) => cycleBeaten(a) - cycleBeaten(b));
  // "Pokud jsou posledním možným kritériem v obou skupinách (A i B) vzájemné zápasy a ty skončily 1:1 (nebo 1,5 :
  //  1,5), i zde se upřednostňuje vítěz posledního zápasu, případně předposledního, jestliže poslední byla remíza
  //  (nelze aplikovat na výsledek 0,5:0,5)."
  groups = groups.flatMap((group) => {
    if (group.length !== 2) return [group];
    const [a, b] = group;
    const decided = lastDecidedGame(g, a, b);
    if (!decided) return [group];
    const split = decided.won ? [[a], [b]] : [[b], [a]];
    record(log, group, split, { step: 'last-game' });
    return split;
  });
  return { groups, placesBefore, cyclePlaces, placesIn, cycleBeaten };
}

export interface CzechOptions {
  readonly asOf?: number;
}

export function czechStandings(t: Tournament, options: CzechOptions = {}): CzechStandings {
  const sb = buildScoreboard(t, { ruleset: 'czech' satisfies RulesetName, asOf: options.asOf });
  const g = czechGames(sb);
  const log = new Map<string, Separation>();
  const b = g.cycles > 1 ? orderB(g, log) : undefined;
  const a = b ? undefined : orderA(g, {}, log);
  const groups = (b ?? a)!.groups.map((grp) => [...grp].sort((x, y) => sb.players[x].id - sb.players[y].id));
  const placesBefore = (b ?? a)!.placesBefore;
  const places = placesOf(groups);
  const entries: CzechEntry[] = groups.flat().map((p) => ({
    player: sb.players[p],
    index: p,
    place: places.get(p)!,
    points: pointsHalves(g, p) / 2,
    sonneborn: sonnebornHalves(g, p) / 2,
    beatenPlacings: beatenPlacings(g, p, (q) => placesBefore.get(q)!),
    ...(b ? { cyclePlaces: b.placesIn(p), cycleBeatenPlacings: b.cycleBeaten(p) } : {}),
  }));
  return {
    tournament: t,
    scoreboard: sb,
    games: g,
    cycles: g.cycles,
    entries,
    placesBeforePlacings: placesBefore,
    cyclePlaces: b?.cyclePlaces ?? [],
    separatedBy: (x, y) => {
      const px = sb.indexOf.get(x);
      const py = sb.indexOf.get(y);
      return px === undefined || py === undefined ? undefined : log.get(pairKey(px, py));
    },
  };
}
