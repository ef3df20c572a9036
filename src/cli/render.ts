/**
 * Text and JSON renderings of standings and explanations for the CLI.
 */
import { formatFraction, toNumber } from '../model/fraction';
import { formatRank } from '../model/rank';
import { displayName, type Criterion, type Player } from '../model/tournament';
import type { Explanation } from '../scoring/explain';
import type { PlayerRound } from '../scoring/record';
import { shownCriteria, showsSections, type Standings } from '../scoring/standings';
import { largestOf } from '../model/extremes';

/** The criteria every `--json` entry carries, one numeric key each (half points as .5). */
export const JSON_CRITERIA: readonly Criterion[] = ['mms', 'nbw', 'sos', 'sos1', 'sos2', 'sodos', 'sosos', 'cuss', 'cusp', 'dc'];

/** Who a `--json` row is about: the same keys in every table (`standings`, the Czech order). */
export interface PlayerJson {
  id: number;
  name: string;
  family: string;
  given: string;
  rank: string;
  club?: string;
  country?: string;
}

export function playerJson(player: Player): PlayerJson {
  return {
    id: player.id,
    name: displayName(player),
    family: player.family,
    given: player.given,
    rank: formatRank(player.rank),
    club: player.club,
    country: player.country,
  };
}

export interface StandingsJsonEntry extends PlayerJson {
  place: number;
  section: string;
  sectionPlace: number;
  [criterion: string]: number | string | undefined;
}

export function standingsJson(s: Standings): StandingsJsonEntry[] {
  return s.entries.map((e) => {
    const row: StandingsJsonEntry = {
      ...playerJson(e.player),
      place: e.place,
      section: e.section,
      sectionPlace: e.sectionPlace,
    };
    for (const c of JSON_CRITERIA) row[c] = toNumber(e.values[c]);
    for (const c of s.order) if (!(c in row)) row[c] = toNumber(e.values[c]);
    return row;
  });
}

/** A grid cell as on the paper record: opponent ID, result (+ − = ?), `!` for a default result, colour, handicap. */
export function gridCell(r: PlayerRound, opponentId: number | undefined): string {
  switch (r.outcome) {
    case 'bye':
      return 'BYE';
    case 'absent':
      return '—';
    default: {
      const result = { win: '+', 'default-win': '+', jigo: '=', 'default-jigo': '=', loss: '-', 'default-loss': '-', pending: '?' }[r.outcome];
      const byDefault = r.outcome.startsWith('default-') ? '!' : '';
      const colour = r.game?.colourKnown === false ? '' : r.colour === 'white' ? 'w' : 'b';
      return `${opponentId}${result}${byDefault}${colour}${r.handicap || ''}`;
    }
  }
}

/** A plain-text table: a header, a rule, the rows; columns padded to their widest cell, `rightAligned` ones on the right. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number> = new Set()): string {
  const widths = header.map((h, i) => largestOf(rows.map((r) => [...r[i]].length), h.length));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => {
        const pad = ' '.repeat(widths[i] - [...c].length);
        return rightAligned.has(i) ? pad + c : c + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

const LABEL: Record<Criterion, string> = {
  mms: 'MMS', nbw: 'NBW', sos: 'SOS', sos1: 'SOS-1', sos2: 'SOS-2', sodos: 'SODOS', sosos: 'SOSOS', cuss: 'CUSS', cusp: 'CUSP',
  dc: 'DC', oneonone: '1-on-1', rating: 'Rating', previousorder: 'Prev', lottery: 'Lot',
};

/** The first cells of a text table's row: place, ID, name, rank, club (else city). */
export function playerCells(place: number, player: Player): string[] {
  return [String(place), String(player.id), displayName(player), formatRank(player.rank), player.club ?? player.city ?? ''];
}

export function renderStandings(s: Standings): string {
  const t = s.tournament;
  const sb = s.scoreboard;
  const shown = shownCriteria(s);
  const rounds = Array.from({ length: sb.asOf }, (_, i) => `R${i + 1}`);
  const header = ['Pl', 'ID', 'Name', 'Rank', 'Club', ...(sb.ruleset.placesWithinSection ? ['Section'] : []), ...rounds, ...shown.map((c) => LABEL[c])];
  const rows = s.entries.map((e) => {
    const cells = sb.rounds[e.index].map((r) => gridCell(r, r.opponent >= 0 ? sb.players[r.opponent].id : undefined));
    const values = shown.map((c) => (c === 'lottery' ? String(-e.values.lottery.num) : formatFraction(e.values[c])));
    return [
      ...playerCells(e.place, e.player),
      ...(sb.ruleset.placesWithinSection ? [e.section] : []),
      ...cells,
      ...values,
    ];
  });
  const first = sb.ruleset.placesWithinSection ? 6 : 5;
  const right = new Set<number>([0, 1, ...shown.map((_, i) => first + rounds.length + i)]);
  const title = `${t.name} — standings after round ${s.asOf} of ${t.settings.rounds} (${sb.ruleset.title}; order ${s.order.map((c) => LABEL[c]).join(' › ')})`;
  // Section winners where there are sections (named McMahon sections, or a ruleset placing within them): not one
  // "winner" per starting score of a bar tournament (`showsSections`).
  const winners = [...s.sectionWinners.entries()]
    .filter(() => t.settings.system === 'mcmahon' && showsSections(s))
    .map(([section, ids]) => `  ${section}: ${ids.map((id) => displayName(sb.players[sb.indexOf.get(id)!])).join(' and ')}`);
  const lottery = s.order.includes('lottery') ? `\nLottery seed: ${s.lotterySeed}\n` : '';
  const empty = rows.length === 0 ? '(no players registered yet)\n' : '';
  return `${title}\n\n${table(header, rows, right)}${empty}${winners.length > 1 ? `\nSection winners (most victories, byes and default wins included):\n${winners.join('\n')}\n` : ''}${lottery}`;
}

export function renderExplanation(e: Explanation): string {
  const hasAdjust = e.rows.some((r) => r.unadjusted !== undefined);
  const header = ['Round', 'Opponent', 'Result', ...(hasAdjust ? ['Unadjusted', 'Adjustments'] : []), 'Counts'];
  const rows = e.rows.map((r) => [
    r.round ? String(r.round) : '',
    r.opponent ? `${r.opponent.id} ${r.opponent.name}` : r.note ?? '',
    r.outcome,
    ...(hasAdjust ? [r.unadjusted === undefined ? '' : String(r.unadjusted), r.adjustments.join(', ')] : []),
    r.value === null ? '—' : `${r.value}${r.dropped ? ' (ignored)' : ''}`,
  ]);
  const right = new Set<number>([0, header.length - 1, ...(hasAdjust ? [3] : [])]);
  return `${LABEL[e.criterion]} of ${e.player.id} ${e.player.name} after round ${e.asOf} (${e.ruleset}): ${e.formula}\n\n${table(header, rows, right)}\nSum of the counted lines: ${e.sumOfCounted}\n${LABEL[e.criterion]}: ${formatFraction(e.total)}\n`;
}
