/**
 * Every real OpenGotha tournament of the shared corpus, written into a workbook (all sheets) and read back: the same
 * standings, and the same tournament except what a workbook does not keep (teams; fields of the source file with no
 * place in the model).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import type { Tournament } from '../../src/model/tournament';
import { standingsJson } from '../../src/cli/render';
import { computeStandings } from '../../src/scoring/standings';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch, readTournament } from '../../src/workbook/session';
import { CORPUS_DIR, describeCorpus } from '../support/corpus';
import { value } from './fixtures';

function xmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? xmlFiles(p) : name.endsWith('.xml') ? [p] : [];
  });
}

/** What a workbook keeps (`colourKnown: true` is the default, written as nothing). */
function kept(t: Tournament): Tournament {
  const rest: { -readonly [K in keyof Tournament]?: Tournament[K] } = {
    ...t,
    // Of a player's other fields, the Players sheet keeps the other federations' numbers (FFG licence, AGA ID).
    players: t.players.map(({ extra, ...p }) => {
      const numbers = Object.fromEntries(Object.entries(extra ?? {}).filter(([k]) => k === 'ffgLicence' || k === 'agaId'));
      return Object.keys(numbers).length > 0 ? { ...p, extra: numbers } : p;
    }),
    games: t.games.map(({ colourKnown, ...g }) => (colourKnown === false ? { ...g, colourKnown } : g)),
  };
  delete rest.teams;
  return rest as Tournament;
}

describeCorpus('the corpus through a workbook', () => {
  const files = xmlFiles(CORPUS_DIR);
  test('there are OpenGotha files to try', () => expect(files.length).toBeGreaterThan(10));
  test.each(files.map((f) => [path.relative(CORPUS_DIR, f), f]))('%s', async (_, file) => {
    const parsed = parseOpenGotha(readFileSync(file, 'utf8'), file);
    if (!parsed.ok) return; // files the importer refuses are tested by its own tests
    const t = parsed.value;
    const wb = new MemoryWorkbook();
    await wb.apply(importBatch(t, { time: '2026-01-01T00:00:00Z' }));
    const back = value(await readTournament(wb));
    expect(writeTournamentJson(back)).toBe(writeTournamentJson(kept(t)));
    expect(standingsJson(computeStandings(back))).toEqual(standingsJson(computeStandings(t)));
  });
});
