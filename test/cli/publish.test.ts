/**
 * `tengen publish FILE --out DIR|SITE.zip|SITE.html`: the folder written (each file through a temporary name), a
 * folder that is not a Tengen site refused without --overwrite, publishing again replacing the site's files and
 * removing pages it no longer has, the zip and the single file, and a base URL that is not http(s) refused naming
 * the option.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import JSZip from 'jszip';
import { cli } from '../support/cli';

const QUEBEC = path.join(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tengen-publish-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tengen publish', () => {
  it('writes the site into a new folder, says what it wrote, and leaves no temporary file', async () => {
    const out = path.join(dir, 'site');
    const { code, out: said, err } = await cli(['publish', QUEBEC, '--out', out, '--base-url', 'https://go.example.org/quebec']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(said).toMatch(/site: 30 files, 13 player pages, the largest page \d+\.\d KB/);
    expect(readFileSync(path.join(out, 'players', '13.html'), 'utf8')).toContain('Fortin, Léa');
    expect(readFileSync(path.join(out, 'print', 'wall.html'), 'utf8')).toContain('https://go.example.org/quebec/index.html');
    const all = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(path.join(d, e.name)) : [e.name]));
    expect(all(out).filter((f) => f.includes('tengen-tmp'))).toEqual([]);
  });

  it('refuses a folder holding other files, unless --overwrite; a site\'s own folder is published again', async () => {
    const out = path.join(dir, 'mine');
    mkdirSync(out);
    writeFileSync(path.join(out, 'notes.txt'), 'my notes');
    const refused = await cli(['publish', QUEBEC, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is a folder with other files in it \(notes\.txt\) and no Tengen site: .*--overwrite/);
    expect(readdirSync(out)).toEqual(['notes.txt']);
    expect((await cli(['publish', QUEBEC, '--out', out, '--overwrite'])).code).toBe(0);
    expect(readFileSync(path.join(out, 'notes.txt'), 'utf8')).toBe('my notes');
    // Now a Tengen site: published again without --overwrite.
    expect((await cli(['publish', QUEBEC, '--out', out])).code).toBe(0);
  });

  it('published again: pages the new site no longer has are removed, the director\'s own files kept', async () => {
    const out = path.join(dir, 'site');
    const json = JSON.parse(readFileSync(QUEBEC, 'utf8')) as { players: { id: number }[]; games: { white: number; black: number }[]; byes: { player: number }[] };
    expect((await cli(['publish', QUEBEC, '--out', out])).code).toBe(0);
    writeFileSync(path.join(out, 'sponsor.html'), '<p>ours</p>');
    // Player 12 withdrawn before any game (his games removed): his page goes.
    const fewer = path.join(dir, 'fewer.json');
    writeFileSync(fewer, JSON.stringify({ ...json, players: json.players.filter((p) => p.id !== 12), games: json.games.filter((g) => g.white !== 12 && g.black !== 12), byes: json.byes.filter((b) => b.player !== 12) }));
    const again = await cli(['publish', fewer, '--out', out]);
    expect(again.err).toMatch(/no --base-url/);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/1 page of the last publishing removed/);
    expect(existsSync(path.join(out, 'players', '12.html'))).toBe(false);
    expect(existsSync(path.join(out, 'players', '13.html'))).toBe(true);
    expect(readFileSync(path.join(out, 'sponsor.html'), 'utf8')).toBe('<p>ours</p>');
  });

  it('--out SITE.zip: the same files in a folder named after the tournament', async () => {
    const zipFile = path.join(dir, 'quebec.zip');
    expect((await cli(['publish', QUEBEC, '--out', zipFile, '--language', 'fr'])).code).toBe(0);
    const zip = await JSZip.loadAsync(readFileSync(zipFile));
    const names = Object.keys(zip.files);
    expect(names).toContain('quebec-open-mini-invented-example/players/5.html');
    expect(await zip.file('quebec-open-mini-invented-example/index.html')!.async('string')).toMatch(/<html lang="fr">/);
  });

  it('--out SITE.html: the site in one file, its style inline, no link to another file', async () => {
    const file = path.join(dir, 'quebec.html');
    expect((await cli(['publish', QUEBEC, '--out', file])).code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/href="(?!#)/);
    expect(html).toContain('id="s-players-13"');
  });

  it('a base URL that is not http(s): refused naming --base-url, nothing written', async () => {
    const out = path.join(dir, 'site');
    const { code, err } = await cli(['publish', QUEBEC, '--out', out, '--base-url', 'ftp://files.example.org/']);
    expect(code).toBe(2);
    expect(err).toBe('tengen: --base-url: "ftp://files.example.org/" is not a web address: expected one starting with http:// or https:// (where the site\'s folder will be uploaded, such as https://club.example.org/open-2026/)\n');
    expect(existsSync(out)).toBe(false);
  });

  it('without --out: a usage error', async () => {
    const { code, err } = await cli(['publish', QUEBEC]);
    expect(code).toBe(1);
    expect(err).toMatch(/publish needs --out DIR/);
  });
});
