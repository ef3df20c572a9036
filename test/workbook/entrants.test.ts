/**
 * Pair go and rengo entrants in the workbook (seeds/egf-general-tournament-rules-excerpt.txt: "In case of pairgo or
 * rengo, 'player' denotes a pair or team"): the Players sheet carries each entrant's members, the Settings sheet the
 * kind and the rank rule (settings.entrants), so the workbook — the official record — reads back as the tournament
 * written into it. The entrant's rank (Grid and Players) is the one its members give by the rule: a rank that
 * contradicts them is refused, naming the cell and the rank expected.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import type { InputError } from '../../src/model/errors';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { readPlayersSheet } from '../../src/workbook/sheets/playersSheet';
import { importBatch, readTournament } from '../../src/workbook/session';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readXlsxFile, writeXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import { pairGoTournament, rengoTournament } from './entrantFixtures';
import { errorsOf, example, value } from './fixtures';

const TIME = '2026-09-12T09:00:00Z';

async function imported(t: Tournament): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook();
  await wb.apply(importBatch(t, { time: TIME }));
  return wb;
}

/** The column (1-based) of a header on a sheet's first row. */
function column(sheet: readonly (readonly unknown[])[], header: string): number {
  const i = sheet[0].indexOf(header);
  if (i < 0) throw new Error(`no "${header}" column`);
  return i + 1;
}

const letter = (n: number) => String.fromCharCode(64 + n);

describe.each([
  ['pair go: 8 pairs, average rounded down', pairGoTournament],
  ['rengo: 6 teams of three, the strongest member', rengoTournament],
])('%s', (_name, make) => {
  const t = make();

  it('is a valid tournament file (the fixture itself round-trips through JSON)', () => {
    expect(writeTournamentJson(value(parseTournamentJson(writeTournamentJson(t), 'fixture.json')))).toBe(writeTournamentJson(t));
  });

  it('reads back from the in-memory workbook as written: members, ranks and settings.entrants', async () => {
    const back = value(await readTournament(await imported(t)));
    expect(back.settings.entrants).toEqual(t.settings.entrants);
    expect(back.players.map((p) => p.members)).toEqual(t.players.map((p) => p.members));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
  });

  it('reads back from an .xlsx file as written', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(t, { time: TIME }));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tengen-entrants-')), 'entrants.xlsx');
    await writeXlsxFile(file, wb);
    const back = value(await readTournament(await readXlsxFile(file)));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
  });

  it('the Grid and the pairing sheet show the entrant by its own name', async () => {
    const wb = await imported(t);
    const grid = (await wb.readSheet('Grid'))!.flat();
    for (const p of t.players) expect(grid).toContain(p.family);
    const pairings = (await wb.readSheet('Pairings R1'))!.flat().map(String);
    const game = t.games.find((g) => g.round === 1)!;
    const white = t.players.find((p) => p.id === game.white)!;
    expect(pairings.some((cell) => cell.includes(white.family))).toBe(true);
  });
});

describe('the Players sheet of a pair go tournament', () => {
  const t = pairGoTournament();

  it('has three columns per member after the existing ones: family name, given name, rank', async () => {
    const sheet = (await (await imported(t)).readSheet('Players'))!;
    expect(sheet[0].slice(-8)).toEqual(['FFG licence', 'AGA ID', 'Member 1 family name', 'Member 1 given name', 'Member 1 rank', 'Member 2 family name', 'Member 2 given name', 'Member 2 rank']);
    const row = sheet.find((r) => r[0] === 1)!;
    expect(row.slice(-6)).toEqual(['Kim', 'Jiwon', '3d', 'Lee', 'Minho', '1k']);
    expect(row[3]).toBe('1d'); // the pair's rank: (3d + 1k) / 2 = 1d, rounded down
  });

  it('an individual tournament has no member columns', async () => {
    const sheet = (await (await imported(example())).readSheet('Players'))!;
    expect(sheet[0].at(-1)).toBe('AGA ID');
  });

  it('a rengo tournament has as many member columns as its largest team', async () => {
    const sheet = (await (await imported(rengoTournament())).readSheet('Players'))!;
    expect(sheet[0].slice(-3)).toEqual(['Member 3 family name', 'Member 3 given name', 'Member 3 rank']);
  });

  it('members typed by hand for a pair registered without them are read, the Grid rank checked against them', async () => {
    const bare: Tournament = { ...t, players: t.players.map((p) => (p.id === 3 ? { ...p, members: undefined } : p)) };
    const wb = await imported(bare);
    const sheet = (await wb.readSheet('Players'))!;
    const row = sheet.findIndex((r) => r[0] === 3) + 1;
    // Chiba & Doi: 1d and 2k, mean 1k rounded down: 1k, the rank the Grid already shows.
    wb.type('Players', `${letter(column(sheet, 'Member 1 family name'))}${row}`, 'Chiba');
    wb.type('Players', `${letter(column(sheet, 'Member 1 given name'))}${row}`, 'Kai');
    wb.type('Players', `${letter(column(sheet, 'Member 1 rank'))}${row}`, '1d');
    wb.type('Players', `${letter(column(sheet, 'Member 2 family name'))}${row}`, 'Doi');
    wb.type('Players', `${letter(column(sheet, 'Member 2 given name'))}${row}`, 'Mio');
    wb.type('Players', `${letter(column(sheet, 'Member 2 rank'))}${row}`, '2 kyu');
    const back = value(await readTournament(wb));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
  });

  it('a member rank changed so that the pair’s rank no longer agrees: refused at the Grid’s and the Players sheet’s Rank, naming the rank expected', async () => {
    const wb = await imported(t);
    const sheet = (await wb.readSheet('Players'))!;
    const row = sheet.findIndex((r) => r[0] === 1) + 1;
    wb.type('Players', `${letter(column(sheet, 'Member 2 rank'))}${row}`, '3k'); // Kim 3d, Lee 3k: mean between 1d and 1k, rounded down: 1k
    const errors = errorsOf(await readTournament(wb));
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/Grid!D16.*1d.*1k.*average-down/);
    expect(errors.join('\n')).toMatch(new RegExp(`Players!D${row}.*1d.*1k.*average-down`));
  });

  it('refuses a member rank that is not a rank, and a member without a family name, naming the cell', () => {
    const header = ['ID', 'Family name', 'Rank', 'Member 1 family name', 'Member 1 given name', 'Member 1 rank', 'Member 2 family name', 'Member 2 given name', 'Member 2 rank'];
    const errors: InputError[] = [];
    readPlayersSheet(
      [
        header,
        [1, 'Kim & Lee', '1d', 'Kim', 'Jiwon', 'strong', 'Lee', 'Minho', '1k'],
        [2, 'Abe & Baba', '1d', 'Abe', 'Aki', '3d', null, 'Rin', '2k'],
        [3, 'Chiba & Doi', '1k', 'Chiba', 'Kai', '1d', 'Doi', 'Mio', null],
      ],
      errors,
    );
    expect(errors.map((e) => `${e.where}: ${e.message}`)).toEqual([
      expect.stringMatching(/^Players!F2: .*"strong".*rank/),
      expect.stringMatching(/^Players!G3: member 2 has a given name or rank but no family name; expected the member's family name/),
      expect.stringMatching(/^Players!I4: member 2 \(Doi Mio\) has no rank; expected a rank such as 3d or 2k/),
    ]);
  });

  it('refuses a member column it does not know, and a member without its rank column, naming the header once', () => {
    const errors: InputError[] = [];
    const rows = readPlayersSheet([['ID', 'Member 1 family name', 'Member 1 nickname'], [1, 'Kim', 'JJ'], [2, 'Abe', 'AA']], errors);
    expect(errors.map((e) => `${e.where}: ${e.message}`)).toEqual([
      'Players!C1: "Member 1 nickname" is not a member\'s column; expected "Member 1 family name", "Member 1 given name" or "Member 1 rank"',
      'Players!B1: member 1 has no "Member 1 rank" column; expected the three columns "Member 1 family name", "Member 1 given name", "Member 1 rank"',
    ]);
    expect(rows.get(1 as PlayerId)?.fields.members).toBeUndefined();
  });
});
