/**
 * The site's base URL set once, in the workbook (issue 22: "the director sets the base URL once"): the Settings row
 * "Site address" written and read back as `settings.siteUrl`, a bad address an error naming its cell, the JSON file
 * carrying it, and `tengen publish` taking it when no --base-url is given (saying so on stderr).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { formatInputError, type InputError } from '../../src/model/errors';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { cli } from '../support/cli';

const QUEBEC = path.join(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');
const quebec = () => JSON.parse(readFileSync(QUEBEC, 'utf8')) as { settings: Record<string, unknown> };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tengen-site-address-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Settings row "Site address"', () => {
  test('written only when set, and read back as the settings\' site URL', () => {
    const without = settingsCells({ system: 'mcmahon', rounds: 3 } as never);
    expect(without.some((r) => r[0] === 'Site address')).toBe(false);
    const cells = settingsCells({ system: 'mcmahon', rounds: 3, siteUrl: 'https://go.example.org/open/' } as never);
    const row = cells.findIndex((r) => r[0] === 'Site address');
    expect(row).toBeGreaterThan(0);
    expect(cells[row][1]).toBe('https://go.example.org/open/');
    const errors: InputError[] = [];
    expect(readSettingsSheet(cells, errors).settings.siteUrl).toBe('https://go.example.org/open/');
    expect(errors).toEqual([]);
  });

  test('an address typed without the final slash is read as the folder', () => {
    const errors: InputError[] = [];
    const read = readSettingsSheet([['Setting', 'Value'], ['Site address', ' https://go.example.org/open ']], errors);
    expect(errors).toEqual([]);
    expect(read.settings.siteUrl).toBe('https://go.example.org/open/');
  });

  test('an address that is not http(s) is an error naming the cell', () => {
    const errors: InputError[] = [];
    readSettingsSheet([['Setting', 'Value'], ['Komi', 6.5], ['Site address', 'go.example.org/open']], errors);
    expect(errors.map(formatInputError)).toEqual([
      'Settings!B3: "go.example.org/open" is not a web address: expected one starting with http:// or https:// (where the site\'s folder will be uploaded, such as https://club.example.org/open-2026/)',
    ]);
  });
});

describe('tengen publish and the site address of the file', () => {
  test('without --base-url the file\'s address gives the QR codes, and stderr says where it came from', async () => {
    const file = path.join(dir, 'q.json');
    writeFileSync(file, JSON.stringify({ ...quebec(), settings: { ...quebec().settings, siteUrl: 'https://go.example.org/quebec/' } }));
    const out = path.join(dir, 'site');
    const run = await cli(['publish', file, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/site address https:\/\/go\.example\.org\/quebec\/ from the file's settings/);
    expect(readFileSync(path.join(out, 'print', 'wall.html'), 'utf8')).toContain('https://go.example.org/quebec/index.html');
  });

  test('--base-url wins over the file\'s address', async () => {
    const file = path.join(dir, 'q.json');
    writeFileSync(file, JSON.stringify({ ...quebec(), settings: { ...quebec().settings, siteUrl: 'https://go.example.org/quebec/' } }));
    const out = path.join(dir, 'site');
    const run = await cli(['publish', file, '--out', out, '--base-url', 'https://elsewhere.example.org/q']);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(out, 'print', 'wall.html'), 'utf8')).toContain('https://elsewhere.example.org/q/index.html');
  });

  test('a file whose site address is not http(s) is refused naming the setting', async () => {
    const file = path.join(dir, 'q.json');
    writeFileSync(file, JSON.stringify({ ...quebec(), settings: { ...quebec().settings, siteUrl: 'ftp://go.example.org/' } }));
    const run = await cli(['publish', file, '--out', path.join(dir, 'site')]);
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/siteUrl/);
  });
});
