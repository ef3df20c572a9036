/**
 * docs/export-samples/: each sample is what Tengen writes today for examples/quebec-open-mini.json, and each line
 * follows its format's description:
 *  - EGD .h9 (Aleš Cieplý's format page): ASCII; "; KEY[value]" header lines; one line per player; every result entry
 *    `<opponent's place><symbol>[/<colour>[<h>]]` or `0+`, `0-`, `0=`; "the number of rounds must be the same for
 *    each player"; every opponent named is a line of the table and names the player back;
 *  - AGA results: TOURNEY, start=, finish=, rules=, PLAYERS (`<id> <Last, First> <rank>`), GAMES
 *    (`<white id> <black id> <w|b> <handicap> <komi>`), every ID of a game a player of the list;
 *  - FFG .tou: the nine `;key=` header lines of Pairgoth's and OpenGotha's files, then fixed-width player lines;
 *  - OpenGotha XML: dataVersion="201", re-imported by Tengen.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { exportTournament } from '../../src/formats/exportAll';
import type { ExportFormat } from '../../src/formats/export';
import { parseOpenGotha } from '../../src/formats/opengotha';

const ROOT = path.resolve(__dirname, '..', '..');
const SAMPLES = path.join(ROOT, 'docs', 'export-samples');
const parsed = parseTournamentJson(readFileSync(path.join(ROOT, 'examples', 'quebec-open-mini.json'), 'utf8'));
if (!parsed.ok) throw new Error('example');
const t = parsed.value;
const sample = (name: string) => readFileSync(path.join(SAMPLES, name), 'utf8');

describe('docs/export-samples are current', () => {
  it.each([
    ['h9', 'quebec-open-mini.h9'],
    ['aga', 'quebec-open-mini-aga.txt'],
    ['ffg', 'quebec-open-mini.tou'],
    ['opengotha', 'quebec-open-mini.xml'],
  ] as const)('%s: %s', (format: ExportFormat, name) => {
    const e = exportTournament(t, format);
    expect(e.ok && e.text).toBe(sample(name));
  });
});

describe('each sample line follows its format', () => {
  it('EGD .h9', () => {
    const text = sample('quebec-open-mini.h9');
    expect(/^[\x20-\x7e\n]*$/.test(text)).toBe(true);
    const lines = text.trimEnd().split('\n');
    const header = lines.filter((l) => l.startsWith(';'));
    for (const key of ['CL', 'EV', 'PC', 'DT', 'HA', 'KM', 'TM']) expect(header.some((l) => l.startsWith(`; ${key}[`))).toBe(true);
    const players = lines.filter((l) => !l.startsWith(';'));
    expect(players).toHaveLength(t.players.length);
    const cells = players.map((l) => l.slice(47).trim().split(/\s+/).filter((x) => /^\d+[+\-=?]/.test(x)));
    for (const [row, c] of cells.entries()) {
      expect(c).toHaveLength(t.settings.rounds);
      c.forEach((entry, r) => {
        const m = /^(\d+)([+\-=])(?:([/!])([wb])(\d+))?$/.exec(entry);
        expect(m).not.toBeNull();
        const opponent = Number(m![1]);
        if (opponent === 0) expect(m![3]).toBeUndefined();
        else expect(Number(/^(\d+)/.exec(cells[opponent - 1][r])![1])).toBe(row + 1);
      });
    }
  });

  it('AGA results, line by line as the AGA\'s "Qualifications for Rated Games" example', () => {
    // usgo.org, "Qualifications for Rated Games": TOURNEY <event, location, dates>; indented start=, finish=, rules=;
    // PLAYERS, one "<AGA ID> <Last, First> <rank>" a line; GAMES, one "<white ID> <black ID> <w|b> <handicap> <komi>"
    // a line; no other line (the example has no comment and no blank line).
    const lines = sample('quebec-open-mini-aga.txt').split('\n');
    expect(lines.pop()).toBe(''); // the file ends with a newline
    expect(lines[0]).toBe('TOURNEY Quebec Open (mini) - invented example, Montreal, 5/16/2026-5/17/2026');
    expect(lines.slice(1, 4)).toEqual(['\tstart=5/16/2026', '\tfinish=5/17/2026', '\trules=AGA']);
    expect(lines[4]).toBe('PLAYERS');
    const gamesAt = lines.indexOf('GAMES');
    const players = lines.slice(5, gamesAt);
    const ids = new Set<string>();
    for (const line of players) {
      const m = /^ *(\d+) ([A-Za-z.' -]+), ([A-Za-z.' -]+) (\d+[kdp])$/.exec(line);
      if (!m) throw new Error(`not an AGA player line: "${line}"`);
      ids.add(m[1]);
    }
    expect(ids.size).toBe(t.players.length);
    const games = lines.slice(gamesAt + 1);
    const rated = t.games.filter((g) => g.result === 'white-wins' || g.result === 'black-wins');
    expect(games).toHaveLength(rated.length);
    games.forEach((line, i) => {
      const m = /^(\d+) (\d+) ([wb]) (\d) (\d+(?:\.\d+)?)$/.exec(line);
      if (!m) throw new Error(`not an AGA game line: "${line}"`);
      expect(ids.has(m[1]) && ids.has(m[2])).toBe(true);
      expect(m[3]).toBe(rated[i].result === 'white-wins' ? 'w' : 'b');
      expect(Number(m[4])).toBe(rated[i].handicap);
      expect(m[5]).toBe(m[4] === '0' ? '6.5' : '0.5');
    });
  });

  it('FFG .tou', () => {
    const lines = sample('quebec-open-mini.tou').trimEnd().split('\n');
    expect(lines.slice(0, 9).map((l) => /^;(\w+)=/.exec(l)?.[1])).toEqual(['name', 'date', 'vill', 'comm', 'prog', 'time', 'ta', 'size', 'komi']);
    expect(lines[1]).toBe(';date=16/05/2026');
    const players = lines.filter((l) => !l.startsWith(';'));
    expect(players).toHaveLength(t.players.length);
    for (const l of players) expect(l).toMatch(/^ {0,3}\d+ .{24} +\d+[KD] .{7} {3}.{6}( +(\d+[+\-=]!?[wb]\d+|0[+\-=])){4}$/);
  });

  it('OpenGotha XML', () => {
    const text = sample('quebec-open-mini.xml');
    expect(text).toMatch(/<Tournament dataVersion="201"/);
    const back = parseOpenGotha(text, 'sample.xml');
    expect(back.ok && back.value.games.length).toBe(t.games.length);
  });
});
