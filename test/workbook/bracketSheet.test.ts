/**
 * The Bracket sheet of a knockout: rounds as columns, both names and a result cell per match, the winner moving
 * right; written by `tengen workbook`, read back (results typed in the bracket become the games' results).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import { bracketCells, BRACKET_SHEET, matchRow, readBracketResults, roundColumn } from '../../src/workbook/sheets/bracketSheet';
import { readSession } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import type { InputError } from '../../src/model/errors';
import { cli } from '../support/cli';
import { knockoutField, playedKnockout } from '../support/knockouts';

const at = (cells: readonly (readonly unknown[])[], row: number, column: number) => cells[row - 1]?.[column - 1] ?? null;

describe('the bracket', () => {
  test('a fold knockout of 6 after round 1: free wins, results, the winners in round 2', () => {
    // 6 exceeds 4 by 2: 3–6 and 4–5 play, 1 and 2 win free; 6 beats 3 (an upset), 4 beats 5.
    const t = playedKnockout(knockoutField(6), 1, (_, table) => table === 1, true);
    const cells = bracketCells(t);
    const c1 = roundColumn(1);
    expect([at(cells, matchRow(1, 0), c1 + 2), at(cells, matchRow(1, 0), c1 + 3)]).toEqual(['Czerny, Anna', '−']);
    expect([at(cells, matchRow(1, 0) + 1, c1 + 2), at(cells, matchRow(1, 0) + 1, c1 + 3)]).toEqual(['Fischer, Anna', '+']);
    expect([at(cells, matchRow(1, 2), c1 + 2), at(cells, matchRow(1, 2) + 1, c1 + 2)]).toEqual(['Ashford, Anna', 'free win']);
    // Round 2 folds the four still in: 1–6, 2–4.
    const c2 = roundColumn(2);
    expect([at(cells, matchRow(2, 0), c2 + 2), at(cells, matchRow(2, 0) + 1, c2 + 2)]).toEqual(['Ashford, Anna', 'Fischer, Anna']);
    expect([at(cells, matchRow(2, 1), c2 + 2), at(cells, matchRow(2, 1) + 1, c2 + 2)]).toEqual(['Bianchi, Anna', 'Dubois, Anna']);
    expect(at(cells, 4, c2)).toBe('Round 2');
  });

  test('each match of a later round sits between the two it follows', () => {
    for (let r = 2; r <= 5; r++) {
      for (let k = 0; k < 4; k++) {
        expect(matchRow(r, k)).toBeGreaterThan(matchRow(r - 1, 2 * k));
        expect(matchRow(r, k)).toBeLessThan(matchRow(r - 1, 2 * k + 1) + 1);
      }
    }
  });

  test('the PKO 24 bracket: labels as printed, the three PKO winners at the right', () => {
    const t = playedKnockout(knockoutField(24, 'egc-pko-24'), 3);
    const cells = bracketCells(t);
    expect(at(cells, matchRow(1, 0), roundColumn(1))).toBe('A');
    expect(at(cells, matchRow(2, 0), roundColumn(2))).toBe('A–B');
    expect([0, 1, 2].map((k) => at(cells, matchRow(3, k), roundColumn(3)))).toEqual(['PKO I', 'PKO II', 'PKO III']);
    expect([0, 1, 2].map((k) => at(cells, matchRow(3, k), roundColumn(4) + 1))).toEqual(['Ashford, Anna', 'Bianchi, Anna', 'Czerny, Anna']);
  });

  test('a bracket for the wrong number of players says so on the sheet instead of a bracket', () => {
    const cells = bracketCells(knockoutField(20, 'egc-pko-24'));
    expect(at(cells, 2, 1)).toMatch(/is for exactly 24 players/);
  });
});

describe('results typed in the bracket', () => {
  test('become the games\' results; a contradiction with the Grid and a draw are named by cell', () => {
    const t = playedKnockout(knockoutField(4), 0, undefined, true);
    const cells = bracketCells(t).map((row) => [...row]);
    const c = roundColumn(1);
    cells[matchRow(1, 0) + 1 - 1][c + 3 - 1] = '+'; // 4 beats 1
    cells[matchRow(1, 1) - 1][c + 3 - 1] = 1; // 2 beats 3, typed as points
    const errors: InputError[] = [];
    const games = readBracketResults(cells, t, errors);
    expect(errors).toEqual([]);
    expect(games.map((g) => `${g.white}-${g.black} ${g.result}`)).toEqual(['1-4 black-wins', '2-3 white-wins']);

    cells[matchRow(1, 0) - 1][c + 3 - 1] = '+';
    const both: InputError[] = [];
    readBracketResults(cells, t, both);
    expect(both).toEqual([{ where: `${BRACKET_SHEET}!D${matchRow(1, 0)}`, message: 'match 1 of round 1: a knockout game has one winner; expected + for the winner and − (or blank) for the loser' }]);
  });

  test('tengen workbook writes the Bracket sheet; a result typed there is read back by the session', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-bracket-'));
    const file = path.join(dir, 'ko.json');
    writeFileSync(file, writeTournamentJson(playedKnockout(knockoutField(5), 0, undefined, true)));
    const out = path.join(dir, 'ko.xlsx');
    const r = await cli(['workbook', file, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Bracket');
    const wb = await readXlsxFile(out);
    // 5 exceeds 4 by 1: 4–5 play, 1–3 win free. Type 5's win.
    const row = matchRow(1, 0) + 1;
    await wb.apply({ label: 'typed', ops: [{ kind: 'write', sheet: BRACKET_SHEET, at: `D${row}`, cells: [['+']] }] });
    const s = await readSession(wb as XlsxWorkbook);
    if (!s.ok) throw new Error(JSON.stringify(s.errors));
    expect(s.value.tournament.games.map((g) => `${g.white}-${g.black} ${g.result}`)).toEqual(['4-5 black-wins']);
  });
});

describe('pairing a knockout in the workbook (the pane\'s preview and confirm)', () => {
  test('round 1 previewed by the tournament\'s own system, confirmed: games, free wins as byes, the bracket written', async () => {
    const { importBatch, pairRoundBatch, previewPairing } = await import('../../src/workbook/session');
    const { ownPairing } = await import('../../src/systems/registry');
    const { isPairingError } = await import('../../src/pairing/types');
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(knockoutField(6), { existingSheets: await wb.sheetNames() }));
    const read = await readSession(wb);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const own = ownPairing(read.value.tournament)!;
    const preview = previewPairing(read.value.tournament, 1, (base, r) => own(base, r));
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    expect(preview.pairing.freeWins).toEqual([1, 2]);
    await wb.apply(pairRoundBatch(read.value.tournament, preview.pairing, { expectedFingerprint: preview.fingerprint }));
    const after = await readSession(wb);
    if (!after.ok) throw new Error(JSON.stringify(after.errors));
    expect(after.value.tournament.games.map((g) => `${g.white}-${g.black}`)).toEqual(['3-6', '4-5']);
    expect(after.value.tournament.byes.map((b) => b.player)).toEqual([1, 2]);
    const bracket = (await wb.readSheet(BRACKET_SHEET))!;
    expect(at(bracket, matchRow(1, 0), roundColumn(1) + 2)).toBe('Czerny, Anna');
  });
});
