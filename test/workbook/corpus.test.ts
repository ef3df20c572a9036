/**
 * Every real OpenGotha tournament of the shared corpus, written into a workbook (all sheets) and read back: the same
 * standings, and the same tournament: every field, the source file's own ones (OpenGotha's registering status, grade,
 * SMMS correction, names as written …) and its teams included (issue 27).
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

/** What a workbook keeps: everything but `colourKnown: true`, the default, written as nothing (issue 27: "Everything a reader imports survives the workbook"). */
function kept(t: Tournament): Tournament {
  return { ...t, games: t.games.map(({ colourKnown, ...g }) => (colourKnown === false ? { ...g, colourKnown } : g)) };
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
