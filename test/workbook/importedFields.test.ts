/**
 * Issue 27, "The workbook loses what it imported": OpenGotha's registering status (PRE), grade, rating origin, SMMS
 * correction, names as written, the bye OpenGotha holds and teams beside a tournament of individuals survive the
 * workbook (the Players sheet's "Registration" and "Other fields (JSON)" columns, the Settings sheet's "Teams (JSON)"),
 * so the EGC 2024 draw with `--system opengotha` is the same from the XML and from its workbook.
 */
import { readFileSync } from 'node:fs';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { writeTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { pairOpenGotha } from '../../src/systems/opengotha/pair';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch, readTournament } from '../../src/workbook/session';
import { PLAYERS_SHEET } from '../../src/workbook/sheets/playersSheet';
import { corpusPath, describeCorpus } from '../support/corpus';
import { errorsOf, example, value } from './fixtures';

const TIME = { time: '2026-01-01T00:00:00Z' };

async function throughMemory(t: Tournament): Promise<{ wb: MemoryWorkbook; back: Tournament }> {
  const wb = new MemoryWorkbook();
  await wb.apply(importBatch(t, TIME));
  return { wb, back: value(await readTournament(wb)) };
}

async function throughXlsx(t: Tournament): Promise<Tournament> {
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(t, TIME));
  return value(await readTournament(await XlsxWorkbook.open(await wb.save())));
}

/** The example with what an OpenGotha import brings: a preliminary player, fields of its own, teams beside. */
function imported(): Tournament {
  const t = example();
  const [first, second] = t.players;
  return {
    ...t,
    players: t.players.map((p) =>
      p.id === first.id
        ? { ...p, extra: { registeringStatus: 'PRE', grade: '5K', ratingOrigin: 'EGF', smmsCorrection: '0', openGothaName: `${p.family} ` } }
        : p.id === second.id
          ? { ...p, extra: { ffgLicence: '1234567', registeringStatus: 'FIN' } }
          : p,
    ),
    teams: [{ number: 1, name: 'Les Bleus', boards: [{ round: 1, board: 1, player: first.id }, { round: 1, board: 2, player: second.id }] }],
  };
}

describe('the workbook keeps what was imported', () => {
  test('registering status, the other fields and teams beside the players come back (memory and real .xlsx)', async () => {
    const t = imported();
    const { wb, back } = await throughMemory(t);
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(t));
    expect(writeTournamentJson(await throughXlsx(t))).toBe(writeTournamentJson(t));
    // Shown to the director: the two columns after the others, the first player preliminary.
    const sheet = (await wb.readSheet(PLAYERS_SHEET))!;
    const registration = sheet[0].indexOf('Registration');
    const other = sheet[0].indexOf('Other fields (JSON)');
    expect(registration).toBeGreaterThan(0);
    expect(sheet[1][registration]).toBe('PRE');
    expect(JSON.parse(String(sheet[1][other]))).toEqual({ grade: '5K', openGothaName: `${t.players[0].family} `, ratingOrigin: 'EGF', smmsCorrection: '0' });
  });

  test('a tournament begun in Tengen gets no such columns', async () => {
    const { wb } = await throughMemory(example());
    expect((await wb.readSheet(PLAYERS_SHEET))![0]).not.toContain('Registration');
  });

  test('a registration or other fields that cannot be read are refused naming the cell', async () => {
    const { wb } = await throughMemory(imported());
    const header = (await wb.readSheet(PLAYERS_SHEET))![0];
    const col = (h: string) => String.fromCharCode(65 + header.indexOf(h));
    await wb.apply({ label: 'typed', ops: [{ kind: 'write', sheet: PLAYERS_SHEET, at: `${col('Registration')}2`, cells: [['maybe']] }] });
    await wb.apply({ label: 'typed', ops: [{ kind: 'write', sheet: PLAYERS_SHEET, at: `${col('Other fields (JSON)')}3`, cells: [['{grade: 5K']] }] });
    const errors = errorsOf(await readTournament(wb));
    expect(errors.some((e) => e.includes(`Players!${col('Registration')}2`) && e.includes('"maybe"') && e.includes('PRE'))).toBe(true);
    expect(errors.some((e) => e.includes(`Players!${col('Other fields (JSON)')}3`) && e.includes('not valid JSON'))).toBe(true);
  });
});

describeCorpus('the EGC 2024 field through its workbook', () => {
  const file = corpusPath('opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
  /** The tournament as it stood before round 2 was paired (its 16 recorded games set aside, as `pair` does). */
  const beforeRound2 = (t: Tournament): Tournament => ({ ...t, games: t.games.filter((g) => g.round < 2), byes: t.byes.filter((b) => b.round < 2) });
  const draw = (t: Tournament) => {
    const p = pairOpenGotha(beforeRound2(t), 2);
    if (!('games' in p)) throw new Error(JSON.stringify(p));
    return { games: p.games.map((g) => [g.table, g.white, g.black, g.handicap]), bye: p.bye };
  };

  test('the OpenGotha draw of round 2 from the XML and from the .xlsx made from it are identical', async () => {
    const t = value(parseOpenGotha(readFileSync(file, 'utf8'), file));
    const back = await throughXlsx(t);
    // 271 preliminary players: OpenGotha does not pair them (the workbook once made them pairable: 440 games).
    expect(back.players.filter((p) => p.extra?.registeringStatus === 'PRE').length).toBe(t.players.filter((p) => p.extra?.registeringStatus === 'PRE').length);
    const fromXml = draw(t);
    expect(fromXml.games.length).toBe(358);
    expect(draw(back)).toEqual(fromXml);
    // Round 1's two byes: OpenGotha holds the file's last; the workbook, which keeps no order of byes, says which.
    const round1 = t.byes.filter((b) => b.round === 1);
    expect(round1.length).toBe(2);
    expect(back.players.find((p) => p.id === round1[1].player)?.extra?.openGothaHeldBye).toBe('1');
  }, 120_000);

  test("Tournoi-de-Juvisy's 6 teams and 360 boards survive the .xlsx", async () => {
    const juvisy = corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.xml');
    const t = value(parseOpenGotha(readFileSync(juvisy, 'utf8'), juvisy));
    const back = await throughXlsx(t);
    expect(back.teams?.length).toBe(6);
    expect(back.teams?.flatMap((x) => x.boards).length).toBe(t.teams!.flatMap((x) => x.boards).length);
    expect(back.teams).toEqual(t.teams);
    expect(back.settings.teams).toBeUndefined();
  });
});
