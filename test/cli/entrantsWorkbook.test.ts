/**
 * The CLI on the workbook of a pair go tournament (seeds/egf-general-tournament-rules-excerpt.txt: "In case of pairgo
 * or rengo, 'player' denotes a pair or team"): `tengen workbook` writes it, `tengen standings` reads it as the JSON
 * file, and `tengen pair … --out` the same workbook keeps every pair's members and the event's rank rule.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import { readTournament } from '../../src/workbook/session';
import { readXlsxFile } from '../../src/workbook/adapters/xlsxFile';
import { cli } from '../support/cli';
import { pairGoTournament } from '../workbook/entrantFixtures';
import { value } from '../workbook/fixtures';

describe('tengen on the workbook of a pair go tournament', () => {
  const t = pairGoTournament();
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-pairgo-'));
  const json = path.join(dir, 'pairgo.json');
  const xlsx = path.join(dir, 'pairgo.xlsx');
  writeFileSync(json, writeTournamentJson(t));

  it('workbook, then standings from the .xlsx: the same as from the JSON, pairs by their names', async () => {
    expect((await cli(['workbook', json, '--out', xlsx])).code).toBe(0);
    const fromWorkbook = await cli(['standings', xlsx]);
    expect(fromWorkbook.err).toBe('');
    expect(fromWorkbook.out).toBe((await cli(['standings', json])).out);
    expect(fromWorkbook.out).toContain('Kim & Lee');
  });

  it('pair --round 3 --out the same .xlsx: round 3 added, the members and settings.entrants kept', async () => {
    const paired = await cli(['pair', xlsx, '--round', '3', '--out', xlsx]);
    expect(paired.err).toBe('');
    expect(paired.code).toBe(0);
    expect(paired.out).toContain('Kim & Lee');
    const back = value(await readTournament(await readXlsxFile(xlsx)));
    expect(back.games.filter((g) => g.round === 3)).toHaveLength(4);
    expect(back.settings.entrants).toEqual({ kind: 'pair-go', rank: 'average-down' });
    expect(writeTournamentJson({ ...back, games: back.games.filter((g) => g.round < 3) })).toBe(writeTournamentJson(t));
  });
});
