/**
 * McMahon sections defined the way Mays draws them: the players lined up "into columns, rank by rank", and the
 * sections cut between ranks (Mays, How to Organize and Direct a Swiss-McMahon Tournament, "Grouping the Players into
 * McMahon Sections", p. 18: "No rank should be divided between two McMahon sections"; his tables show each rank with
 * its number of players, and each section over its ranks). The pane shows that histogram; the director moves the
 * boundaries; each section's size follows.
 */
import { formatRank, type Rank } from '../src/model/rank';
import type { Player, PlayerId } from '../src/model/tournament';
import { defaultName, type ProposedSection } from '../src/systems/mcmahon/sections';

/** One column of Mays' table: a rank and its players. */
export interface RankColumn {
  readonly rank: Rank;
  readonly players: readonly PlayerId[];
}

/** The ranks present, strongest first, each with its players. */
export function rankHistogram(players: readonly Pick<Player, 'id' | 'rank'>[]): RankColumn[] {
  const columns: { rank: Rank; players: PlayerId[] }[] = [];
  for (const p of [...players].sort((a, b) => b.rank - a.rank || a.id - b.id)) {
    const last = columns[columns.length - 1];
    if (last && last.rank === p.rank) last.players.push(p.id);
    else columns.push({ rank: p.rank, players: [p.id] });
  }
  return columns;
}

/** Where each section after the first begins: the index of its strongest rank in the histogram. */
export function boundariesOf(histogram: readonly RankColumn[], sections: readonly Pick<ProposedSection, 'ranks'>[]): number[] {
  return sections
    .slice(1)
    .map((s) => histogram.findIndex((c) => c.rank === s.ranks[0]))
    .filter((i) => i > 0);
}

/** "3d–1d", or "5k" for one rank. */
export function rankRange(ranks: readonly Rank[]): string {
  if (ranks.length === 0) return '';
  return ranks.length === 1 ? formatRank(ranks[0]) : `${formatRank(ranks[0])}–${formatRank(ranks[ranks.length - 1])}`;
}

/**
 * The sections the boundaries cut (`starts`: histogram indices where a section begins, the first at 0 implied).
 * Names are kept by position from `previous` (else A, B, C …); initial McMahon scores run down from the first
 * section's by `step` (Mays, "McMahon Scores: Initial, Current, and Final", p. 20: "0, -2, -4" for six rounds).
 * Notes say where Guideline No. 2 ("should not exceed a maximum of three" consecutive ranks) is not met.
 */
export function sectionsFromBoundaries(
  histogram: readonly RankColumn[],
  starts: readonly number[],
  step: number,
  previous: readonly Pick<ProposedSection, 'name' | 'initialMms'>[] = [],
): ProposedSection[] {
  const cuts = [...new Set([0, ...starts.filter((i) => i > 0 && i < histogram.length)])].sort((a, b) => a - b);
  const top = previous[0]?.initialMms ?? 0;
  return cuts.map((from, index) => {
    const to = index + 1 < cuts.length ? cuts[index + 1] : histogram.length;
    const columns = histogram.slice(from, to);
    const ranks = columns.map((c) => c.rank);
    const span = ranks.length === 0 ? 0 : ranks[0] - ranks[ranks.length - 1] + 1;
    return {
      name: previous[index]?.name ?? defaultName(index),
      initialMms: top - index * step,
      ranks,
      players: columns.flatMap((c) => c.players),
      notes: span > 3 ? [`spans ${span} ranks (${rankRange(ranks)}), more than 3 (Mays, Guideline No. 2, p. 18)`] : [],
    };
  });
}

/** Add or remove the boundary above histogram index `at`. */
export function toggleBoundary(starts: readonly number[], at: number): number[] {
  return starts.includes(at) ? starts.filter((i) => i !== at) : [...starts, at].sort((a, b) => a - b);
}
