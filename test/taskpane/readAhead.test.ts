/**
 * A result's tournament drawn before the workbook is read back (taskpane/readAhead.ts, issue 28): the page's services
 * (taskpane/remoteSession.ts) over the worker's session (taskpane/workerSession.ts), in one process, every message
 * cloned as the worker's would be, on an `.xlsx` workbook as the worker holds it. What the page relies on: the
 * tournament drawn ahead is the one the workbook reads back as, value for value, for every kind of result; where that
 * is not known the page reads back first; and when the workbook read back is not what was drawn, nothing is prepared
 * — let alone written — on the view the director saw.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import type { GameResult, Tournament } from '../../src/model/tournament';
import type { WorkbookAdapter, WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch } from '../../src/workbook/session';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { sameValues, tournamentAfterResults } from '../../taskpane/readAhead';
import { remoteSessionServices } from '../../taskpane/remoteSession';
import { readFingerprint, type ResultEntry, type WizardServices } from '../../taskpane/services';
import { sessionServices } from '../../taskpane/sessionServices';
import { done, InProcessWorkbook } from './inProcessWorkbook';

/** The in-process workbook with the read back's check the page asks for after a result (`readAhead.ts`). */
class InProcessWorkbookReadingBack<H extends WorkbookAdapter = WorkbookAdapter> extends InProcessWorkbook<H> {
  async checkReadBack(prepared: number) {
    return structuredClone(await this.session.checkReadBack(prepared));
  }
}

const local = sessionServices();

/** An example tournament in a new `.xlsx` workbook, round `blank`'s results taken back first (a round being played). */
async function workbookOf(example: string, blank?: number): Promise<XlsxWorkbook> {
  const file = path.join(__dirname, '..', '..', 'examples', example);
  const parsed = parseTournamentJson(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(`${example} not read`);
  const t: Tournament = blank === undefined ? parsed.value : { ...parsed.value, games: parsed.value.games.map((g) => (g.round === blank ? { ...g, result: 'unknown' as GameResult } : g)) };
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(t));
  return wb;
}

async function readOn(page: WizardServices, wb: WorkbookAdapter) {
  const read = await page.readTournament(wb);
  if (!read.ok) throw new Error('not read');
  return read;
}

/**
 * A result entered through the page as the wizard enters it: prepared, applied, then the tournament drawn ahead (or
 * none); with the workbook's own read back, made by the page's own services on the same workbook, to compare.
 */
async function enter(page: WizardServices, wb: InProcessWorkbook, t: Tournament, round: number, results: readonly ResultEntry[], overwrite = false) {
  let prepared = await page.resultsBatch(t, round, results);
  if (!prepared.ok && overwrite && prepared.overwrite) prepared = await prepared.overwrite();
  const batch = await done(prepared);
  await wb.apply(batch);
  const ahead = page.readAhead!(wb, batch);
  const truth = await local.readTournament(wb.held);
  if (!truth.ok) throw new Error('not read back');
  return { ahead, truth: truth.tournament };
}

describe("a result's tournament drawn ahead of the read back", () => {
  it('is the tournament the workbook reads back as, value for value, for every kind of result (a congress McMahon)', async () => {
    const page = remoteSessionServices(local);
    const wb = new InProcessWorkbookReadingBack(await workbookOf('egc-congress-r8.json', 8));
    let t = (await readOn(page, wb)).tournament;
    const games = t.games.filter((g) => g.round === 8);
    const kinds: GameResult[] = ['white-wins', 'black-wins', 'jigo', 'white-wins-by-default', 'black-wins-by-default', 'jigo-by-default', 'both-lose-by-default', 'both-win-by-default'];
    const steps: { results: ResultEntry[]; overwrite?: boolean }[] = [
      ...kinds.map((result, i) => ({ results: [{ white: games[i].white, black: games[i].black, result }] })),
      // Two results at once, one named by its Black player's game.
      { results: [{ white: games[10].white, black: games[10].black, result: 'white-wins' }, { white: games[11].white, black: games[11].black, result: 'black-wins' }] },
      // A result corrected (the director confirms overwriting his entry), and one taken back.
      { results: [{ white: games[0].white, black: games[0].black, result: 'black-wins' }], overwrite: true },
      { results: [{ white: games[1].white, black: games[1].black, result: 'unknown' }], overwrite: true },
    ];
    for (const step of steps) {
      const before = wb.readSessions;
      const { ahead, truth } = await enter(page, wb, t, 8, step.results, step.overwrite);
      expect(ahead).toBeDefined();
      // Drawn without asking the worker for the tournament.
      expect(wb.readSessions).toBe(before);
      expect(sameValues(ahead!.read.tournament, truth)).toBe(true);
      expect(await ahead!.checked).toBeNull();
      t = ahead!.read.tournament;
      // Its fingerprint is the workbook's, as a read would give it.
      if (step === steps.at(-1)) expect(await readFingerprint(ahead!.read)).toBe(await wb.fingerprint());
    }
    // The next batch is prepared on the read back, without the page reading the workbook again.
    const before = wb.readSessions;
    await done(page.resultsBatch(t, 8, [{ white: games[20].white, black: games[20].black, result: 'white-wins' }]));
    expect(wb.readSessions).toBe(before);
    // And a read asked for now is answered "unchanged": the page keeps the tournament it drew.
    expect((await readOn(page, wb)).tournament).toBe(t);
  });

  it('is the tournament read back in a Swiss too', async () => {
    const page = remoteSessionServices(local);
    const wb = new InProcessWorkbookReadingBack(XlsxWorkbook.create());
    await wb.apply(await done(page.newTournamentBatch({ name: 'Swiss Open', rounds: 3, system: 'swiss', ruleset: 'egf' })));
    const list = local.parsePlayerList(['Weak, One; 10k', 'Strong, Two; 3d', 'Mid, Three; 1k', 'Mid, Four; 2k', 'Low, Five; 8k', 'Low, Six; 9k'].join('\n'));
    if (!list.ok) throw new Error('list');
    await wb.apply(await done(page.registerPlayersBatch((await readOn(page, wb)).tournament, list.players)));
    const read = await readOn(page, wb);
    const preview = local.previewPairing(read.tournament, 1, 'mays', {});
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    const print = await readFingerprint(read);
    await wb.apply(await done(page.pairRoundBatch(read.tournament, preview.pairing as RoundPairing, { expectedFingerprint: print, currentFingerprint: print, confirmRepair: false })));
    const t = (await readOn(page, wb)).tournament;
    const g = t.games[0];
    const { ahead, truth } = await enter(page, wb, t, 1, [{ white: g.white, black: g.black, result: 'black-wins' }]);
    expect(ahead).toBeDefined();
    expect(sameValues(ahead!.read.tournament, truth)).toBe(true);
    expect(await ahead!.checked).toBeNull();
  });

  it('is not drawn where a result may change more than the results: the page reads the workbook back first', async () => {
    // A round-robin (its Cross-table), a team Swiss (the team sheets), a game whose result has a method or a reason.
    const rr = parseTournamentJson(readFileSync(path.join(__dirname, '..', '..', 'examples', 'czech-round-robin.json'), 'utf8'), 'rr');
    const teams = parseTournamentJson(readFileSync(path.join(__dirname, '..', '..', 'examples', 'team-swiss-played.json'), 'utf8'), 'teams');
    const quebec = parseTournamentJson(readFileSync(path.join(__dirname, '..', '..', 'examples', 'quebec-open-mini.json'), 'utf8'), 'quebec');
    if (!rr.ok || !teams.ok || !quebec.ok) throw new Error('examples not read');
    for (const t of [rr.value, teams.value]) {
      const g = t.games[0];
      expect(tournamentAfterResults(t, g.round, [{ white: g.white, black: g.black, result: 'jigo' }])).toBeNull();
    }
    const withMethod = quebec.value.games.find((g) => g.method !== undefined || g.reason !== undefined)!;
    expect(tournamentAfterResults(quebec.value, withMethod.round, [{ white: withMethod.white, black: withMethod.black, result: 'jigo' }])).toBeNull();
    // Through the page: no tournament drawn ahead, the wizard reads back.
    const page = remoteSessionServices(local);
    const wb = new InProcessWorkbookReadingBack(await workbookOf('czech-round-robin.json', 5));
    const t = (await readOn(page, wb)).tournament;
    const g = t.games.find((x) => x.round === 5)!;
    const { ahead } = await enter(page, wb, t, 5, [{ white: g.white, black: g.black, result: 'white-wins' }]);
    expect(ahead).toBeUndefined();
  });

  it('refuses whatever is asked for on the view drawn when the workbook read back is not it: nothing prepared, nothing written', async () => {
    // Another writer's change lands with the result (another pane's write, a cell typed): the workbook read back
    // after the result holds more than the page drew.
    const held = await workbookOf('egc-congress-r8.json', 8);
    const page = remoteSessionServices(local);
    const wb = new InProcessWorkbookReadingBack(held);
    const t = (await readOn(page, wb)).tournament;
    const games = t.games.filter((g) => g.round === 8);
    const other = await done(local.resultsBatch((await readOn(local, held)).tournament, 8, [{ white: games[5].white, black: games[5].black, result: 'jigo' }]));
    const apply = held.apply.bind(held);
    let meddle = true;
    held.apply = async (batch: WorkbookBatch) => {
      await apply(batch);
      if (meddle) {
        meddle = false;
        await apply(other);
      }
    };
    const { ahead, truth } = await enter(page, wb, t, 8, [{ white: games[0].white, black: games[0].black, result: 'white-wins' }]);
    expect(ahead).toBeDefined();
    expect(sameValues(ahead!.read.tournament, truth)).toBe(false);
    expect(await ahead!.checked).toMatch(/Results of round 8: written, but the tournament read back is not the one the page showed after it\. The page now shows the workbook as read back/);
    // The director, still looking at the view drawn, enters the next result on it: refused, the workbook untouched.
    const grid = JSON.stringify(await held.readSheet('Grid'));
    const stale = await page.resultsBatch(ahead!.read.tournament, 8, [{ white: games[1].white, black: games[1].black, result: 'black-wins' }]);
    expect(stale.ok).toBe(false);
    expect(!stale.ok && stale.errors[0].message).toMatch(/^nothing was prepared: the tournament read back is not the one the page showed after it; the page shows the workbook as read now/);
    expect(JSON.stringify(await held.readSheet('Grid'))).toBe(grid);
    // Nor can a write be checked against its fingerprint (Pair round's "the workbook changed since the preview").
    await expect(readFingerprint(ahead!.read)).rejects.toThrow(/not what the page showed/);
    // Read again, the page has the workbook as it is, and goes on from there.
    const now = await readOn(page, wb);
    expect(sameValues(now.tournament, truth)).toBe(true);
    await done(page.resultsBatch(now.tournament, 8, [{ white: games[1].white, black: games[1].black, result: 'black-wins' }]));
  });

  it('compares plain values only: a property holding undefined is one not there; anything else than plain data never matches', () => {
    expect(sameValues({ a: 1, b: undefined, c: [1, { d: 'x' }] }, { a: 1, c: [1, { d: 'x' }] })).toBe(true);
    expect(sameValues({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValues({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameValues({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValues([1], { 0: 1, length: 1 })).toBe(false);
    expect(sameValues(new Map([[1, 2]]), new Map([[1, 2]]))).toBe(false);
    expect(sameValues(Number.NaN, Number.NaN)).toBe(true);
  });
});
