/**
 * `tengen export`: each format written through the CLI, read back where Tengen reads it; refusals before any work.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from '../support/cli';
import { writeTournamentJson } from '../../src/formats/json';
import { loadTournament } from '../../src/workbook/load';
import { CORPUS_DIR, HAS_CORPUS } from '../support/corpus';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'quebec-open-mini.json');
const JUVISY = path.join(CORPUS_DIR, 'opengotha-standings', 'Tournoi-de-Juvisy.xml');
const dir = mkdtempSync(path.join(tmpdir(), 'tengen-export-'));

describe('tengen export', () => {
  it.each([
    ['h9', 'mini.h9', /^; CL\[/],
    ['aga', 'mini-aga.txt', /^TOURNEY /],
    ['ffg', 'mini.tou', /^;name=/],
    ['opengotha', 'mini.xml', /^<\?xml version="1.0" encoding="UTF-8" standalone="no"\?>\n<Tournament dataVersion="201"/],
  ])('--format %s writes %s', async (format, name, start) => {
    const out = path.join(dir, name);
    // The example does not say its time system or country: the EGD header's fields are given.
    const h9 = format === 'h9' ? ['--class', 'A', '--basic-time', '60', '--adjusted-time', '80', '--country', 'CA'] : [];
    const r = await cli(['export', EXAMPLE, '--format', format, '--out', out, ...h9]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ players`));
    expect(readFileSync(out, 'utf8')).toMatch(start);
  });

  (HAS_CORPUS ? it : it.skip)('the .h9 and OpenGotha exports of a corpus tournament are tournament files again: the same standings', async () => {
    const standings = async (file: string) =>
      (JSON.parse((await cli(['standings', file, '--json'])).out) as { place: number; mms: number; sos: number; sosos: number }[]).map((r) => [
        r.place,
        r.mms,
        r.sos,
        r.sosos,
      ]);
    const original = await standings(JUVISY);
    for (const [format, name] of [
      ['h9', 'juvisy.h9'],
      ['opengotha', 'juvisy.xml'],
    ]) {
      const out = path.join(dir, name);
      expect((await cli(['export', JUVISY, '--format', format, '--out', out, ...(format === 'h9' ? ['--country', 'FR'] : [])])).code).toBe(0);
      expect(await standings(out)).toEqual(original);
    }
  });

  it('the OpenGotha export of a Tengen tournament loads back as the very same tournament (McMahon, sections, ruleset, IDs)', async () => {
    const out = path.join(dir, 'mini-roundtrip.xml');
    expect((await cli(['export', EXAMPLE, '--format', 'opengotha', '--out', out, '--overwrite'])).code).toBe(0);
    const [a, b] = await Promise.all([loadTournament(EXAMPLE), loadTournament(out)]);
    if (!a.ok || !b.ok) throw new Error('load');
    expect(b.value.settings.system).toBe('mcmahon');
    expect(writeTournamentJson(b.value)).toBe(writeTournamentJson(a.value));
  });

  it('refuses an existing OUT without --overwrite, an unknown format, a missing --out; nothing written', async () => {
    const out = path.join(dir, 'exists.h9');
    writeFileSync(out, 'keep me');
    const r = await cli(['export', EXAMPLE, '--format', 'h9', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/already exists: add --overwrite/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect((await cli(['export', EXAMPLE, '--format', 'h9', '--out', out, '--overwrite', '--incomplete'])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^; CL/);
    expect((await cli(['export', EXAMPLE, '--format', 'pdf', '--out', out])).err).toMatch(/--format pdf: expected one of h9, aga, ffg, opengotha/);
    expect((await cli(['export', EXAMPLE, '--format', 'h9'])).err).toMatch(/export needs --out FILE/);
  });

  it('refuses an .h9 whose header the tournament cannot fill, naming each field and its option; nothing written', async () => {
    const out = path.join(dir, 'incomplete.h9');
    const r = await cli(['export', EXAMPLE, '--format', 'h9', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/the EGD header needs class, adjusted time, country, which the tournament does not say: give --class A\|B\|C\|D, --adjusted-time MINUTES \(and --basic-time MINUTES\), --country CC \(or --incomplete/);
    expect(existsSync(out)).toBe(false);
    // With --incomplete it is written, and stderr names the empty fields.
    const w = await cli(['export', EXAMPLE, '--format', 'h9', '--out', out, '--incomplete']);
    expect(w.code).toBe(0);
    expect(w.err).toMatch(/the EGD header is incomplete — class \(--class A\|B\|C\|D\), adjusted time .*, country \(--country CC\) are empty/);
    expect((await cli(['export', EXAMPLE, '--format', 'aga', '--out', path.join(dir, 'x.txt'), '--class', 'A'])).err).toMatch(/--class is for the EGD table \(--format h9\) only/);
    expect((await cli(['export', EXAMPLE, '--format', 'h9', '--out', out, '--overwrite', '--class', 'E'])).err).toMatch(/--class E: expected A, B, C/);
  });
});

describe('tengen export: names ASCII cannot spell (issue 27)', () => {
  const chinese = path.join(dir, 'chinese.json');
  beforeAll(async () => {
    const t = await loadTournament(EXAMPLE);
    if (!t.ok) throw new Error('example');
    writeFileSync(chinese, writeTournamentJson({ ...t.value, players: t.value.players.map((p) => (p.id === 1 ? { ...p, family: '王', given: '小明' } : p)) }));
  });

  it('is refused naming the player and the flag; nothing is written', async () => {
    const out = path.join(dir, 'chinese.h9');
    const r = await cli(['export', chinese, '--format', 'h9', '--incomplete', '--out', out]);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/王, 小明.*--unspellable-names/);
    expect(existsSync(out)).toBe(false);
  });

  it('--unspellable-names writes "?" with a note naming the player, and the file reads back', async () => {
    const out = path.join(dir, 'chinese-q.h9');
    const r = await cli(['export', chinese, '--format', 'h9', '--incomplete', '--unspellable-names', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/note: 1 \(王, 小明\): the name cannot be spelt in ASCII/);
    expect((await cli(['standings', out])).code).toBe(0);
  });
});
