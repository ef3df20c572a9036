/**
 * Issue 27, cause 7 (files Tengen wrote and then refused): every reader now refuses, naming the player and the
 * field, what no format can hold — a noncharacter (U+FFFF), a lone surrogate, an empty or blank name, a text longer
 * than a workbook cell (32,767 characters), a date that is not a calendar date — so it is never written first.
 * And a Tengen JSON without "format" is told so, once, not read as Pairgoth's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadTournament } from '../../src/workbook/load';
import { parseTournamentJson } from '../../src/formats/json';
import { formatInputError } from '../../src/model/errors';

const base = {
  format: 'tengen-tournament',
  version: 1,
  name: 'T',
  settings: { system: 'mcmahon', rounds: 2, ruleset: 'egf' },
  players: [{ id: 1, family: 'Abe', given: 'Aki', rank: '3d' }],
  games: [],
  byes: [],
};
function refusal(edit: (t: Record<string, unknown> & typeof base) => void): string {
  const t = structuredClone(base) as Record<string, unknown> & typeof base;
  edit(t);
  const r = parseTournamentJson(JSON.stringify(t, null, 2), 't.json');
  if (r.ok) throw new Error('accepted');
  return r.errors.map(formatInputError).join('\n');
}

describe('text and dates no format can hold are refused on reading', () => {
  it.each<[string, (t: typeof base & Record<string, unknown>) => void, RegExp]>([
    ['U+FFFF in a name', (t) => (t.players[0].family = 'Ab\uffffe'), /player 1 \(Ab.e, Aki\): family ".*" holds U\+FFFF, which is not a character/],
    ['a lone surrogate', (t) => (t.players[0].given = 'A\ud800ki'), /given ".*" holds U\+D800, which is not a character/],
    ['an empty name', (t) => Object.assign(t.players[0], { family: ' ', given: '' }), /player 1: the name is empty/],
    ['a name longer than a cell holds', (t) => (t.players[0].family = 'x'.repeat(100_000)), /family is 100,000 characters long: at most 32,767/],
    ['30 February', (t) => (t.beginDate = '2026-02-30'), /beginDate "2026-02-30" is not a date: expected a calendar date written YYYY-MM-DD/],
    ['"yesterday"', (t) => (t.endDate = 'yesterday'), /endDate "yesterday" is not a date/],
  ])('%s', (_, edit, message) => {
    expect(refusal(edit)).toMatch(message);
  });
  it('accepts a real date and a name with a character outside the BMP', () => {
    const t = { ...base, beginDate: '2024-02-29', players: [{ ...base.players[0], family: '𠮷田' }] };
    expect(parseTournamentJson(JSON.stringify(t), 't.json').ok).toBe(true);
  });
});

describe('a JSON without "format"', () => {
  it('is told it is not a Tengen tournament, in one error, not about Pairgoth', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-format-'));
    const file = path.join(dir, 't.json');
    const withoutFormat: Partial<typeof base> = { ...base };
    delete withoutFormat.format;
    writeFileSync(file, JSON.stringify(withoutFormat, null, 2));
    const r = await loadTournament(file);
    rmSync(dir, { recursive: true, force: true });
    expect(r.ok ? [] : r.errors.map((e) => e.message)).toEqual(['not a Tengen tournament: expected "format": "tengen-tournament"']);
  });
});

describe('a number too small to hold', () => {
  it('"rating": 1e-400 is refused, not read as 0', () => {
    const t = JSON.stringify({ ...base, players: [{ ...base.players[0], rating: 1 }] }, null, 2).replace('"rating": 1', '"rating": 1e-400');
    const r = parseTournamentJson(t, 't.json');
    expect(r.ok ? 'accepted' : r.errors.map(formatInputError).join('\n')).toMatch(/t\.json:\d+: .*the number 1e-400 is too small: it would be read as 0/);
    expect(parseTournamentJson(t.replace('1e-400', '0e-400'), 't.json').ok).toBe(true);
  });
});
