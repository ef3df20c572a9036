/**
 * The `Qualification` sheet: the combined qualification list for international tournaments
 * (src/systems/egc/qualificationList.ts; European Go Championship Tournament Rules, "Miscellaneous") — the league's
 * players by final place, then the McMahon's Europeans, each with why he stands there. Written whole by
 * `tengen qualification LEAGUE CONGRESS --out LIST.xlsx`; values only.
 */
import type { QualificationList } from '../../systems/egc/qualificationList';
import { displayName } from '../../model/tournament';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { cellAddress } from '../cells/address';
import { columnsWidth, rowHeight, scaleToFit } from '../print/paper';

export const QUALIFICATION_SHEET = 'Qualification';
export const QUALIFICATION_HEADER = ['#', 'From', 'Name', 'Country', 'Rating', 'Place', 'Why'] as const;
const WIDTHS = [5, 10, 26, 8, 8, 7, 60];

export function qualificationCells(q: QualificationList): CellValue[][] {
  const rows: CellValue[][] = [
    [`Qualification for international tournaments: ${q.league}, then ${q.congress}`],
    [`${q.rule}: the league's players by final place (ties by rating, then lottery), then the McMahon's Europeans; a player who declines is replaced by the next in order`],
    [q.provisional ? 'Provisional: the McMahon is not over, its part is its order so far' : null],
    [...QUALIFICATION_HEADER],
    ...q.entries.map((e): CellValue[] => [e.position, e.from === 'league' ? 'League' : 'McMahon', displayName(e.player), e.player.country ?? null, e.player.rating ?? null, e.place, e.why]),
  ];
  if (q.inLeague.length > 0) rows.push([], [`In the McMahon's order too, listed once at their league place: ${q.inLeague.map(displayName).join(', ')}`]);
  return rows.map((r) => Array.from({ length: WIDTHS.length }, (_, i) => r[i] ?? null));
}

export function qualificationOps(q: QualificationList): WorkbookOp[] {
  const sheet = QUALIFICATION_SHEET;
  const cells = qualificationCells(q);
  const header = 4;
  return [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 14, rowHeight: rowHeight(14) } },
    { kind: 'format', sheet, range: 'A2:A3', format: { italic: true } },
    { kind: 'format', sheet, range: `A${header}:${cellAddress(header, WIDTHS.length)}`, format: HEADER_FORMAT },
    { kind: 'column-widths', sheet, widths: WIDTHS },
    { kind: 'print', sheet, settings: { printArea: `A1:${cellAddress(cells.length, WIDTHS.length)}`, orientation: 'landscape', scale: scaleToFit(columnsWidth(WIDTHS), cells.length * rowHeight(11), 'landscape') } },
  ];
}
