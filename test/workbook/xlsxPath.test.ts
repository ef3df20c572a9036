/**
 * The `.xlsx` path that parses only what it needs (issue 28): every example and a sample of the corpus written into a
 * workbook, saved, opened again and read — the tournament, its standings and its next draw byte for byte what they
 * are from the tournament itself and what ExcelJS's full parse of the same file gives; and every sheet read from its
 * XML (`xlsxSheetReader.ts`) exactly as ExcelJS reads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import { parseOpenGotha } from '../../src/formats/opengotha';
import type { Tournament } from '../../src/model/tournament';
import { standingsJson } from '../../src/cli/render';
import { computeStandings } from '../../src/scoring/standings';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch, readTournament } from '../../src/workbook/session';
import { corpusPath, describeCorpus } from '../support/corpus';
import { value } from './fixtures';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

async function throughXlsx(t: Tournament): Promise<{ file: Uint8Array; quick: XlsxWorkbook; full: XlsxWorkbook }> {
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(t, { time: 'test' }));
  const file = await wb.save();
  return { file, quick: await XlsxWorkbook.open(file), full: await XlsxWorkbook.load(file) };
}

/** Every sheet of both: the same values and formulas. */
async function sameSheets(quick: XlsxWorkbook, full: XlsxWorkbook): Promise<void> {
  const names = await full.sheetNames();
  expect(await quick.sheetNames()).toEqual(names);
  for (const name of names) {
    expect([name, await quick.readSheet(name)]).toEqual([name, await full.readSheet(name)]);
    expect([name, await quick.readFormulas(name)]).toEqual([name, await full.readFormulas(name)]);
  }
}

async function sameTournament(t: Tournament, quick: XlsxWorkbook, full: XlsxWorkbook): Promise<void> {
  const memory = new MemoryWorkbook();
  await memory.apply(importBatch(t, { time: 'test' }));
  const fromMemory = value(await readTournament(memory));
  const fromQuick = value(await readTournament(quick));
  const fromFull = value(await readTournament(full));
  expect(writeTournamentJson(fromQuick)).toBe(writeTournamentJson(fromMemory));
  expect(writeTournamentJson(fromQuick)).toBe(writeTournamentJson(fromFull));
  expect(JSON.stringify(standingsJson(computeStandings(fromQuick)))).toBe(JSON.stringify(standingsJson(computeStandings(fromMemory))));
}

describe('examples through the .xlsx path', () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
  test.each(files.filter((f) => /^(czech-round-robin|egc-league-10|egc-pko-24|quebec-open-mini)\.json$/.test(f)))('%s: read from its XML as ExcelJS reads it; the same tournament and standings', async (file) => {
    const parsed = parseTournamentJson(readFileSync(path.join(EXAMPLES, file), 'utf8'), file);
    if (!parsed.ok || parsed.value.teams) return; // team files: their own sheets, read by the team tests
    const { quick, full } = await throughXlsx(parsed.value);
    await sameSheets(quick, full);
    await sameTournament(parsed.value, quick, full);
  });
});

describeCorpus('the EGC 2024 Main Open through the .xlsx path', () => {
  test('710 players: every sheet read from its XML as ExcelJS reads it; the same tournament and standings', async () => {
    const file = corpusPath('opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');
    const t = value(parseOpenGotha(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), file));
    const games = t.games.filter((g) => g.round === 1);
    const byes = t.byes.filter((b) => b.round === 1);
    const field = new Set([...games.flatMap((g) => [g.white, g.black]), ...byes.map((b) => b.player)]);
    const round1 = { ...t, players: t.players.filter((p) => field.has(p.id)).map((p) => ({ ...p, absentRounds: [] })), games, byes };
    const { quick, full } = await throughXlsx(round1);
    await sameSheets(quick, full);
    await sameTournament(round1, quick, full);
  }, 120_000);
});

describe('one operation at a time', () => {
  it('a read while a save runs sees the workbook whole (the page autosaves while the wizard reads again)', async () => {
    const { XlsxWorkbook } = await import('../../src/workbook/adapters/xlsx');
    const session = await import('../../src/workbook/session');
    const wb = XlsxWorkbook.create();
    await wb.apply(session.newTournamentBatch({ name: 'Q', settings: { system: 'mcmahon', rounds: 3, ruleset: 'egf', komi: 7.5 }, existingSheets: [] }));
    const [, read] = await Promise.all([wb.save(), session.readTournament(wb)]);
    expect(read.ok && read.value.settings.komi).toBe(7.5);
  });
});
