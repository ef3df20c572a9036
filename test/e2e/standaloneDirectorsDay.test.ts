/**
 * The director's day in the standalone page (issue 25), in Debian's Chromium (headless, through playwright-core): a
 * 29-player EGF McMahon — "Lyon Spring McMahon 2026", bar 3d, floor 15k, 5 rounds, an odd field (a bye every round),
 * a jigo, a default win, a withdrawal after round 2, a latecomer in round 3 — run through the page:
 *  - the Floor beside the Bar (the 16k–20k players start at 15k's score), refused once round 1 is paired;
 *  - round 2 paired in part while a round-1 game still runs, the rest once its result is in, the tables kept;
 *  - a round-3 result corrected after round 4 is paired: the warning names round 4 and the players;
 *  - a latecomer: warned he is absent from the rounds paired; after the last pairing, warned he would be ranked on
 *    absence points alone (the director cancels);
 *  - a re-pair of round 4 that removes its results, then Undo: the results are back;
 *  - the print view: pairings by table and by name, slips, standings, wall chart — `page.pdf()` of each (print media),
 *    no table wider than its page, no toolbar or pane in the print;
 *  - Save .xlsx, reload: the same tournament, the undo history kept.
 * The workbook is read back after each step (the `.xlsx` the page saves, through the `.xlsx` adapter).
 *
 * Artifacts (git-ignored test-artifacts/): day-print-<what>.pdf, day-pair-30.png (the Pair step, Confirm in view).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, type Locator, type Page } from 'playwright-core';
import type { PlayerId, Tournament } from '../../src/model/tournament';
import { initialMms } from '../../src/scoring/scoreboard';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readTournament } from '../../src/workbook/session';
import { artifactPath, describeWithBinaries, openAddinPage, type StaticServer } from './support';

const NAME = 'Lyon Spring McMahon 2026';
/** The round-1 table still playing when round 2 is paired. */
const RUNNING = 7;
const ROUNDS = 5;
/** 29 players, 5d to 20k: five at or above the 3d bar, five at or below the 15k floor. */
const PLAYERS: readonly string[] = [
  'Kovács, Péter; 5d; Budapest', 'Müller, Anna; 4d; Lyon', 'Dubois, Marc; 3d; Lyon', 'Rossi, Luca; 3d; Milano', 'Novak, Eva; 3d; Praha',
  'Martin, Claire; 2d; Grenoble', 'Bernard, Louis; 2d; Lyon', 'Petit, Hugo; 1d; Paris', 'Durand, Léa; 1d; Paris', 'Leroy, Paul; 1k; Lyon',
  'Moreau, Chloé; 1k; Grenoble', 'Simon, Jules; 2k; Lyon', 'Laurent, Emma; 3k; Paris', 'Lefebvre, Noah; 3k; Lyon', 'Michel, Inès; 4k; Genève',
  'Garcia, Adam; 5k; Lyon', 'David, Zoé; 6k; Paris', 'Bertrand, Tom; 7k; Lyon', 'Roux, Lina; 8k; Grenoble', 'Vincent, Éric; 9k; Lyon',
  'Fournier, Anaïs; 10k; Paris', 'Morel, Théo; 11k; Lyon', 'Girard, Jade; 12k; Lyon', 'André, Hélène; 13k; Paris', 'Lefèvre, Sam; 14k; Lyon',
  'Mercier, Lou; 15k; Lyon', 'Dupont, Axel; 16k; Grenoble', 'Lambert, Nina; 18k; Lyon', 'Bonnet, Léo; 20k; Lyon',
];

const gamesOf = (t: Tournament, round: number) => t.games.filter((g) => g.round === round).sort((a, b) => (a.table ?? 0) - (b.table ?? 0));
const playerId = (t: Tournament, family: string) => t.players.find((p) => p.family === family)!.id;
/** "12 (Family, Given)" of the pane's tables: the family name. */
const family = (t: Tournament, id: PlayerId) => t.players.find((p) => p.id === id)!.family;

describeWithBinaries("a director's day in the standalone page (headless Chromium)", ['chromium', 'pdftotext'], (bin) => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

  const noErrors = async () => expect((await page.getByTestId('errors').innerText()).trim()).toBe('');
  const openStep = (name: string) => page.locator(`nav button[data-step="${name}"]`).click();
  const waitForText = (locator: Locator, pattern: RegExp) => locator.filter({ hasText: pattern }).first().waitFor({ timeout: 20_000 });
  const confirmWrite = async () => {
    await page.getByTestId('confirm-write').click();
    await page.getByTestId('confirm-write').waitFor({ state: 'detached' });
    await noErrors();
  };

  /** The workbook as the page saves it (Save .xlsx), read back through the `.xlsx` adapter. */
  const workbook = async (): Promise<Tournament> => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-xlsx').click()]);
    const read = await readTournament(await XlsxWorkbook.load(readFileSync((await download.path())!)));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    await waitForText(page.getByTestId('page-status'), /^Saved /);
    return read.value;
  };

  /** Preview the next round (or the rest of one) and confirm it; the Results step opens on it. */
  const pairNext = async (heading: string) => {
    await openStep('pair');
    await expect(page.getByTestId('pair-next').innerText()).resolves.toBe(heading);
    await page.getByTestId('preview').click();
    await page.getByTestId('pairing-preview').waitFor();
    await page.getByTestId('confirm-pairing').click();
    await page.getByTestId('scratch-pad').waitFor();
    await noErrors();
  };

  /** Results typed on the scratch pad for `round` (winners' IDs and marks), checked and written. */
  const enterResults = async (round: number, pad: string, warnings?: RegExp, overwrite = false) => {
    await openStep('results');
    await page.locator('select[name="results-round"]').selectOption(String(round));
    await page.getByTestId('scratch-pad').fill(pad);
    await page.getByTestId('check-results').click();
    await page.getByTestId('record-results').click();
    // A result already entered is the director's entry: changed only once he says so.
    if (overwrite) await page.getByTestId('overwrite').click();
    if (warnings) await expect(page.getByTestId('confirm-warnings').innerText()).resolves.toMatch(warnings);
    else await expect(page.getByTestId('confirm-warnings').count()).resolves.toBe(0);
    await confirmWrite();
  };

  /** White wins every game of the round but those given (by White's ID). */
  const whiteWins = (t: Tournament, round: number, skip: readonly number[] = []) =>
    gamesOf(t, round)
      .filter((g) => !skip.includes(g.white))
      .map((g) => String(g.white))
      .join(' ');

  const registerList = async (lines: readonly string[]) => {
    await openStep('players');
    await page.getByLabel('Players, one a line').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Add the pasted players' }).click();
    await page.getByTestId('register-players').click();
  };

  beforeAll(async () => {
    ({ server, browser, page } = await openAddinPage(bin.chromium, { viewport: { width: 1280, height: 900 }, downloads: true, errors: pageErrors, dialogs }));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(() => expect(pageErrors).toEqual([]));

  let t: Tournament;
  let round4Results: string[] = [];

  it('creates the tournament, registers 29 players, and sets the bar at 3d and the floor at 15k', async () => {
    await page.goto(`${server.url}/index.html`);
    await page.getByLabel('Tournament name').waitFor();
    // Save is usable once the workbook is open (never a click that does nothing): disabled until then.
    await page.locator('[data-testid="save-xlsx"]:enabled').waitFor();
    // Open and Start over too: a file opened while the page still restored its kept tournament was replaced by an
    // empty workbook; until the page has started they are disabled.
    await page.locator('input[name="open-xlsx"]:enabled').waitFor();
    await page.locator('[data-testid="start-over"]:enabled').waitFor();
    await page.getByLabel('Tournament name').fill(NAME);
    await page.getByLabel('Number of rounds').fill(String(ROUNDS));
    await page.getByLabel('First day (optional)').fill('2026-04-11');
    await page.getByLabel('Pairing system').selectOption('mcmahon');
    await page.getByLabel('Rules for scores and tie-breakers').selectOption('egf');
    await page.getByRole('button', { name: 'Create the sheets…' }).click();
    await confirmWrite();

    // Players in the list but not registered: leaving asks first.
    await openStep('players');
    await page.getByLabel('Players, one a line').fill(PLAYERS.join('\n'));
    await page.getByRole('button', { name: 'Add the pasted players' }).click();
    const leaving = await page.evaluate(`(() => { const e = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(e); return e.defaultPrevented; })()`);
    expect(leaving).toBe(true);
    await page.getByTestId('register-players').click();
    await expect(page.getByTestId('confirm-warnings').count()).resolves.toBe(0);
    await confirmWrite();

    await openStep('sections');
    await page.locator('select[name="section-mode"]').selectOption('bar');
    await page.getByTestId('bar').selectOption('2'); // 3d
    await page.getByTestId('floor').selectOption('-15'); // 15k
    await page.getByTestId('write-bar').click();
    await expect(page.locator('.confirm:not([hidden])').innerText()).resolves.toMatch(/Bar at 3d[\s\S]*Floor at 15k/);
    await confirmWrite();

    t = await workbook();
    expect(t.name).toBe(NAME);
    expect(t.players).toHaveLength(29);
    expect(t.settings).toMatchObject({ bar: 2, floor: -15 });
    const start = (name: string) => initialMms(t, t.players.find((p) => p.family === name)!);
    // The floor: 16k, 18k and 20k start with 15k; the bar: 5d and 4d start with 3d.
    expect(['Dupont', 'Lambert', 'Bonnet'].map(start)).toEqual([start('Mercier'), start('Mercier'), start('Mercier')]);
    expect(start('Lefèvre')).toBe(start('Mercier') + 1);
    expect([start('Kovács'), start('Müller')]).toEqual([start('Dubois'), start('Dubois')]);
  });

  it('round 1: an odd field (a bye), a jigo and a default win; one game still running', async () => {
    await openStep('pair');
    await expect(page.getByTestId('pair-next').innerText()).resolves.toBe(`Round 1 of ${ROUNDS}`);
    await page.getByTestId('preview').click();
    await page.getByTestId('pairing-preview').waitFor();
    // Confirm in view without scrolling the long preview (sticky), the report short: deviations first, tables folded.
    const confirm = await page.getByTestId('confirm-pairing').boundingBox();
    expect(confirm!.y + confirm!.height).toBeLessThanOrEqual(900);
    await expect(page.getByTestId('report-tables').getAttribute('open')).resolves.toBeNull();
    await page.screenshot({ path: artifactPath('day-pair-30.png') });
    await page.getByTestId('confirm-pairing').click();
    await page.getByTestId('scratch-pad').waitFor();
    await noErrors();

    t = await workbook();
    const games = gamesOf(t, 1);
    expect(games).toHaveLength(14);
    expect(t.byes.filter((b) => b.round === 1)).toHaveLength(1);
    // Table 1 a jigo, table 2 a default win for Black, table 7 still playing.
    const [g1, g2] = games;
    const running = games[RUNNING - 1];
    await enterResults(1, [`${g1.white}=`, `${g2.black}!`, whiteWins(t, 1, [g1.white, g2.white, running.white])].join(' '));
    t = await workbook();
    expect(gamesOf(t, 1).map((g) => g.result)).toEqual(['jigo', 'black-wins-by-default', ...games.slice(2).map((g) => (g === running ? 'unknown' : 'white-wins'))]);
  });

  it('round 2 is paired in part while that game runs, the rest once its result is in — the tables kept', async () => {
    const running = gamesOf(t, 1)[RUNNING - 1];
    await openStep('pair');
    await expect(page.getByTestId('results-waiting').innerText()).resolves.toContain(`${running.white} (${family(t, running.white)}`);
    // Pairing the whole field is refused, naming the players (not only their IDs).
    await page.getByTestId('preview').click();
    await waitForText(page.getByTestId('pairing-error'), /no result/);
    await expect(page.getByTestId('pairing-error').innerText()).resolves.toContain(`${running.white} (${family(t, running.white)},`);
    await expect(page.locator('form[aria-label="Change the pairing"]').count()).resolves.toBe(0);
    // Mays: "begin the pairing process at the bottom of a tournament": the players below 5k's starting score now; the
    // others — and the two still playing, whose score is not known — later.
    const below = initialMms(t, t.players.find((p) => p.family === 'Garcia')!);
    await page.getByTestId('partial-pairing').locator('summary').click();
    await page.locator('input[name="partial-score-below"]').fill(String(below));
    await page.getByTestId('partial-preview').click();
    await page.getByTestId('pairing-preview').waitFor();
    const later = await page.getByTestId('preview-pending').innerText();
    expect(later).toContain(family(t, running.white));
    expect(later).toContain(family(t, running.black));
    await expect(page.getByTestId('confirm-pairing').innerText()).resolves.toMatch(/tables now, \d+ players later/);
    await page.getByTestId('confirm-pairing').click();
    await page.getByTestId('scratch-pad').waitFor();
    await noErrors();
    t = await workbook();
    const firstPart = gamesOf(t, 2);
    expect(firstPart.length).toBeGreaterThanOrEqual(4);
    expect(firstPart.length).toBeLessThan(14);
    expect(firstPart.some((g) => [g.white, g.black].some((id) => id === running.white || id === running.black))).toBe(false);

    await enterResults(1, String(running.black));
    await pairNext(`Round 2 of ${ROUNDS}: the rest`);
    t = await workbook();
    const round2 = gamesOf(t, 2);
    expect(round2).toHaveLength(14);
    expect(t.byes.filter((b) => b.round === 2)).toHaveLength(1);
    // The tables announced first are kept as they were.
    for (const g of firstPart) expect(round2.find((x) => x.table === g.table)).toMatchObject({ white: g.white, black: g.black });
    await enterResults(2, whiteWins(t, 2));
  });

  it('a withdrawal after round 2 and a latecomer for round 3, who is warned to be absent from rounds 1–2', async () => {
    await openStep('players');
    const leaving = playerId(t, 'Rossi');
    await page.getByTestId(`withdraw-${leaving}`).click();
    await confirmWrite();
    await registerList(['Nowak, Jan; 8k; Lyon']);
    await expect(page.getByTestId('confirm-warnings').innerText()).resolves.toMatch(/Nowak, Jan joins from round 3: absent from rounds 1 and 2/);
    await expect(page.locator('.confirm:not([hidden])').innerText()).resolves.toMatch(/next free ID/);
    await confirmWrite();
    t = await workbook();
    expect(t.players.find((p) => p.family === 'Rossi')!.absentRounds).toEqual([3, 4, 5]);
    expect(t.players.find((p) => p.family === 'Nowak')).toMatchObject({ id: 30, absentRounds: [1, 2] });
  });

  it('rounds 3 and 4; a round-3 result corrected after round 4 is paired warns, naming round 4 and the players', async () => {
    await pairNext(`Round 3 of ${ROUNDS}`);
    t = await workbook();
    expect(gamesOf(t, 3)).toHaveLength(14);
    expect(gamesOf(t, 3).some((g) => g.white === 30 || g.black === 30)).toBe(true);
    await enterResults(3, whiteWins(t, 3));
    await pairNext(`Round 4 of ${ROUNDS}`);
    t = await workbook();
    const corrected = gamesOf(t, 3)[0];
    const who = (id: PlayerId) => `${id} (${t.players.find((p) => p.id === id)!.family}`;
    await enterResults(3, String(corrected.black), new RegExp(`Round 3, ${who(corrected.white).replace(/[()]/g, '\\$&')}.*– ${who(corrected.black).replace(/[()]/g, '\\$&')}.*round 4 was paired from the old result`), true);
    t = await workbook();
    expect(gamesOf(t, 3)[0].result).toBe('black-wins');
    await enterResults(4, whiteWins(t, 4));
    t = await workbook();
    round4Results = gamesOf(t, 4).map((g) => `${g.table}:${g.white}-${g.black}:${g.result}`);
    expect(round4Results.filter((r) => r.endsWith('white-wins'))).toHaveLength(14);
  });

  it('re-pairing round 4 removes its results; Undo brings them back, checked like any write', async () => {
    await openStep('pair');
    await page.getByTestId('repair-open').click();
    await page.getByTestId('confirm-repair').check();
    // Changing the system keeps the director's confirmation.
    await page.locator('select[name="pair-system"]').selectOption('mays');
    await expect(page.getByTestId('confirm-repair').isChecked()).resolves.toBe(true);
    await page.locator('select[name="pair-system"]').selectOption('optimal');
    await page.getByTestId('preview').click();
    await page.getByTestId('pairing-preview').waitFor();
    await page.getByTestId('confirm-pairing').click();
    await page.getByTestId('scratch-pad').waitFor();
    await noErrors();
    t = await workbook();
    expect(gamesOf(t, 4).every((g) => g.result === 'unknown')).toBe(true);

    await expect(page.getByTestId('undo').innerText()).resolves.toBe('Undo: Pair round 4');
    await page.getByTestId('undo').click();
    await page.getByTestId('confirm-undo').click();
    await waitForText(page.getByTestId('page-status'), /^Undone: Pair round 4/);
    t = await workbook();
    expect(gamesOf(t, 4).map((g) => `${g.table}:${g.white}-${g.black}:${g.result}`)).toEqual(round4Results);
  });

  it('round 5; a latecomer after the last pairing is warned he would be ranked on absence points alone, and cancelled', async () => {
    await pairNext(`Round 5 of ${ROUNDS}`);
    t = await workbook();
    await enterResults(5, whiteWins(t, 5));
    await registerList(['Late, Very; 2k; Lyon']);
    await expect(page.getByTestId('confirm-warnings').innerText()).resolves.toMatch(/Every round \(1–5\) is paired: Late, Very would play no game and be ranked on the points the rules give for absent rounds alone/);
    await page.getByTestId('confirm-cancel').click();
    await page.getByRole('button', { name: 'Remove Late, Very from the list' }).click();
    t = await workbook();
    expect(t.players).toHaveLength(30);
    expect(gamesOf(t, 5).every((g) => g.result === 'white-wins')).toBe(true);
  });

  it('prints pairings by table and by name, slips, standings and the wall chart: the printout alone, nothing cut', async () => {
    await page.getByTestId('print-open').click();
    await page.getByTestId('print-view').waitFor();
    for (const what of ['pairings', 'by-name', 'slips', 'standings', 'wall'] as const) {
      await page.emulateMedia({ media: 'screen' });
      await page.getByTestId('print-what').selectOption(what);
      await page.getByTestId('print-paper').waitFor();
      await page.emulateMedia({ media: 'print' });
      // In print: no toolbar, no pane, no grid; every table within the page's width.
      const layout = (await page.evaluate(`({
        hidden: ['.page-header', '.pane', '.layout', '.print-controls'].map((s) => getComputedStyle(document.querySelector(s)).display),
        overflow: [...document.querySelectorAll('.print-paper table')].map((tb) => tb.scrollWidth - tb.parentElement.clientWidth),
      })`)) as { hidden: string[]; overflow: number[] };
      expect(layout.hidden).toEqual(['none', 'none', 'none', 'none']);
      for (const o of layout.overflow) expect(o).toBeLessThanOrEqual(0);
      const pdf = artifactPath(`day-print-${what}.pdf`);
      await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
      const text = execFileSync(bin.pdftotext, ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(text).not.toMatch(/Tengen — standalone|Save \.xlsx|Wizard|Pair round/);
      if (what === 'pairings') expect(text).toMatch(/Round 5[\s\S]*Table[\s\S]*White[\s\S]*Black[\s\S]*Handicap[\s\S]*Result/);
      if (what === 'by-name') expect(text).toMatch(/André, Hélène/);
      if (what === 'slips') expect(text.match(/Tick the winner/g)).toHaveLength(14);
      if (what === 'standings') expect(text).toMatch(/Kovács, Péter/);
      if (what === 'wall') expect(text).toMatch(/Bonnet, Léo/);
    }
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('print-close').click();
  });

  it('save, reload: the same tournament, and the undo history kept with it', async () => {
    const before = await workbook();
    dialogs.length = 0;
    await page.reload();
    await waitForText(page.getByTestId('page-status'), /^Restored the tournament this browser kept/);
    expect(dialogs).toEqual([]);
    await expect(page.getByTestId('undo').innerText()).resolves.toMatch(/^Undo: /);
    const after = await workbook();
    expect(after).toEqual(before);
    // The last write undone from the history the browser kept (each step a Blob in IndexedDB, taskpane/autosave.ts).
    const label = (await page.getByTestId('undo').innerText()).replace(/^Undo: /, '');
    await page.getByTestId('undo').click();
    await page.getByTestId('confirm-undo').click();
    await waitForText(page.getByTestId('page-status'), /^Undone: /);
    await expect(page.getByTestId('page-status').innerText()).resolves.toBe(`Undone: ${label} — the workbook is as it was before it. Save .xlsx to keep it in a file.`);
    await noErrors();
  });
});
