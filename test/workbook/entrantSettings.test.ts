/**
 * The Settings sheet's rows for pair go and rengo (settings.entrants, src/model/entrants.ts): the kind of entrant and
 * the rule that ranks a pair or team by its members, appended after the rows workbooks already have.
 */
import type { InputError } from '../../src/model/errors';
import { readSettingsSheet, settingsCells } from '../../src/workbook/settingsSheet';
import { pairGoTournament } from './entrantFixtures';
import { example } from './fixtures';

describe('the Settings sheet of a pair go or rengo tournament', () => {
  it('appends "Pair go or rengo" and "Pair or team rank" after the rows it had, which keep their places', () => {
    // The rows as workbooks written before pair go have them, in that order.
    const before = ['Setting', 'Short name', 'Komi', 'Handicap', 'Handicap ceiling', 'Even game at or above', 'Tie-breakers', 'Lottery seed', 'Pairing tie-breakers', 'Host city', 'Prizes', 'OpenGotha scoring (JSON)', 'Round-robin schedule', 'Round-robin cycles', 'Pairing numbers', 'Knockout bracket', 'Handicap correction', 'European Go Congress McMahon', 'Teams (JSON)'];
    const pairs = settingsCells(pairGoTournament().settings);
    expect(pairs.map((r) => r[0])).toEqual([...before, 'Pair go or rengo', 'Pair or team rank']);
    expect(pairs.slice(-2)).toEqual([
      ['Pair go or rengo', 'pair-go'],
      ['Pair or team rank', 'average-down'],
    ]);
    expect(settingsCells(example().settings).slice(-2)).toEqual([
      ['Pair go or rengo', null],
      ['Pair or team rank', null],
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
