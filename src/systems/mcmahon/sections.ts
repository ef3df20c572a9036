/**
 * Where players start: Mays' McMahon sections, or the EGF/BGA initial McMahon score from rank between a top bar and
 * a floor, with advice on where to put the bar and the supergroup. Every function here proposes; the director
 * decides (every guideline is an option, and `applySections`/`applyBar` take whatever he settles on).
 */
import { clampRank, formatRank, type Rank } from '../../model/rank';
import type { Player, PlayerId, Section, Settings, Tournament } from '../../model/tournament';
import { egcTopBar, type BarAdvice, type BarCandidate, type EgcTopBar, type EgcTopBarOptions } from '../../scoring/egcCongressStart';

// ---------------------------------------------------------------------------------------------------------------
// Mays' McMahon sections
// ---------------------------------------------------------------------------------------------------------------

/**
 * The gap between the initial McMahon scores of successive sections, by number of rounds
 * (seeds/mays-swiss-mcmahon-manual.txt, "McMahon Scores: Initial, Current, and Final"):
 * "the first McMahon section … is given the initial McMahon score of 0. The next McMahon section … -2, and the next
 * … -4" (the six-round norm; Tengen uses it for 4–8 rounds); "If a tournament has nine rounds … 0, -3, -6, -9"
 * (9 rounds and more); "If the Swiss-McMahon system were to be used in a three-round event, then the gap should
 * consist of no spaces … 0, -1, -2, -3" (3 rounds or fewer).
 */
export function sectionStep(rounds: number): number {
  if (rounds <= 3) return 1;
  if (rounds <= 8) return 2;
  return 3;
}

export interface SectionOptions {
  /** Number of rounds, for the gap between sections (default: 6 — Mays' usual two-day event). */
  readonly rounds?: number;
  /** The gap between successive initial scores; overrides `rounds`. */
  readonly step?: number;
  /** Initial McMahon score of the first section (default 0). */
  readonly top?: number;
  /** How many sections; default: the number of players divided by `targetSize`, rounded. */
  readonly count?: number;
  /**
   * Players per section wanted when `count` is not given (default 7: "In a tournament of about 35 players, it would
   * be normal to find 5 McMahon sections … the average section would have about 7 players").
   */
  readonly targetSize?: number;
  /**
   * Guideline No. 2, "The number of consecutive ranks within each McMahon section should not exceed a maximum of
   * three" (default 3; Mays suggests 2 for large tournaments).
   */
  readonly maxRanks?: number;
  /** Guideline No. 4: keep one fee level per section (default: when any player has a `feeLevel`). */
  readonly respectFeeLevels?: boolean;
  /** Section names, top first (default A, B, C …: "Section 1, or Section A"). */
  readonly names?: readonly string[];
  /**
   * Weights of the guidelines against unequal sizes. A section's cost is (size − average size)² plus `spanWeight`
   * per rank beyond `maxRanks` plus `feeWeight` per fee level beyond one. Defaults 4 and 4: an extra rank or a mixed
   * fee level weighs as much as a section two players away from the average size.
   */
  readonly spanWeight?: number;
  readonly feeWeight?: number;
}

export interface ProposedSection extends Section {
  /** The ranks in the section, strongest first; a rank is never split (Guideline No. 3). */
  readonly ranks: readonly Rank[];
  readonly players: readonly PlayerId[];
  /** Guidelines this section does not meet, in words. */
  readonly notes: readonly string[];
}

export interface SectionProposal {
  readonly sections: readonly ProposedSection[];
  readonly step: number;
  readonly notes: readonly string[];
}

const SECTION_RULES = 'seeds/mays-swiss-mcmahon-manual.txt, "Grouping the Players into McMahon Sections"';

interface RankColumn {
  readonly rank: Rank;
  readonly players: PlayerId[];
  readonly feeLevels: Set<string>;
}

/** The default name of the i-th section (0-based): A, B, … Z, AA, AB … ("Section 1, or Section A"). */
export function defaultName(i: number): string {
  let name = '';
  let n = i;
  do {
    name = String.fromCharCode(65 + (n % 26)) + name;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return name;
}

/**
 * Propose McMahon sections by Mays' four guidelines: "Each McMahon section should group together about the same
 * number of players" (No. 1); "The number of consecutive ranks within each McMahon section should not exceed a
 * maximum of three" (No. 2); "No rank should be divided between two McMahon sections" (No. 3); "one fee level can have
 * more than one section, but one section should not correspond to more than one fee level" (No. 4). "Of the four
 * guidelines, the first two are by far the most important ones".
 *
 * The players are lined up "into columns, rank by rank" and cut into consecutive runs of whole ranks; among all such
 * cuts into `count` sections the one with the least cost (see `SectionOptions.spanWeight`) is proposed, found
 * exactly by dynamic programming. Equal costs keep the earlier cut.
 */
export function proposeSections(players: readonly Player[], options: SectionOptions = {}): SectionProposal {
  const columns: RankColumn[] = [];
  for (const p of [...players].sort((a, b) => b.rank - a.rank || a.id - b.id)) {
    let col = columns[columns.length - 1];
    if (!col || col.rank !== p.rank) {
      col = { rank: p.rank, players: [], feeLevels: new Set() };
      columns.push(col);
    }
    col.players.push(p.id);
    if (p.feeLevel !== undefined) col.feeLevels.add(p.feeLevel);
  }
  const step = options.step ?? sectionStep(options.rounds ?? 6);
  const top = options.top ?? 0;
  const n = players.length;
  const m = columns.length;
  if (m === 0) return { sections: [], step, notes: ['no players to group'] };

  const targetSize = options.targetSize ?? 7;
  const k = Math.max(1, Math.min(m, options.count ?? Math.round(n / targetSize)));
  const maxRanks = options.maxRanks ?? 3;
  const respectFees = options.respectFeeLevels ?? players.some((p) => p.feeLevel !== undefined);
  const spanWeight = options.spanWeight ?? 4;
  const feeWeight = options.feeWeight ?? 4;

  const prefix = [0];
  for (const c of columns) prefix.push(prefix[prefix.length - 1] + c.players.length);
  const describe = (i: number, j: number) => {
    const size = prefix[j + 1] - prefix[i];
    const span = columns[i].rank - columns[j].rank + 1;
    const levels = new Set<string>();
    for (let x = i; x <= j; x++) for (const f of columns[x].feeLevels) levels.add(f);
    return { size, span, levels };
  };
  // Cost of the section made of columns i..j, in exact integers: everything is multiplied by k² so that
  // (size − n/k)² becomes (k·size − n)².
  const cost = (i: number, j: number): number => {
    const { size, span, levels } = describe(i, j);
    const deviation = (k * size - n) ** 2;
    const spanExcess = Math.max(0, span - maxRanks);
    const feeExcess = respectFees ? Math.max(0, levels.size - 1) : 0;
    return deviation + k * k * (spanWeight * spanExcess + feeWeight * feeExcess);
  };

  // best[s][j]: least cost of cutting columns 0..j−1 into s sections; from[s][j]: where the last one starts.
  const best: number[][] = [];
  const from: number[][] = [];
  for (let s = 0; s <= k; s++) {
    best.push(new Array<number>(m + 1).fill(Number.POSITIVE_INFINITY));
    from.push(new Array<number>(m + 1).fill(-1));
  }
  best[0][0] = 0;
  for (let s = 1; s <= k; s++) {
    for (let j = s; j <= m; j++) {
      for (let i = s - 1; i < j; i++) {
        if (best[s - 1][i] === Number.POSITIVE_INFINITY) continue;
        const c = best[s - 1][i] + cost(i, j - 1);
        if (c < best[s][j]) {
          best[s][j] = c;
          from[s][j] = i;
        }
      }
    }
  }
  const cuts: [number, number][] = [];
  for (let s = k, j = m; s > 0; s--) {
    const i = from[s][j];
    cuts.unshift([i, j - 1]);
    j = i;
  }

  const sections: ProposedSection[] = cuts.map(([i, j], index) => {
    const { size, span, levels } = describe(i, j);
    const ranks = columns.slice(i, j + 1).map((c) => c.rank);
    const range = ranks.length === 1 ? formatRank(ranks[0]) : `${formatRank(ranks[0])}–${formatRank(ranks[ranks.length - 1])}`;
    const notes: string[] = [];
    if (span > maxRanks) {
      notes.push(`spans ${span} ranks (${range}), more than ${maxRanks} (Guideline No. 2, ${SECTION_RULES})`);
    }
    if (respectFees && levels.size > 1) {
      notes.push(`mixes fee levels ${[...levels].join(', ')} (Guideline No. 4, ${SECTION_RULES})`);
    }
    return {
      name: options.names?.[index] ?? defaultName(index),
      initialMms: top - index * step,
      ranks,
      players: columns.slice(i, j + 1).flatMap((c) => c.players),
      notes: size === 0 ? [...notes, 'empty'] : notes,
    };
  });
  const sizes = sections.map((s) => s.players.length);
  const notes = [`${k} sections of ${sizes.join(', ')} players, initial McMahon scores ${sections.map((s) => s.initialMms).join(', ')}`];
  return { sections, step, notes };
}

/** Write the director's sections into the tournament: `settings.sections` and every player's `section`. */
export function applySections(t: Tournament, sections: readonly Pick<ProposedSection, 'name' | 'initialMms' | 'players'>[]): Tournament {
  const sectionOf = new Map<PlayerId, string>();
  for (const s of sections) for (const id of s.players) sectionOf.set(id, s.name);
  return {
    ...t,
    settings: { ...t.settings, sections: sections.map((s) => ({ name: s.name, initialMms: s.initialMms })) },
    players: t.players.map((p) => {
      const section = sectionOf.get(p.id);
      return section === undefined ? p : { ...p, section };
    }),
  };
}

/**
 * The section of a latecomer (Mays, "Can Latecomers and Partial Players Register?"): "The initial McMahon score of
 * the latecomer or the partial player will be the same as the one that corresponds to the other players of his
 * rank". With no one of his rank: the section whose ranks surround his, else the nearest section by rank (the
 * stronger one when both are as near).
 */
export function sectionForRank(t: Tournament, rank: Rank): string | undefined {
  const ranges = new Map<string, { strongest: number; weakest: number }>();
  for (const p of t.players) {
    if (p.section === undefined) continue;
    if (p.rank === rank) return p.section;
    const r = ranges.get(p.section) ?? { strongest: p.rank, weakest: p.rank };
    ranges.set(p.section, { strongest: Math.max(r.strongest, p.rank), weakest: Math.min(r.weakest, p.rank) });
  }
  let best: { name: string; distance: number; strongest: number } | undefined;
  for (const [name, r] of ranges) {
    const distance = rank > r.strongest ? rank - r.strongest : rank < r.weakest ? r.weakest - rank : 0;
    if (!best || distance < best.distance || (distance === best.distance && r.strongest > best.strongest)) {
      best = { name, distance, strongest: r.strongest };
    }
  }
  return best?.name;
}

// ---------------------------------------------------------------------------------------------------------------
// EGF / BGA: initial McMahon score from rank, top bar, floor, supergroup
// ---------------------------------------------------------------------------------------------------------------

/**
 * Initial McMahon score from rank (seeds/bga-mcmahon-system.txt): "a 4-kyu player starts at -4, and a 1-dan player
 * starts at 0"; "if the bar is set at 3 dan (which is an MMS of 2) then no player can start at an MMS of more than
 * 2"; the floor likewise from below. Counted from `mmsZero` (default 1d). The scoreboard applies the same rule.
 */
export function initialMmsFromRank(rank: Rank, settings: Pick<Settings, 'bar' | 'floor' | 'mmsZero'> = {}): number {
  return clampRank(rank, settings.floor, settings.bar) - (settings.mmsZero ?? 0);
}

/**
 * BGA guidelines for the number of players above the bar, by number of rounds (seeds/bga-mcmahon-system.txt):
 * "3 rounds | 4-8 players | 4 rounds | 5-10 players | … | 10 rounds | 11-30 players".
 */
export const BGA_PLAYERS_ABOVE_BAR: Readonly<Record<number, readonly [number, number]>> = {
  3: [4, 8],
  4: [5, 10],
  5: [6, 12],
  6: [7, 15],
  7: [8, 18],
  8: [9, 22],
  9: [10, 26],
  10: [11, 30],
};

export type { BarAdvice, BarCandidate };

function aboveBar(players: readonly Player[], bar: Rank): PlayerId[] {
  return players.filter((p) => p.rank >= bar).map((p) => p.id);
}

function strongest(players: readonly Player[]): Rank {
  return players.reduce((max, p) => (p.rank > max ? p.rank : max), players[0].rank);
}

export interface BgaBarOptions {
  /** Largest bar depth allowed: "the bar-depth … is less than 3" (default 2). */
  readonly maxDepth?: number;
  /** Override the table's range of players above the bar. */
  readonly range?: readonly [number, number];
}

/**
 * The BGA's bar: the players above the bar within the table's range for the number of rounds, and the bar depth
 * below 3: "players in the bar group have at least some chance of winning the tournament if the difference between
 * the maximum grade and the bar grade (the bar-depth) is less than 3, whatever the number of rounds".
 *
 * Among the ranks held by players with a depth allowed, Tengen proposes the lowest bar that keeps the number above
 * it within the range's maximum ("If there are too few above the bar, these receive an unfair (and unnecessary)
 * disadvantage"); notes say when the range cannot be met.
 */
export function bgaBarAdvice(players: readonly Player[], rounds: number, options: BgaBarOptions = {}): BarAdvice {
  const rule = 'seeds/bga-mcmahon-system.txt: the bar table by number of rounds, and bar depth less than 3';
  if (players.length === 0) return { bar: 0 as Rank, aboveBar: [], candidates: [], rule, notes: ['no players'] };
  const notes: string[] = [];
  const row = Math.max(3, Math.min(10, rounds));
  if (row !== rounds && !options.range) notes.push(`the BGA table covers 3–10 rounds; the ${row}-round row is used for ${rounds} rounds`);
  const [min, max] = options.range ?? BGA_PLAYERS_ABOVE_BAR[row];
  const maxDepth = options.maxDepth ?? 2;
  const top = strongest(players);
  const ranks = [...new Set(players.map((p) => p.rank))].sort((a, b) => b - a);
  const candidates: BarCandidate[] = ranks.map((bar) => ({ bar, aboveBar: aboveBar(players, bar).length, depth: top - bar }));
  const allowed = candidates.filter((c) => c.depth <= maxDepth);
  const fitting = allowed.filter((c) => c.aboveBar <= max);
  const chosen = fitting.length > 0 ? fitting[fitting.length - 1] : allowed[0];
  if (chosen.aboveBar > max) {
    notes.push(`${chosen.aboveBar} players at ${formatRank(chosen.bar)} and above: more than the ${max} the BGA table allows for ${rounds} rounds, even with the bar at the strongest rank`);
  } else if (chosen.aboveBar < min) {
    notes.push(
      `only ${chosen.aboveBar} players at or above the bar, fewer than the BGA table's ${min} for ${rounds} rounds: a lower bar would ${
        fitting.length < allowed.length ? `put more than ${max} above it` : `be ${maxDepth + 1} or more ranks below the strongest player (bar depth)`
      }`,
    );
  }
  notes.push(`bar ${formatRank(chosen.bar)}: ${chosen.aboveBar} player${chosen.aboveBar === 1 ? '' : 's'} at or above it, bar depth ${chosen.depth} (the strongest player is ${chosen.depth} rank${chosen.depth === 1 ? '' : 's'} above the bar)`);
  return { bar: chosen.bar, aboveBar: aboveBar(players, chosen.bar), candidates, rule, notes };
}

export type EgcBarOptions = EgcTopBarOptions;

export type EgcBarAdvice = EgcTopBar;

/**
 * The European Go Championship's bar and supergroup (seeds/egc-championship-rules.txt, "Top Bar and Supergroup"),
 * proposed for any list of players: ../scoring/egcCongressStart `egcTopBar`, which the congress McMahon
 * (`settings.egc`) applies by itself.
 */
export function egcBarAdvice(players: readonly Player[], options: EgcBarOptions = {}): EgcBarAdvice {
  return egcTopBar(players, options);
}

export interface BarChoice {
  readonly bar?: Rank;
  readonly floor?: Rank;
  /** Players starting `supergroupPoints` above the bar (their `initialMms` is set). */
  readonly supergroup?: readonly PlayerId[];
  readonly supergroupPoints?: number;
}

/** Write the director's bar, floor and supergroup into the tournament (a bar or floor not given stays as it was). */
export function applyBar(t: Tournament, choice: BarChoice): Tournament {
  const settings: Settings = { ...t.settings, bar: choice.bar ?? t.settings.bar, floor: choice.floor ?? t.settings.floor };
  const points = choice.supergroupPoints ?? 0;
  const supergroup = new Set(choice.supergroup ?? []);
  const bar = settings.bar;
  const players =
    points > 0 && bar !== undefined
      ? t.players.map((p) => (supergroup.has(p.id) ? { ...p, initialMms: initialMmsFromRank(bar, settings) + points } : p))
      : t.players;
  return { ...t, settings, players };
}
