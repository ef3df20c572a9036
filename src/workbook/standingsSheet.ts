/**
 * The `Standings` sheet: `computeStandings` as a table — place (shared by equal players, EGF), the player, his
 * section, and every criterion of the placement order, with the score and the number of wins first.
 */
import { toNumber } from '../model/fraction';
import { formatRank } from '../model/rank';
import { displayName, type Criterion, type RulesetName, type Tournament } from '../model/tournament';
import { computeStandings, shownCriteria, type Standings } from '../scoring/standings';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from './adapter';
import { columnLetter } from './address';

export const STANDINGS_SHEET = 'Standings';
export const STANDINGS_HEADER_ROW = 3;

export const CRITERION_LABEL: Readonly<Record<Criterion, string>> = {
  mms: 'MMS',
  nbw: 'Wins',
  sos: 'SOS',
  sos1: 'SOS-1',
  sos2: 'SOS-2',
  sodos: 'SODOS',
  sosos: 'SOSOS',
  cuss: 'CUSS',
  cusp: 'CUSP',
  dc: 'DC',
  oneonone: '1-on-1',
  rating: 'Rating',
  previousorder: 'Prev. order',
  lottery: 'Lottery',
};

function criterionValue(s: Standings, index: number, c: Criterion): number {
  const e = s.entries[index];
  if (c === 'lottery') return -e.values.lottery.num;
  if (c === 'previousorder') return -toNumber(e.values.previousorder);
  return toNumber(e.values[c]);
}

export function standingsCells(s: Standings): CellValue[][] {
  const t = s.tournament;
  const shown = shownCriteria(s);
  const bySection = s.scoreboard.ruleset.placesWithinSection;
  const header = ['Place', 'ID', 'Name', 'Rank', 'City/Club', 'Section', ...shown.map((c) => CRITERION_LABEL[c]), ...(bySection ? [] : ['Section place'])];
  const title = `${t.name}: standings after round ${s.asOf} of ${t.settings.rounds} (${s.scoreboard.ruleset.title}; order ${s.order.map((c) => CRITERION_LABEL[c]).join(' › ')})`;
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(header.length - row.length).fill(null)];
  return [
    pad([title]),
    pad([]),
    header,
    ...s.entries.map((e, i) => [
      e.place,
      e.player.id,
      displayName(e.player),
      formatRank(e.player.rank),
      e.player.club ?? e.player.city ?? null,
      e.section,
      ...shown.map((c) => criterionValue(s, i, c)),
      ...(bySection ? [] : [e.sectionPlace]),
    ]),
  ];
}

export function standingsOps(t: Tournament, ruleset?: RulesetName, sheet = STANDINGS_SHEET): WorkbookOp[] {
  const cells = standingsCells(computeStandings(t, { ruleset }));
  const last = columnLetter(cells[STANDINGS_HEADER_ROW - 1].length);
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 12 } },
    { kind: 'format', sheet, range: `A${STANDINGS_HEADER_ROW}:${last}${STANDINGS_HEADER_ROW}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
    ...(cells.length > STANDINGS_HEADER_ROW
      ? [{ kind: 'format' as const, sheet, range: `G${STANDINGS_HEADER_ROW + 1}:${last}${cells.length}`, format: { numberFormat: '0.0#' } }]
      : []),
    { kind: 'column-widths', sheet, widths: [6, 5, 26, 6, 14, 9, ...new Array<number>(cells[STANDINGS_HEADER_ROW - 1].length - 6).fill(8)] },
    { kind: 'freeze', sheet, rows: STANDINGS_HEADER_ROW, columns: 3 },
    { kind: 'print', sheet, settings: { printArea: `A1:${last}${cells.length}`, repeatRows: `${STANDINGS_HEADER_ROW}:${STANDINGS_HEADER_ROW}`, fitToWidth: true, orientation: 'landscape' } },
  ];
}
