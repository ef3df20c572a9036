/**
 * Issue 25, item 10, in the standalone page in headless Chromium (Debian's, through playwright-core):
 *  - a pair go event: a pair registered through the pane's form of its members (family name, given name and rank of
 *    each; the pair's rank the members' by the event's rule), written to the Players sheet's member columns;
 *  - "the withdrawal logged twice": a player withdrawn after round 1 with the Players step's button is ONE line of the
 *    Log, and still one after the page is reloaded (restored from the browser's copy).
 * Each workbook is opened in the page, changed through the pane, saved (Save .xlsx) and read back through the `.xlsx`
 * adapter. Screenshot of the members' form in test-artifacts/standalone-pair-go-form.png.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Tournament } from '../../src/model/tournament';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { isPairingError } from '../../src/pairing/types';
import { newTournamentBatch, pairRoundBatch, previewPairing, readTournament, registerPlayersBatch, resultsBatch } from '../../src/workbook/session';
import { LOG_SHEET } from '../../src/workbook/sheets/logSheet';
import { value } from '../workbook/fixtures';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

const TIME = '2026-05-16T09:00:00Z';

async function workbookFile(name: string, entrants: boolean): Promise<string> {
  const wb = XlsxWorkbook.create();
  await wb.apply(newTournamentBatch({ name, settings: { system: 'mcmahon', rounds: 4, ruleset: 'egf', ...(entrants ? { entrants: { kind: 'pair-go', rank: 'average-nearest' } } : {}) }, time: TIME }));
  if (!entrants) {
    const t = value(await readTournament(wb));
    const players = ['Rossi', 'Müller', 'Dubois', 'Novak', 'Martin', 'Bernard'].map((family, i) => ({ family, given: 'A', rank: (-1 - i) as never }));
    await wb.apply(registerPlayersBatch(t, players, { time: TIME }));
    // Round 1 paired and played: the withdrawal comes after it, as in the day.
    let u = value(await readTournament(wb));
    const preview = previewPairing(u, 1);
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    await wb.apply(pairRoundBatch(u, preview.pairing, { expectedFingerprint: preview.fingerprint, time: TIME }));
    u = value(await readTournament(wb));
    await wb.apply(resultsBatch(u, 1, u.games.map((g) => ({ winner: g.white })), { time: TIME }));
  }
  const file = artifactPath(`${name}.xlsx`);
  writeFileSync(file, new Uint8Array(await wb.save()));
  return file;
}

describeWithBinaries('players in the standalone page: a pair go pair\'s members, a withdrawal (headless Chromium)', ['chromium'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const noErrors = async () => expect((await page.getByTestId('errors').innerText()).trim()).toBe('');
  const confirmWrite = async () => {
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached' });
    await noErrors();
  };
  const open = async (file: string, name: string) => {
    await page.goto(`${server.url}/index.html`);
    await page.locator('input[name="open-xlsx"]:enabled').setInputFiles(file);
    await page.getByTestId('page-status').filter({ hasText: new RegExp(`^Opened ${name}\\.xlsx\\.$`) }).waitFor({ timeout: 20_000 });
    await page.locator('nav button[data-step="players"]').click();
  };
  /** The workbook as the page saves it, read back. */
  const saved = async (): Promise<XlsxWorkbook> => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-xlsx').click()]);
    // Saved once the browser's copy says so too (else a page opened next restores the copy from before the save).
    await page.getByTestId('page-status').filter({ hasText: /^Saved / }).waitFor({ timeout: 20_000 });
    return XlsxWorkbook.load(readFileSync((await download.path())!));
  };
  const tournamentOf = async (wb: XlsxWorkbook): Promise<Tournament> => value(await readTournament(wb));

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { downloads: true, errors: pageErrors }));
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a pair go pair registered through the members\' form: both members on the Players sheet, the pair\'s rank theirs', async () => {
    await open(await workbookFile('pair-go-cup', true), 'pair-go-cup');
    const form = page.getByTestId('entrant-form');
    await form.waitFor();
    await form.locator('input[name="entrant-name"]').fill('Lyon 1');
    await form.getByLabel('Member 1: family name').fill('Dubois');
    await form.getByLabel('Member 1: given name').fill('Marc');
    await form.getByLabel('Member 1: rank').fill('3d');
    await form.getByLabel('Member 2: family name').fill('Martin');
    await form.getByLabel('Member 2: given name').fill('Claire');
    await form.getByLabel('Member 2: rank').fill('1k');
    await form.screenshot({ path: artifactPath('standalone-pair-go-form.png') });
    await form.getByRole('button', { name: 'Add to the list' }).click();
    await noErrors();
    // A member without a rank is refused, naming the member.
    await form.locator('input[name="entrant-name"]').fill('Lyon 2');
    await form.getByLabel('Member 1: family name').fill('Petit');
    await form.getByLabel('Member 1: rank').fill('');
    await form.getByLabel('Member 2: family name').fill('Durand');
    await form.getByLabel('Member 2: rank').fill('2k');
    await form.getByRole('button', { name: 'Add to the list' }).click();
    await expect(page.getByTestId('errors').innerText()).resolves.toMatch(/Member 1, rank/);
    await page.getByTestId('register-players').click();
    await confirmWrite();
    const t = await tournamentOf(await saved());
    expect(t.players).toHaveLength(1);
    // 3d and 1k: on the rank scale 2 and −1, average 0.5, to the nearest rank (half up) 1d.
    expect(t.players[0]).toMatchObject({
      family: 'Lyon 1',
      members: [
        { family: 'Dubois', given: 'Marc', rank: 2 },
        { family: 'Martin', given: 'Claire', rank: -1 },
      ],
    });
    expect(pageErrors).toEqual([]);
  });

  it('a withdrawal after round 1 with the Players step\'s button is one line of the Log, still one after a reload', async () => {
    await open(await workbookFile('withdrawal-day', false), 'withdrawal-day');
    let wb = await saved();
    const before = (await wb.readSheet(LOG_SHEET))!.length;
    const t = await tournamentOf(wb);
    const rossi = t.players.find((p) => p.family === 'Rossi')!.id;
    await page.getByTestId(`withdraw-${rossi}`).click();
    await confirmWrite();
    await page.getByTestId('registered-players').filter({ hasText: /withdrawn/ }).waitFor({ timeout: 10_000 });
    wb = await saved();
    const lines = (await wb.readSheet(LOG_SHEET))!.slice(before).map((row) => String(row[2] ?? ''));
    expect(lines).toEqual([expect.stringMatching(/Rossi, A.*absent from rounds 2, 3, 4$/)]);
    expect((await tournamentOf(wb)).players.find((p) => p.id === rossi)!.absentRounds).toEqual([2, 3, 4]);
    // The page reloaded (the tournament restored from the browser's copy): the Log holds the line once.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page.getByTestId('page-status').filter({ hasText: /^Restored the tournament/ }).waitFor({ timeout: 20_000 });
    wb = await saved();
    const again = (await wb.readSheet(LOG_SHEET))!.slice(before).map((row) => String(row[2] ?? ''));
    expect(again).toEqual(lines);
    expect(pageErrors).toEqual([]);
  });
});
