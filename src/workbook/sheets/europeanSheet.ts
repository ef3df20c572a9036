/**
 * The `European results` sheet of a European Go Congress McMahon (`settings.egc`): the two results its rules define
 * (European Go Championship Tournament Rules, "The McMahon Tournament", "Results"), as ../scoring/europeanChampion
 * computes them and `tengen standings` shows them —
 *
 *   "After round 10, the European Open Champion is the European or non-European player that has played all rounds
 *   and has the greatest McMahon Score. Ties are broken by Direct Comparison. … Then still tied places and possibly
 *   the title are shared."
 *
 *   "After round 10, the European(s) qualified for the next year's league or other international tournaments is / are
 *   determined by these criteria in order: 1) having played all rounds, 2) McMahon Score, 3) Direct Comparison,
 *   4) rating just before the start of the current European Go Congress, 5) lottery."
 *
 * A block for the champion (more than one when the title is shared) and a block for the qualification order; before
 * round 10 both are the order "so far" and say so. The lot is shown only where it decided (players equal on the four
 * criteria before it). Values only, like the Prize ceremony (./ceremonySheet): Tengen rewrites it with the standings.
 */
import { formatRank } from '../../model/rank';
import { displayName, type RulesetName, type Tournament } from '../../model/tournament';
import { compareKeys } from '../../scoring/directComparison';
import { EGC_RULES } from '../../scoring/egcCongressStart';
import { egcResults, RESULTS_RULE, type EgcResultEntry, type EgcResults } from '../../scoring/europeanChampion';
import { freshSheetOps, HEADER_FORMAT, type CellValue, type WorkbookOp } from '../adapters/adapter';
import { columnLetter } from '../cells/address';
import { rowHeight } from '../print/paper';

export const EUROPEAN_SHEET = 'European results';

/** The rules quoted by their title, not by the file the engine cites them from. */
const RULES_TITLE = 'European Go Championship Tournament Rules';
const RULE = RESULTS_RULE.replace(EGC_RULES, RULES_TITLE);

const CHAMPION_HEADER = ['Place', 'ID', 'Name', 'Rank', 'Country', 'All rounds', 'MMS', 'DC'];
const ORDER_HEADER = ['Position', 'ID', 'Name', 'Rank', 'Country', 'All rounds', 'MMS', 'DC', 'Rating', 'Lot'];
const WIDTH = ORDER_HEADER.length;
const WIDTHS = [9, 5, 26, 6, 8, 10, 6, 7, 7, 12];

/** Direct Comparison in points: one number, or its successive values when it was iterated ("1 / 1"). */
function dcCell(e: EgcResultEntry): CellValue {
  return e.dcKeys.length === 1 ? e.dcKeys[0] / 2 : e.dcKeys.map((k) => k / 2).join(' / ');
}

/** Equal to `b` on every criterion before the lottery: then the lot decided between them. */
function equalBeforeLot(a: EgcResultEntry, b: EgcResultEntry | undefined): boolean {
  return b !== undefined && a.allRounds === b.allRounds && a.mmsHalves === b.mmsHalves && compareKeys(a.dcKeys, b.dcKeys) === 0 && a.rating === b.rating;
}

function playerCells(e: EgcResultEntry): CellValue[] {
  return [e.position, e.player.id, displayName(e.player), formatRank(e.player.rank), e.player.country ?? null, e.allRounds ? 'yes' : 'no', e.mmsHalves / 2, dcCell(e)];
}

/** The sheet's cells, and where its block headings and table headers are (1-based rows). */
export function europeanCells(t: Tournament, r: EgcResults): { cells: CellValue[][]; headings: number[]; headers: number[]; notes: number[] } {
  const pad = (row: CellValue[]) => [...row, ...new Array<CellValue>(WIDTH - row.length).fill(null)];
  const so = r.final ? '' : ` — provisional, after round ${r.asOf} of ${t.settings.rounds}`;
  const champions = r.openOrder.filter((e) => r.europeanChampion.includes(e.player.id));
  const named = champions.map((e) => `${e.player.id} ${displayName(e.player)}`).join(', ');
  const q = r.qualificationOrder;
  const cells: CellValue[][] = [
    pad([`European results — after round ${r.asOf} of ${t.settings.rounds}${r.final ? '' : ' (provisional)'}`]),
    pad([t.name]),
    pad([`${RULE}:`]),
    pad(['the European Open Champion has played all rounds and has the greatest McMahon Score; ties are broken']),
    pad(['by Direct Comparison, then shared. The Europeans qualify by 1) having played all rounds, 2) McMahon Score,']),
    pad([`3) Direct Comparison, 4) rating before the congress, 5) lottery (seed ${r.lotterySeed}, shown where it decided).`]),
    pad([]),
  ];
  const notes = [3, 4, 5, 6];
  const headings = [cells.length + 1];
  cells.push(pad([`European Open Champion${so}`]));
  cells.push(pad([champions.length === 0 ? 'Nobody has played all rounds.' : champions.length > 1 ? `Champions, the title shared: ${named}` : `Champion: ${named}`]));
  const headers = [cells.length + 1];
  cells.push(pad(CHAMPION_HEADER), ...champions.map((e) => pad(playerCells(e))), pad([]));
  headings.push(cells.length + 1);
  cells.push(pad([`Qualification order of Europeans${so}`]));
  headers.push(cells.length + 1);
  cells.push(pad(ORDER_HEADER), ...q.map((e, i) => [...playerCells(e), e.rating ?? null, equalBeforeLot(e, q[i - 1]) || equalBeforeLot(e, q[i + 1]) ? e.lot : null]));
  return { cells, headings, headers, notes };
}

/** The sheet, for the congress McMahon only; nothing for any other tournament. */
export function europeanOps(t: Tournament, ruleset?: RulesetName): WorkbookOp[] {
  if (!t.settings.egc) return [];
  const sheet = EUROPEAN_SHEET;
  const { cells, headings, headers, notes } = europeanCells(t, egcResults(t, { ruleset }));
  const last = columnLetter(WIDTH);
  const ops: WorkbookOp[] = [
    ...freshSheetOps(sheet),
    { kind: 'write', sheet, at: 'A1', cells },
    { kind: 'format', sheet, range: 'A1', format: { bold: true, fontSize: 16, rowHeight: rowHeight(16) } },
    { kind: 'format', sheet, range: 'A2', format: { bold: true } },
    { kind: 'format', sheet, range: `A${notes[0]}:A${notes[notes.length - 1]}`, format: { italic: true } },
  ];
  headings.forEach((row, i) => {
    const end = i + 1 < headings.length ? headings[i + 1] - 2 : cells.length;
    const right = columnLetter(i === 0 ? CHAMPION_HEADER.length : WIDTH);
    ops.push(
      { kind: 'format', sheet, range: `A${row}:${last}${row}`, format: { bold: true, fontSize: 14, fill: '#D9D9D9', rowHeight: rowHeight(14) } },
      { kind: 'format', sheet, range: `A${headers[i]}:${right}${headers[i]}`, format: { ...HEADER_FORMAT, horizontalAlignment: 'center' } },
      // An iterated Direct Comparison is text ("1 / 1"): right-aligned with the numbers.
      ...(end > headers[i]
        ? [
            { kind: 'format' as const, sheet, range: `A${headers[i] + 1}:${right}${end}`, format: { border: true } },
            { kind: 'format' as const, sheet, range: `H${headers[i] + 1}:H${end}`, format: { horizontalAlignment: 'right' as const } },
          ]
        : []),
    );
  });
  ops.push(
    { kind: 'format', sheet, range: `A${headings[0] + 1}`, format: { bold: true } },
    { kind: 'column-widths', sheet, widths: WIDTHS },
    // The qualification order runs over pages: its header repeats on each.
    { kind: 'print', sheet, settings: { printArea: `A1:${last}${cells.length}`, repeatRows: `${headers[1]}:${headers[1]}`, fitToWidth: true, orientation: 'portrait' } },
  );
  return ops;
}
