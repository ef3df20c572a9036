/**
 * The Settings sheet's rows for pair go and rengo (settings.entrants, src/model/entrants.ts): the kind of entrant and
 * the rule that ranks a pair or team by its members, appended after the rows workbooks already have.
 */
import type { InputError } from '../../src/model/errors';
import { parseRange } from '../../src/workbook/cells/address';
import { SETTINGS_CACHE_SHEET } from '../../src/workbook/formulas/liveCache';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, parsePlayerList, readTournament, registerPlayersBatch } from '../../src/workbook/session';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { pairGoTournament } from './entrantFixtures';
import { example, value } from './fixtures';

/** The text of each cell a name covers, as the live spills' fallback compares TengenSettings with its cache (names.ts). */
async function covered(wb: MemoryWorkbook, name: string): Promise<string[][]> {
  const { sheet, range } = wb.names.get(name.toLowerCase())!;
  const r = parseRange(range)!;
  const values = (await wb.readSheet(sheet)) ?? [];
  return Array.from({ length: r.bottom - r.top + 1 }, (_, i) => Array.from({ length: r.right - r.left + 1 }, (_, j) => String(values[r.top - 1 + i]?.[r.left - 1 + j] ?? '')));
}

describe('the Settings sheet of a pair go or rengo tournament', () => {
  it('appends "Pair go or rengo" and "Pair or team rank" after the rows it had, which keep their places; a tournament of individuals has neither', () => {
    // The rows as workbooks written before pair go have them, in that order.
    const before = ['Setting', 'Short name', 'Komi', 'Handicap', 'Handicap ceiling', 'Even game at or above', 'Tie-breakers', 'Lottery seed', 'Pairing tie-breakers', 'Host city', 'Prizes', 'OpenGotha scoring (JSON)', 'Round-robin schedule', 'Round-robin cycles', 'Pairing numbers', 'Knockout bracket', 'Handicap correction', 'European Go Congress McMahon', 'Teams (JSON)'];
    const pairs = settingsCells(pairGoTournament().settings);
    expect(pairs.map((r) => r[0])).toEqual([...before, 'Pair go or rengo', 'Pair or team rank']);
    expect(pairs.slice(-2)).toEqual([
      ['Pair go or rengo', 'pair-go'],
      ['Pair or team rank', 'average-down'],
    ]);
    expect(settingsCells(example().settings).map((r) => r[0])).toEqual(before);
  });

  it('a workbook of individuals written before these rows stays in step with its settings cache after a batch (the fallback shows places, not #N/A)', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(example(), { time: '2026-05-16T09:00:00Z' }));
    // As such a workbook is: a Settings table of 19 rows, TengenSettings and its cache covering them.
    for (const sheet of ['Settings', SETTINGS_CACHE_SHEET]) for (const cell of ['A20', 'B20', 'A21', 'B21']) wb.type(sheet, cell, null);
    for (const name of ['TengenSettings', 'TengenSettingsCache']) wb.names.set(name.toLowerCase(), { ...wb.names.get(name.toLowerCase())!, range: 'A1:B19' });
    expect(await covered(wb, 'TengenSettingsCache')).toEqual(await covered(wb, 'TengenSettings'));
    await wb.apply(registerPlayersBatch(value(await readTournament(wb)), value(parsePlayerList('Late, Comer\t2k\tLaval')), { time: '2026-05-16T10:00:00Z' }));
    expect((await wb.readSheet(SETTINGS_CACHE_SHEET))!.length).toBe(19);
    expect(await covered(wb, 'TengenSettingsCache')).toEqual(await covered(wb, 'TengenSettings'));
  });

  it('a pair go workbook: TengenSettings covers the two rows, and its cache stays in step after a batch', async () => {
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(pairGoTournament(), { time: '2026-09-12T09:00:00Z' }));
    expect(wb.names.get('tengensettings')!.range).toBe('A1:B21');
    await wb.apply(registerPlayersBatch(value(await readTournament(wb)), value(parsePlayerList('Late, Comer\t2k\tLaval')), { time: '2026-09-12T10:00:00Z' }));
    expect(await covered(wb, 'TengenSettingsCache')).toEqual(await covered(wb, 'TengenSettings'));
    expect((await covered(wb, 'TengenSettings')).slice(-2)).toEqual([
      ['Pair go or rengo', 'pair-go'],
      ['Pair or team rank', 'average-down'],
    ]);
  });

  it('reads what a director types: "pair go", "Rengo", "average nearest"; the rank rule defaults to average-down', () => {
    const read = (kind: string, rule?: string) => readSettingsSheet([['Setting', 'Value'], ['Pair go or rengo', kind], ...(rule ? [['Pair or team rank', rule]] : [])], []).settings.entrants;
    expect(read('pair go', 'average nearest')).toEqual({ kind: 'pair-go', rank: 'average-nearest' });
    expect(read('Rengo', 'Strongest')).toEqual({ kind: 'rengo', rank: 'strongest' });
    expect(read('pair-go')).toEqual({ kind: 'pair-go', rank: 'average-down' });
  });

  it('refuses an unknown kind or rule, and a rule without a kind, naming the cell and what was expected', () => {
    const errorsOfRows = (rows: (string | null)[][]) => {
      const errors: InputError[] = [];
      readSettingsSheet([['Setting', 'Value'], ...rows], errors);
      return errors.map((e) => `${e.where}: ${e.message}`);
    };
    expect(errorsOfRows([['Pair go or rengo', 'doubles']])).toEqual(['Settings!B2: "doubles" is not a kind of entrant; expected pair-go or rengo']);
    expect(errorsOfRows([['Pair go or rengo', 'rengo'], ['Pair or team rank', 'median']])).toEqual(['Settings!B3: "median" is not a rule for a pair’s or team’s rank; expected average-down, average-nearest or strongest']);
    expect(errorsOfRows([['Pair or team rank', 'strongest']])).toEqual(['Settings!B2: a pair or team rank rule needs "Pair go or rengo" (pair-go or rengo)']);
  });
});
