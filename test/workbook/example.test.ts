/**
 * A realistic run: the bundled Quebec example built into a workbook through the session API, round by round as a
 * director would (new tournament, sections, each round paired as the example was and its results entered, the
 * standings, the final copies), saved as an .xlsx file, reopened with a fresh ExcelJS workbook, and the Grid's
 * cells checked against the engine. The file is kept in test-artifacts/ for a look in LibreOffice.
 */
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import type { RoundPairing } from '../../src/pairing/types';
import { buildScoreboard } from '../../src/scoring/scoreboard';
import { computeStandings } from '../../src/scoring/standings';
import { gridLayout } from '../../src/workbook/sheets/grid';
import { colourText, resultText } from '../../src/workbook/cells/notation';
import {
  fingerprint,
  finalizeBatch,
  newTournamentBatch,
  pairRoundBatch,
  readSession,
  readTournament,
  resultsBatch,
  sectionsBatch,
  standingsBatch,
} from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readXlsxFile, writeXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import { example, value } from './fixtures';

const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts');
const TIME = '2026-05-16T09:00:00Z';

/** The round as the example paired it. */
function roundOf(t: Tournament, round: number): RoundPairing {
  const games = t.games.filter((g) => g.round === round).sort((a, b) => a.table! - b.table!);
  return {
    round,
    system: 'example',
    games: games.map((g) => ({ table: g.table!, white: g.white, black: g.black, handicap: g.handicap, colourKnown: g.colourKnown !== false })),
    bye: t.byes.find((b) => b.round === round)?.player ?? null,
    report: [],
  };
}

test('the Quebec example, round by round through the session API, into an .xlsx file and back', async () => {
  const source = example();
  const wb = XlsxWorkbook.create();
  await wb.apply(
    newTournamentBatch({
      name: source.name,
      shortName: source.shortName,
      location: source.location,
      director: source.director,
      beginDate: source.beginDate,
      endDate: source.endDate,
      settings: { ...source.settings, sections: undefined },
      players: source.players.map(({ id: _id, section: _section, absentRounds: _absent, ...p }) => p), // eslint-disable-line @typescript-eslint/no-unused-vars
      existingSheets: await wb.sheetNames(),
      time: TIME,
    }),
  );
  let t = value(await readTournament(wb));
  const sections = source.settings.sections!.map((s) => ({ ...s, players: source.players.filter((p) => p.section === s.name).map((p) => p.id) }));
  await wb.apply(sectionsBatch(t, sections, { time: TIME }));
  t = value(await readTournament(wb));
  // Moreau arrives for round 2: the Players sheet says so.
  t = { ...t, players: t.players.map((p) => (p.id === 10 ? { ...p, absentRounds: [1] } : p)) };

  for (let round = 1; round <= source.settings.rounds; round++) {
    await wb.apply(pairRoundBatch(t, roundOf(source, round), { expectedFingerprint: fingerprint(t), time: TIME }));
    t = value(await readTournament(wb));
    const results = source.games.filter((g) => g.round === round).map((g) => ({ table: g.table!, result: g.result }));
    await wb.apply(resultsBatch(t, round, results, { time: TIME }));
    t = value(await readTournament(wb));
  }
  await wb.apply(standingsBatch(t));
  await wb.apply(finalizeBatch(t, { time: TIME }));

  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'quebec-open-mini.xlsx');
  await writeXlsxFile(file, wb);

  // The same tournament, read back from the file (methods of play are not entered through results: left aside).
  const back = value(await readTournament(await readXlsxFile(file)));
  const strip = (x: Tournament) => ({ ...x, games: x.games.map(({ method: _m, reason: _r, ...g }) => g) }); // eslint-disable-line @typescript-eslint/no-unused-vars
  expect(writeTournamentJson(strip(back))).toBe(writeTournamentJson(strip(source)));

  // A fresh ExcelJS workbook: every Grid cell against the engine.
  const x = new ExcelJS.Workbook();
  await x.xlsx.readFile(file);
  // The live Standings sheet appears with the first batch after results that renders the workbook (pairing round 2;
  // a result alone is a handful of cells), beside that round's pairing sheet.
  expect(x.worksheets.filter((w) => w.state !== 'hidden').map((w) => w.name)).toEqual(['Grid', 'Players', 'Settings', 'Log', 'Grid poster', 'Pairings R1', 'Slips R1', 'Pairings R2', 'Standings', 'Slips R2', 'Pairings R3', 'Slips R3', 'Pairings R4', 'Slips R4', 'Prize ceremony', 'Grid (final)', 'Standings (final)']);
  const ws = x.getWorksheet('Grid')!;
  const layout = gridLayout(4, source.players.length);
  const sb = buildScoreboard(source);
  const places = new Map(computeStandings(source).entries.map((e) => [e.player.id, e.place]));
  // ExcelJS's reader drops a cached 0 (its cell parser tests `if (model.value)`); the file holds <v>0</v>, as
  // xlsx.test.ts checks, so a formula read back without a result stands for 0 here.
  const plain = (address: string) => {
    const v = ws.getCell(address).value;
    return v !== null && typeof v === 'object' && 'formula' in v ? (v.result ?? 0) : v;
  };
  const at = (row: number, column: number) => ws.getRow(row).getCell(column).address;
  let checked = 0;
  sb.players.forEach((p, i) => {
    const row = layout.playerRow(i);
    expect(plain(at(row, 1))).toBe(p.id);
    for (let r = 1; r <= 4; r++) {
      const pr = sb.rounds[i][r - 1];
      const opponent = pr.opponent >= 0 ? sb.players[pr.opponent].id : null;
      expect(plain(at(row, layout.opponentColumn(r)))).toBe(opponent);
      const colour = pr.outcome === 'bye' ? 'BYE' : pr.colour ? colourText({ colour: pr.colour, handicap: pr.handicap, colourKnown: true }, 'en') : null;
      expect(plain(at(row, layout.colourColumn(r)))).toBe(colour);
      const mark = { win: '+', loss: '-', jigo: '=', 'default-win': '+!', 'default-loss': '-!' }[pr.outcome as string];
      expect(plain(at(row, layout.resultColumn(r)))).toBe(mark === undefined ? null : resultText({ sign: mark[0] as '+', byDefault: mark.length > 1 }));
      // Scores: a formula over the row, cached with the engine's value.
      const score = ws.getCell(at(row + 1, layout.scoreColumn(r))).value as ExcelJS.CellFormulaValue;
      expect(score.formula).toMatch(/^[A-Z]+\d+\+IF\(OR\(/);
      expect(score.result ?? 0).toBe(sb.mmsAfter[i][r] / 2);
      checked++;
    }
    expect(plain(at(row, layout.columns.victories))).toBe(sb.nbwAfter[i][4] / 2);
    expect(plain(at(row, layout.columns.place))).toBe(places.get(p.id));
  });
  expect(checked).toBe(52);
  // The final copy: the same values, no formula.
  const final = x.getWorksheet('Grid (final)')!;
  final.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeFalsy()));
  sb.players.forEach((_, i) => expect(final.getCell(at(layout.playerRow(i) + 1, layout.scoreColumn(4))).value).toBe(sb.mmsAfter[i][4] / 2));

  // The Log kept every line, in order (the tournament changed in memory before round 1 kept the workbook's context).
  const session = value(await readSession(await readXlsxFile(file)));
  const log = (await (await readXlsxFile(file)).readSheet('Log'))!;
  expect(session.logRow).toBe(log.length + 1);
  const kinds = log.slice(1).map((row) => String(row[2]).split(/[ :]/)[0]);
  expect(kinds.filter((k) => k === 'Paired')).toHaveLength(4);
  expect(kinds.filter((k) => k === 'Result')).toHaveLength(source.games.length);
  expect(kinds.filter((k) => k === 'Table')).toHaveLength(source.games.length);
  expect(kinds[0]).toBe('New');
  expect(kinds.filter((k) => k === 'Section')).toHaveLength(3);
  expect(kinds.at(-1)).toBe('Final');
});
