/**
 * A European Go Congress McMahon (`settings.egc`) in a workbook: the Settings sheet carries "European Go Congress
 * McMahon", the Players sheet "European", "PKO" and "All rounds declared", and the grid's initial MMS column — the congress rule's top bar
 * and supergroup — reads back as the rule's, not as the director's own values: the file round-trips.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, readTournament } from '../../src/workbook/session';
import { readSettingsSheet } from '../../src/workbook/sheets/settingsSheet';
import { value } from './fixtures';

const FILE = path.join(__dirname, '..', '..', 'examples', 'egc-congress-r8.json');
const TIME = '2026-07-27T09:00:00Z';

describe('the congress McMahon in a workbook', () => {
  test('round-trips: egc, European, PKO and the rule-given initial scores', async () => {
    const read = value(parseTournamentJson(readFileSync(FILE, 'utf8'), FILE));
    // One player already qualified for the league (the top bar counts him on top of its 67): kept too.
    const t = { ...read, players: read.players.map((p, i) => (i === 0 ? { ...p, leagueQualified: true } : p)) };
    expect(t.settings.egc).toBe(true);
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(t, { time: TIME }));
    const settings = (await wb.readSheet('Settings'))!;
    expect(settings.find((row) => row[0] === 'European Go Congress McMahon')?.[1]).toBe('yes');
    const players = (await wb.readSheet('Players'))!;
    expect(players[0].slice(-6)).toEqual(['European', 'PKO', 'League qualified', 'All rounds declared', 'FFG licence', 'AGA ID']);
    expect(writeTournamentJson(value(await readTournament(wb)))).toBe(writeTournamentJson(t));
  });

  test('the Settings sheet refuses a value that is neither yes nor no, naming the cell', () => {
    const errors: { where?: string; message: string }[] = [];
    const read = readSettingsSheet([['Setting', 'Value'], ['European Go Congress McMahon', 'maybe']], errors as never);
    expect(read.settings.egc).toBeUndefined();
    expect(errors).toEqual([{ where: 'Settings!B2', message: '"maybe" (European Go Congress McMahon): expected yes or no' }]);
    expect(readSettingsSheet([['Setting', 'Value'], ['European Go Congress McMahon', 'oui']], []).settings.egc).toBe(true);
  });
});
