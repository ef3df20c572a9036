/**
 * The printouts as data, without a printer (the pages themselves: test/e2e/printouts.test.ts): the table list, the
 * result slips, the poster's formulas, the grid's page breaks, the prize ceremony's blocks, and the prizes as
 * typed on the Settings sheet and stored in the tournament file.
 */
import { isCacheSheet } from '../../src/workbook/formulas/liveCache';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { displayName, type Tournament } from '../../src/model/tournament';
import type { InputError } from '../../src/model/errors';
import { computeStandings } from '../../src/scoring/standings';
import { ceremonyCells } from '../../src/workbook/sheets/ceremonySheet';
import { gridCells, gridLayout, gridOps, valuesOf } from '../../src/workbook/sheets/grid';
import { posterCells } from '../../src/workbook/sheets/posterSheet';
import { gamesByTable } from '../../src/workbook/sheets/pairingsSheet';
import { needsTableList, roundPaperOps, roundSheets } from '../../src/workbook/print/printouts';
import { formatPrizes, readPrizes } from '../../src/workbook/cells/prizeNotation';
import { finalizeBatch, importBatch, pairRoundBatch, previewPairing, standingsBatch, withoutRound } from '../../src/workbook/session';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { SLIP_ROWS, slipsCells, slipsOps } from '../../src/workbook/sheets/slipsSheet';
import { tablesCells } from '../../src/workbook/sheets/tablesSheet';
import { example, generated, value } from './fixtures';

describe('the table list (Tables R<n>)', () => {
  test('every player of the round once, by name, with his table and colour; the bye says BYE', () => {
    const t = example();
    const cells = tablesCells(t, 2);
    expect(cells[2]).toEqual(['Name', 'ID', 'Table', 'Colour']);
    const rows = cells.slice(3);
    const names = rows.map((r) => r[0] as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const inRound = new Set([...t.games.filter((g) => g.round === 2).flatMap((g) => [g.white, g.black]), ...t.byes.filter((b) => b.round === 2).map((b) => b.player)]);
    expect(rows.map((r) => r[1]).sort((a, b) => Number(a) - Number(b))).toEqual([...inRound].sort((a, b) => a - b));
    for (const g of t.games.filter((x) => x.round === 2)) {
      expect(rows.find((r) => r[1] === g.white)).toEqual([displayName(t.players.find((p) => p.id === g.white)!), g.white, g.table, g.handicap > 0 ? `White (−${g.handicap})` : 'White']);
    }
    expect(rows.find((r) => r[1] === 13)).toEqual(['Fortin, Léa', 13, 'BYE', null]);
  });

  test('written only when the pairing sheet runs over one page (more than 20 tables)', () => {
    expect(needsTableList(example(), 1)).toBe(false);
    expect(roundSheets(example(), 1)).toEqual(['Pairings R1', 'Slips R1']);
    const big = generated(60, 1, 2);
    expect(needsTableList(big, 1)).toBe(true);
    expect(roundSheets(big, 1)).toEqual(['Pairings R1', 'Tables R1', 'Slips R1']);
    // Paired again with fewer tables: the old list goes.
    expect(roundPaperOps(example(), 1)).toContainEqual({ kind: 'delete-sheet', sheet: 'Tables R1' });
  });
});

describe('the result slips (Slips R<n>)', () => {
  test('one slip a table: table and round, White, Black, the jigo box line, signatures, the cut line', () => {
    // A two-stone game at table 2 of round 1.
    const t0 = example();
    const t: Tournament = { ...t0, games: t0.games.map((g) => (g.round === 1 && g.table === 2 ? { ...g, handicap: 2 } : g)) };
    const round = 1;
    const cells = slipsCells(t, round);
    const games = gamesByTable(t, round);
    expect(cells).toHaveLength(games.length * SLIP_ROWS);
    const withHandicap = games.findIndex((g) => g.handicap > 1);
    const g = games[withHandicap];
    const slip = cells.slice(withHandicap * SLIP_ROWS, (withHandicap + 1) * SLIP_ROWS);
    expect(slip[0].slice(0, 4)).toEqual([`Table ${g.table}`, `Round ${round} — ${t.name}`, null, `Handicap ${g.handicap}`]);
    expect(slip[1]).toEqual(['White', `${g.white} ${displayName(t.players.find((p) => p.id === g.white)!)}`, null, 'won', null, `−${g.handicap}`]);
    expect(slip[2]).toEqual(['Black', `${g.black} ${displayName(t.players.find((p) => p.id === g.black)!)}`, null, 'won', null, `+${g.handicap}`]);
    expect(slip[3].slice(1, 4)).toEqual(['Tick the winner:', null, 'Jigo']);
    expect(String(slip[5][0])).toMatch(/cut$/);
  });

  test('six slips a page: a break before every sixth, never inside a slip', () => {
    const t = generated(41, 1, 3);
    const print = slipsOps(t, 1).find((o) => o.kind === 'print');
    expect(print).toMatchObject({ settings: { rowBreaks: [1 + 6 * SLIP_ROWS, 1 + 12 * SLIP_ROWS, 1 + 18 * SLIP_ROWS], scale: 100 } });
  });
});

describe('the grid printed', () => {
  test('a page break every 10 players, always before a line 1; the header rows repeated; a scale, not fit-to-page', () => {
    const t = generated(40, 5, 4);
    const layout = gridLayout(5, 40);
    const print = gridOps(t).find((o) => o.kind === 'print');
    expect(print).toMatchObject({ settings: { repeatRows: `${layout.headerRow}:${layout.subHeaderRow}`, orientation: 'landscape', rowBreaks: [10, 20, 30].map((k) => layout.playerRow(k)) } });
    expect(print).not.toMatchObject({ settings: { fitToWidth: true } });
  });

  test('a club longer than its column wraps, its line two lines high', () => {
    const t = example();
    const long: Tournament = { ...t, players: t.players.map((p) => (p.id === 3 ? { ...p, club: 'Club de go de l’Université de Montréal (CGUM)' } : p)) };
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const row = layout.playerRow(2);
    const ops = gridOps(long);
    expect(ops).toContainEqual({ kind: 'format', sheet: 'Grid', range: `C${row}`, format: { wrap: true } });
    expect(ops).toContainEqual({ kind: 'format', sheet: 'Grid', range: `A${row}:S${row}`, format: { rowHeight: 30 } });
    expect(ops.filter((o) => o.kind === 'format' && o.format.wrap)).toHaveLength(1);
  });
});

describe('the grid poster', () => {
  test("the cells a result changes read the same cell of the Grid, written with its value; the others are copied", () => {
    const t = example();
    const layout = gridLayout(t.settings.rounds, t.players.length);
    const grid = valuesOf(gridCells(t));
    const poster = posterCells(t);
    const first = 5;
    for (let i = 0; i < t.players.length; i++) {
      for (const line of [0, 1]) {
        const gridRow = layout.playerRow(i) + line;
        const rounds = Array.from({ length: layout.rounds }, (_, k) => k + 1);
        const live = line === 0 ? [...rounds.map((r) => layout.resultColumn(r)), layout.columns.victories, layout.columns.place] : rounds.map((r) => layout.scoreColumn(r));
        poster[first - 1 + 2 * i + line].forEach((cell, c) => {
          const address = `${String.fromCharCode(65 + c)}${gridRow}`;
          if (live.includes(c + 1)) expect(cell).toEqual({ formula: `=IF(Grid!${address}="","",Grid!${address})`, value: grid[gridRow - 1][c] ?? '' });
          else expect(cell).toEqual(grid[gridRow - 1][c]);
        });
      }
    }
  });
});

describe('the prize ceremony', () => {
  test('blocks from the last section up to the first, then the whole field; the prizes and who wins them', () => {
    const t = example();
    const withPrizes: Tournament = { ...t, settings: { ...t.settings, prizes: [{ section: 'A', place: 1, item: 'Trophy', amount: 100, unit: '€' }, { section: 'C', place: 1, amount: 20, unit: '€' }, { place: 1, item: 'Go board' }] } };
    const s = computeStandings(withPrizes);
    const { cells, headings } = ceremonyCells(s);
    expect(headings.map((r) => String(cells[r - 1][0]).split(' — ')[0])).toEqual(['Section C (initial score -4)', 'Section B (initial score -2)', 'Section A (initial score 0)', 'Whole field']);
    const winnerA = s.sectionWinners.get('A')!;
    const a = headings[2];
    expect(cells[a][0]).toBe(`Winner: ${winnerA.map((id) => `${id} ${displayName(t.players.find((p) => p.id === id)!)}`).join(', ')}`);
    expect(cells[a + 1][0]).toBe('Prizes: Place 1: Trophy + 100 €');
    expect(cells[a + 2].slice(0, 6)).toEqual(['Place', 'ID', 'Name', 'City/Club', 'Rank', 'Wins']);
    expect(cells[a + 3].at(-1)).toBe('Trophy + 100 €');
    expect(cells[headings[1] + 1][0]).toBe('No prizes are set (Settings sheet, Prizes).');
  });
});

describe('prizes as typed and as stored', () => {
  test('the Prizes cell: read, written back the same', () => {
    const text = 'A 1: Trophy + 100 €; A 2: 50 €; Section 1 1: $30; 1: Go board';
    const read = readPrizes(text);
    expect(read).toEqual({
      ok: true,
      prizes: [
        { section: 'A', place: 1, amount: 100, unit: '€', item: 'Trophy' },
        { section: 'A', place: 2, amount: 50, unit: '€' },
        { section: 'Section 1', place: 1, amount: 30, unit: '$' },
        { place: 1, item: 'Go board' },
      ],
    });
    expect(formatPrizes(read.ok ? read.prizes : [])).toBe(text);
  });

  test('a Prizes cell Tengen cannot read is an error naming the cell', () => {
    const t = example();
    const cells = settingsCells({ ...t.settings, prizes: [{ section: 'A', place: 1, item: 'Cup' }] });
    const row = cells.findIndex((r) => r[0] === 'Prizes');
    expect(cells[row][1]).toBe('A 1: Cup');
    const errors: InputError[] = [];
    expect(readSettingsSheet(cells, errors).settings.prizes).toEqual([{ section: 'A', place: 1, item: 'Cup' }]);
    cells[row][1] = 'A first: Cup';
    readSettingsSheet(cells, errors);
    expect(errors.map((e) => e.where)).toEqual([`Settings!B${row + 1}`]);
    expect(errors[0].message).toMatch(/"A first: Cup" is not a prize; expected a section, a place/);
  });

  test('the tournament file keeps the prizes; a prize with neither sum nor thing is refused', () => {
    const t = example();
    const withPrizes: Tournament = { ...t, settings: { ...t.settings, prizes: [{ section: 'A', place: 1, item: 'Trophy', amount: 100, unit: '€' }] } };
    const text = writeTournamentJson(withPrizes);
    expect(value(parseTournamentJson(text)).settings.prizes).toEqual(withPrizes.settings.prizes);
    const doc = JSON.parse(text);
    doc.settings.prizes = [{ section: 'A', place: 1 }];
    const parsed = parseTournamentJson(JSON.stringify(doc, null, 2), 'bad.json');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0].where).toMatch(/^\/settings\/prizes\/0/);
  });
});

describe('the printouts in the session\'s batches', () => {
  const sheetsOf = (ops: readonly { kind: string; sheet: string }[]) => [...new Set(ops.filter((o) => o.kind === 'ensure-sheet' && !isCacheSheet(o.sheet)).map((o) => o.sheet))];

  test('writing the standings and finalizing write the prize ceremony', () => {
    const t = example();
    expect(sheetsOf(standingsBatch(t).ops)).toEqual(['Standings', 'Prize ceremony']);
    expect(sheetsOf(finalizeBatch(t, { time: 'now' }).ops)).toContain('Prize ceremony');
  });

  test('pairing a round writes its pairing sheet, slips, the table list of a big round and the poster', () => {
    const t = generated(60, 1, 2);
    const base = withoutRound(t, 1);
    const preview = previewPairing(base, 1);
    if (!('games' in preview.pairing)) throw new Error('the round did not pair');
    const batch = pairRoundBatch(base, preview.pairing, { expectedFingerprint: preview.fingerprint, time: 'now' });
    expect(sheetsOf(batch.ops)).toEqual(['Grid', 'Players', 'Pairings R1', 'Tables R1', 'Slips R1', 'Grid poster', 'Log']);
  });

  test('no poster for a field of more than 200 players', () => {
    const t = generated(201, 1, 2);
    expect(sheetsOf(importBatch(t).ops)).not.toContain('Grid poster');
    expect(sheetsOf(importBatch(generated(200, 1, 2)).ops)).toContain('Grid poster');
  });
});
