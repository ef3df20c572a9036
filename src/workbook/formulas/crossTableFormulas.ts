/**
 * Points and places over a round-robin's cross-table (./crossTableSheet.ts), for `=GO.RRPOINTS(results)` and
 * `=GO.RRPLACE(results)`: the argument is the square of result cells, one row per player in pairing-number order.
 *
 * Places: seeds/egc-championship-rules.txt, The League, General — "At the end of the league, the players are ordered
 * by greater numbers of wins"; equal players share the place (the ties the playoff dissolves, `tengen playoff`).
 */
import { TengenInputError, type InputError } from '../../model/errors';
import { sheetCell } from '../cells/address';
import { cellOf } from './excelValues';
import { parseCell } from '../cells/crossTableNotation';
import type { GridSource } from './formulas';

/** Each row's points (games won, half a jigo) from the result cells' text. Errors name the cell. */
export function crossTablePoints(cells: readonly (readonly unknown[])[], source: GridSource = {}): number[] {
  const errors: InputError[] = [];
  const points = cells.map((row, i) => {
    let halves = 0;
    row.forEach((raw, j) => {
      const value = cellOf(raw);
      const text = value === null || value === 0 ? '' : String(value);
      const parsed = parseCell(text);
      if (!parsed.ok) {
        const at = sheetCell(source.sheet ?? 'Cross-table', (source.top ?? 1) + i, (source.left ?? 1) + j);
        errors.push({ where: at, message: `"${parsed.bad}" is not a result: expected e.g. 1b, 0w, ½b, +w, -b (result, then colour)` });
        return;
      }
      for (const e of parsed.entries) halves += e.halves ?? 0;
    });
    return halves / 2;
  });
  if (errors.length) throw new TengenInputError(errors);
  return points;
}

/** Place by points: one more than the number of players with more points. */
export function crossTablePlaces(points: readonly number[]): number[] {
  return points.map((p) => 1 + points.filter((q) => q > p).length);
}

/** `=GO.RRPOINTS`: a column of points, one per row of the square. */
export function rrPointsFormula(cells: readonly (readonly unknown[])[], source: GridSource = {}): number[][] {
  return crossTablePoints(cells, source).map((p) => [p]);
}

/**
 * `=GO.RRPLACE(points, allPoints)`: the place of each of `points` among `allPoints` (a row's Points cell, or the whole
 * column, answered in the same shape) — one more than the number of players with more points, as Excel's RANK.EQ.
 */
export function rrPlaceFormula(points: readonly (readonly unknown[])[], allPoints: readonly (readonly unknown[])[]): number[][] {
  const number = (raw: unknown, what: string): number => {
    const v = cellOf(raw);
    const n = typeof v === 'number' ? v : v === null ? 0 : Number(String(v).replace('½', '.5'));
    if (!Number.isFinite(n)) throw new TengenInputError([{ message: `${what} "${String(v)}" is not a number of points` }]);
    return n;
  };
  const all = allPoints.flat().map((v) => number(v, 'the Points column holds'));
  return points.map((row) => row.map((v) => 1 + all.filter((q) => q > number(v, 'points')).length));
}
