/**
 * The Czech series table: a season of tournaments added up by points for places
 * (seeds/czech-round-robin-and-series-rules.cs.txt, "Co rozhoduje o pořadí v celkové tabulce").
 *
 * Readings where the text leaves a choice (docs/series.md says why):
 * - Places shared by equal players share the points of the places they span (EGF: "Other divisible prizes like,
 *   e.g., points accumulated in a series of tournaments, are distributed similarly"); each has a first place when
 *   the shared place is 1 ("Each of them receives the title issued for their place number").
 * - After the first tournament 75 % of 1, rounded down, is 0: at least one result counts.
 * - First places (step 3) are counted over every tournament played so far, counted or not.
 * - Step 4 compares the fields of the two players' first places, biggest first.
 */
import { add, compare, fraction, ZERO, type Fraction } from '../model/fraction';
import { failed, ok, type Parsed } from '../model/errors';
import type { Player, PlayerId, Settings, Tournament } from '../model/tournament';
import { computeStandings } from './standings';
import { matchPlayers, type PossibleDuplicate, type SeriesPlayer } from './seriesPlayers';

/** What the series needs of one tournament: its players and their final places (1 = first, shared by equals). */
export interface SeriesTournament {
  /** The file it came from: how messages and `--as-of` name it. */
  readonly label: string;
  readonly name: string;
  /** Every player of the tournament: its participants. */
  readonly players: readonly Player[];
  readonly places: ReadonlyMap<PlayerId, number>;
  readonly twoCycle: boolean;
}

export interface SeriesResult {
  /** Index of the tournament in the series, from 0. */
  readonly tournament: number;
  readonly place: number;
  readonly participants: number;
  readonly points: Fraction;
  /** One of the player's best results, the ones that count now. */
  readonly counted: boolean;
}

/** The step of the series order that put a player ahead of the next one; `equal` when they share the place. */
export type SeriesStep = 'points' | 'counted-tournaments' | 'first-places' | 'first-place-quality';

export interface SeriesRow {
  readonly player: SeriesPlayer;
  readonly place: number;
  /** The sum of the counted results. */
  readonly points: Fraction;
  readonly countedTournaments: number;
  readonly played: number;
  readonly firstPlaces: number;
  /** The participants of each tournament he won, biggest first. */
  readonly firstPlaceFields: readonly number[];
  /** One per tournament held so far; undefined where he did not play. */
  readonly results: readonly (SeriesResult | undefined)[];
  readonly aheadOfNextBy?: SeriesStep | 'equal';
}

export interface SeriesTable {
  /** The tournaments held so far (up to `asOf`). */
  readonly tournaments: readonly SeriesTournament[];
  readonly held: number;
  /** Every tournament given, the ones after `asOf` too. */
  readonly of: number;
  /** How many best results count for each player. */
  readonly counted: number;
  readonly rows: readonly SeriesRow[];
  readonly duplicates: readonly PossibleDuplicate[];
}

/**
 * "Do konečné tabulky se každému započte takový počet nejlepších výsledků, kolik odpovídá 75% celkově sehraných
 * turnajů (zaokrouhleno dolů), redukce se provádí po každém turnaji."
 * After one tournament 75 % rounded down is 0; a table of zeros is no reduction: at least one result counts.
 */
export function countedResults(held: number): number {
  if (held <= 0) return 0;
  return Math.max(1, Math.floor((held * 3) / 4));
}

/**
 * "Hráči získávají za každý turnaj body (poslední 1 bod, předposlední 2 body, atd., první získá tolik bodů, kolik
 * je účastníků turnaje) … Při dvoukolovém turnaji dostane vítěz bonus 1 bod."
 */
function pointsForPlace(place: number, participants: number, twoCycle: boolean): number {
  return participants - place + 1 + (twoCycle && place === 1 ? 1 : 0);
}

/** Equal players share the points of the places they span (EGF, divisible prizes). */
function pointsOfTournament(t: SeriesTournament): Map<PlayerId, Fraction> {
  const n = t.players.length;
  const sharing = new Map<number, number>();
  for (const place of t.places.values()) sharing.set(place, (sharing.get(place) ?? 0) + 1);
  const points = new Map<PlayerId, Fraction>();
  for (const [id, place] of t.places) {
    const span = sharing.get(place)!;
    let total = 0;
    for (let q = place; q < place + span; q++) total += pointsForPlace(q, n, t.twoCycle);
    points.set(id, fraction(total, span));
  }
  return points;
}

/** Among a player's results, the best first: more points, a first place, a bigger field, the earlier tournament. */
function betterResult(a: SeriesResult, b: SeriesResult): number {
  return compare(b.points, a.points) || Number(b.place === 1) - Number(a.place === 1) || b.participants - a.participants || a.tournament - b.tournament;
}

/**
 * "O lepším pořadí v tabulce rozhoduje
 * 1. Vyšší součet bodů
 * 2. Při rovnosti bodů rozhoduje nižší počet započítávaných turnajů (nikoliv odehraných!)
 * 3. Při rovnosti bodů i počtu započítávaných turnajů rozhoduje počet prvních míst.
 * 4. Při rovnosti počtu prvních míst počet kvalitnějších prvních míst (kvalitnější jsou první místa z více
 *    obsazených turnajů)."
 * Negative when `a` is ahead; with the step that decides.
 */
function seriesOrder(a: SeriesRow, b: SeriesRow): { order: number; step?: SeriesStep } {
  const points = compare(b.points, a.points);
  if (points) return { order: points, step: 'points' };
  const counted = a.countedTournaments - b.countedTournaments;
  if (counted) return { order: counted, step: 'counted-tournaments' };
  const firsts = b.firstPlaces - a.firstPlaces;
  if (firsts) return { order: firsts, step: 'first-places' };
  // Of two first places the one won against more participants is of higher quality: the biggest fields compared first.
  for (let i = 0; i < a.firstPlaceFields.length; i++) {
    const quality = b.firstPlaceFields[i] - a.firstPlaceFields[i];
    if (quality) return { order: quality, step: 'first-place-quality' };
  }
  return { order: 0 };
}

export interface SeriesOptions {
  /** The table as it stood after this tournament (1 = the first); default: after the last. */
  readonly asOf?: number;
}

export function computeSeries(all: readonly SeriesTournament[], options: SeriesOptions = {}): Parsed<SeriesTable> {
  const held = options.asOf ?? all.length;
  if (!Number.isInteger(held) || held < 1 || held > all.length) {
    return failed([{ message: `as of tournament ${options.asOf}: the series has tournaments 1 to ${all.length}` }]);
  }
  const tournaments = all.slice(0, held);
  const matched = matchPlayers(tournaments);
  if (!matched.ok) return matched;
  const { players, of, duplicates } = matched.value;
  const counted = countedResults(held);

  const results = players.map(() => new Array<SeriesResult | undefined>(held).fill(undefined));
  tournaments.forEach((t, i) => {
    const points = pointsOfTournament(t);
    for (const [id, place] of t.places) {
      const who = of[i].get(id);
      if (who === undefined) continue;
      results[who][i] = { tournament: i, place, participants: t.players.length, points: points.get(id)!, counted: false };
    }
  });

  const unordered: SeriesRow[] = players.map((player, p) => {
    const played = results[p].filter((r): r is SeriesResult => r !== undefined);
    const best = new Set([...played].sort(betterResult).slice(0, counted).map((r) => r.tournament));
    const marked = results[p].map((r) => (r ? { ...r, counted: best.has(r.tournament) } : undefined));
    const firsts = played.filter((r) => r.place === 1);
    return {
      player,
      place: 0,
      points: marked.reduce((s, r) => (r?.counted ? add(s, r.points) : s), ZERO),
      countedTournaments: best.size,
      played: played.length,
      firstPlaces: firsts.length,
      firstPlaceFields: firsts.map((r) => r.participants).sort((x, y) => y - x),
      results: marked,
    };
  });

  const sorted = [...unordered].sort((a, b) => seriesOrder(a, b).order || a.player.family.localeCompare(b.player.family) || a.player.given.localeCompare(b.player.given));
  const rows: SeriesRow[] = [];
  sorted.forEach((row, i) => {
    const previous = rows[i - 1];
    // EGF: "They have the same place number, which is one greater than the number of better placed players."
    const place = previous && seriesOrder(sorted[i - 1], row).order === 0 ? previous.place : i + 1;
    const next = sorted[i + 1];
    const aheadOfNextBy = next ? (seriesOrder(row, next).step ?? 'equal') : undefined;
    rows.push({ ...row, place, aheadOfNextBy });
  });
  return ok({ tournaments, held, of: all.length, counted, rows, duplicates });
}

/**
 * How many cycles a round-robin had: `settings.cycles` when the file says, else the most games any pair played
 * together (a pair meeting twice: two cycles). Other systems have one.
 */
export function cyclesOf(t: Tournament): number {
  const declared = (t.settings as Settings & { readonly cycles?: number }).cycles;
  if (typeof declared === 'number') return declared;
  if (t.settings.system !== 'round-robin') return 1;
  const meetings = new Map<string, number>();
  for (const g of t.games) {
    const key = g.white < g.black ? `${g.white}-${g.black}` : `${g.black}-${g.white}`;
    meetings.set(key, (meetings.get(key) ?? 0) + 1);
  }
  return Math.max(1, ...meetings.values());
}

/**
 * A tournament file's contribution: every player a participant, his place in the whole field by the file's own
 * ruleset (a ruleset that places within McMahon sections lists the sections one after the other), and whether it
 * was a two-cycle round-robin ("Při dvoukolovém turnaji").
 */
export function seriesTournament(t: Tournament, label: string): SeriesTournament {
  const standings = computeStandings(t);
  const places = new Map<PlayerId, number>();
  let better = 0;
  let group = '';
  let groupPlace = 0;
  standings.entries.forEach((e, i) => {
    const key = `${e.section}#${e.place}`;
    if (i === 0 || key !== group) {
      group = key;
      groupPlace = better + 1;
    }
    places.set(e.player.id, groupPlace);
    better += 1;
  });
  return { label, name: t.name, players: t.players, places, twoCycle: cyclesOf(t) === 2 };
}
