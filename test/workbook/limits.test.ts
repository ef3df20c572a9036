/**
 * The limits stated in src/model/limits.ts are what the paper grid's layout allows on a sheet of 16,384 columns and
 * 1,048,576 rows: computed from `gridLayout`, not guessed.
 */
import { MAX_COLUMNS } from '../../src/workbook/cells/address';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { MAX_PLAYERS, MAX_ROUNDS, SHEET_COLUMNS, SHEET_ROWS } from '../../src/model/limits';

describe('limits from the grid layout', () => {
  it('the sheet is Excel\'s: 16,384 columns', () => {
    expect(SHEET_COLUMNS).toBe(MAX_COLUMNS);
  });

  it(`MAX_ROUNDS (${MAX_ROUNDS}) is the most rounds whose grid fits in 16,384 columns`, () => {
    expect(gridLayout(MAX_ROUNDS, 1).lastColumn).toBeLessThanOrEqual(SHEET_COLUMNS);
    expect(gridLayout(MAX_ROUNDS + 1, 1).lastColumn).toBeGreaterThan(SHEET_COLUMNS);
  });

  it(`MAX_PLAYERS (${MAX_PLAYERS}) is the most players whose grid fits in 1,048,576 rows`, () => {
    expect(gridLayout(1, MAX_PLAYERS).lastRow).toBeLessThanOrEqual(SHEET_ROWS);
    expect(gridLayout(1, MAX_PLAYERS + 1).lastRow).toBeGreaterThan(SHEET_ROWS);
  });
});
