/**
 * `=GO.SONNEBORN(grid, id)` and `=GO.CZECHPLACE(grid, id)` over the Grid sheet's values: what `czechStandings` says.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { czechStandings } from '../../src/scoring/czechOrder';
import { gridCells, valuesOf } from '../../src/workbook/sheets/grid';
import { czechPlaceFormula, sonnebornFormula } from '../../src/workbook/formulas/czechFormulas';

function example(): Tournament {
  const parsed = parseTournamentJson(readFileSync(path.join(__dirname, '..', '..', 'examples', 'czech-round-robin.json'), 'utf8'));
  if (!parsed.ok) throw new Error('example does not parse');
  return parsed.value;
}

describe('GO.SONNEBORN and GO.CZECHPLACE', () => {
  const t = example();
  const grid = valuesOf(gridCells(t));
  const engine = czechStandings(t);

  it('each player: his Sonneborn and his place in the Czech order', () => {
    for (const e of engine.entries) {
      expect(sonnebornFormula(grid, e.player.id)).toEqual([[e.sonneborn]]);
      expect(czechPlaceFormula(grid, e.player.id)).toEqual([[e.place]]);
    }
  });

  it('a column of IDs spills a column of answers; blanks stay blank', () => {
    expect(czechPlaceFormula(grid, [[1], [2], [3], [4], [5], [null]])).toEqual([[4], [2], [3], [5], [1], ['']]);
    expect(sonnebornFormula(grid, [[2], [5]])).toEqual([[5], [5]]);
  });

  it('an unknown ID is an error naming it', () => {
    expect(() => sonnebornFormula(grid, 99)).toThrow(/99/);
  });
});
