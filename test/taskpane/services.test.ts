/**
 * The services the wizard calls, over an in-memory workbook: what the pane relies on — a batch is only data until
 * applied; a stale preview or an unconfirmed re-pairing is refused with nothing written; errors name what is wrong.
 */
import { isCacheSheet } from '../../src/workbook/formulas/liveCache';
import { readFileSync } from 'node:fs';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { corpusPath, describeCorpus } from '../support/corpus';
import { attempt, sessionServices } from '../../taskpane/sessionServices';
import { SessionRefusal } from '../../src/workbook/session';
import type { BatchOrErrors, TournamentRead, WizardServices } from '../../taskpane/services';
import type { PlayerId, RulesetName, Tournament } from '../../src/model/tournament';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import type { Rank } from '../../src/model/rank';
import { buildScoreboard } from '../../src/scoring/scoreboard';

async function read(s: WizardServices, wb: MemoryWorkbook): Promise<Extract<TournamentRead, { ok: true }>> {
  const r = await s.readTournament(wb);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r;
}

function batchOf(b: ReturnType<WizardServices<BatchOrErrors>['finalizeBatch']>) {
  if (!b.ok) throw new Error(b.errors.map((e) => e.message).join('\n'));
  return b.batch;
}

describe('wizard services over a workbook', () => {
  const s = sessionServices();
  const wb = new MemoryWorkbook();
  let t: Tournament;
  let fingerprint: string;

  beforeAll(async () => {
    expect(await s.readTournament(wb)).toEqual({ ok: false, empty: true });
    const created = batchOf(s.newTournamentBatch({ name: 'Test Open', rounds: 3, system: 'mcmahon', ruleset: 'aqjg' }));
    // Preparing a batch writes nothing.
    expect(await wb.sheetNames()).toEqual([]);
    await wb.apply(created);
    const list = s.parsePlayerList(['Weak, One; 10k; LAV', 'Strong, Two; 3d; MTL', 'Mid, Three; 1k', 'Mid, Four; 2k', 'Low, Five; 8k'].join('\n'));
    if (!list.ok) throw new Error('list');
    await wb.apply(batchOf(s.registerPlayersBatch((await read(s, wb)).tournament, list.players)));
    ({ tournament: t, fingerprint } = await read(s, wb));
  });

  it("stores the New tournament form's host city, handicaps and komi in Settings", async () => {
    const other = new MemoryWorkbook();
    await other.apply(
      batchOf(
        s.newTournamentBatch({
          name: 'Club Open',
          rounds: 4,
          system: 'mcmahon',
          ruleset: 'egf',
          location: 'Montreal',
          hostCity: 'Montreal',
          handicap: { policy: 'rank-difference-minus-2', ceiling: 4, evenAtOrAbove: -14 as Rank },
          komi: 6.5,
        }),
      ),
    );
    const settings = (await read(s, other)).tournament.settings;
    expect(settings).toMatchObject({ hostCity: 'Montreal', komi: 6.5, handicap: { policy: 'rank-difference-minus-2', ceiling: 4, evenAtOrAbove: -14 } });
  });

  it('registers a second player of a name already taken only when the director said he is another person', async () => {
    const kim = { family: 'Kim', given: 'Min', rank: -3 as Rank };
    const refused = s.registerPlayersBatch(t, [kim, kim]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors[0].message).toBe('Kim, Min is already registered');
    const other = new MemoryWorkbook();
    await other.apply(batchOf(s.newTournamentBatch({ name: 'Club night', rounds: 3, system: 'mcmahon', ruleset: 'aqjg' })));
    await other.apply(batchOf(s.registerPlayersBatch((await read(s, other)).tournament, [kim, kim], { confirmSameNames: true })));
    expect((await read(s, other)).tournament.players.map((p) => `${p.id} ${p.family}, ${p.given}`)).toEqual(['1 Kim, Min', '2 Kim, Min']);
  });

  it('numbers the registered players by strength', () => {
    expect(t.players.map((p) => `${p.id} ${p.family}`)).toEqual(['1 Strong', '2 Mid', '3 Mid', '4 Low', '5 Weak']);
  });

  it('reads the sheet list once per read of the tournament (in Excel each read is a round trip)', async () => {
    let lists = 0;
    const counted = Object.assign(Object.create(wb) as MemoryWorkbook, { sheetNames: () => (lists++, wb.sheetNames()) });
    expect((await read(s, counted)).fingerprint).toBe(fingerprint);
    expect(lists).toBe(1);
  });

  it('names the line of a bad pasted player', () => {
    const bad = s.parsePlayerList('Good, One; 3k\nBad, Two; 99x');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ line: 2, player: 'Bad, Two' });
  });

  it('refuses a preview whose grid has changed since, and writes nothing', async () => {
    const preview = s.previewPairing(t, 1, 'mays', {});
    expect(isPairingError(preview.pairing)).toBe(false);
    const refused = s.pairRoundBatch(t, preview.pairing as RoundPairing, { expectedFingerprint: preview.fingerprint, currentFingerprint: 'other', confirmRepair: false });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors[0].message).toMatch(/changed since this pairing was previewed/);
    expect((await read(s, wb)).fingerprint).toBe(fingerprint);
  });

  it('offers the three pairing systems, optimal first (the default), each honouring the director’s controls', () => {
    expect(s.pairingSystems.map(([v]) => v)).toEqual(['optimal', 'mays', 'opengotha']);
    for (const system of ['optimal', 'mays', 'opengotha']) {
      const preview = s.previewPairing(t, 1, system, { forcedPairs: [[1 as PlayerId, 2 as PlayerId]] });
      if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
      expect(preview.pairing.system).toBe(system);
      expect(preview.pairing.games.some((g) => (g.white === 1 && g.black === 2) || (g.white === 2 && g.black === 1))).toBe(true);
      expect(preview.fingerprint).toBe(fingerprint);
    }
  });

  it('refuses, by name, a control the chosen system does not honour (no silent options)', () => {
    // The pane's own controls are honoured by every system; a caller passing more (relatives to OpenGotha's draw)
    // gets the engine's refusal, not a draw that quietly ignored it.
    const controls = { relatives: [[1 as PlayerId, 2 as PlayerId]] } as unknown as Parameters<WizardServices['previewPairing']>[3];
    const refused = s.previewPairing(t, 1, 'opengotha', controls);
    expect(isPairingError(refused.pairing)).toBe(true);
    if (isPairingError(refused.pairing)) expect(refused.pairing.message).toMatch(/--relatives .*the opengotha system does not honour it/);
    expect(isPairingError(s.previewPairing(t, 1, 'optimal', controls).pairing)).toBe(false);
  });

  it('pairs a round once; pairing it again needs the director to confirm re-pairing', async () => {
    const preview = s.previewPairing(t, 1, 'mays', {});
    await wb.apply(batchOf(s.pairRoundBatch(t, preview.pairing as RoundPairing, { expectedFingerprint: fingerprint, currentFingerprint: fingerprint, confirmRepair: false })));
    const after = await read(s, wb);
    expect(after.tournament.games.filter((g) => g.round === 1)).toHaveLength(2);
    expect(after.tournament.byes).toEqual([{ round: 1, player: (preview.pairing as RoundPairing).bye }]);
    const again = s.pairRoundBatch(after.tournament, preview.pairing as RoundPairing, { expectedFingerprint: after.fingerprint, currentFingerprint: after.fingerprint, confirmRepair: false });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.errors[0]).toMatchObject({ where: expect.stringMatching(/^Grid!/), message: expect.stringMatching(/round 1 is already paired/) });
    const repaired = s.pairRoundBatch(after.tournament, preview.pairing as RoundPairing, { expectedFingerprint: after.fingerprint, currentFingerprint: after.fingerprint, confirmRepair: true });
    expect(repaired.ok).toBe(true);
  });

  it('records results, and refuses one for a game that is not in the round', async () => {
    const now = await read(s, wb);
    const g = now.tournament.games[0];
    const bye = now.tournament.byes[0].player;
    const wrong = s.resultsBatch(now.tournament, 1, [{ white: bye, black: g.white, result: 'white-wins' }]);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.errors[0].message).toMatch(/has the bye in round 1|has no game in round 1/);
    await wb.apply(batchOf(s.resultsBatch(now.tournament, 1, [{ white: g.white, black: g.black, result: 'jigo' }])));
    const after = await read(s, wb);
    expect(after.tournament.games.find((x) => x.white === g.white)?.result).toBe('jigo');
  });
});

/** A new 3-round McMahon tournament in a workbook, the players of a pasted list registered. */
async function registered(s: WizardServices<BatchOrErrors>, name: string, ruleset: RulesetName, players: string): Promise<MemoryWorkbook> {
  const wb = new MemoryWorkbook();
  await wb.apply(batchOf(s.newTournamentBatch({ name, rounds: 3, system: 'mcmahon', ruleset })));
  const list = s.parsePlayerList(players);
  if (!list.ok) throw new Error('list');
  await wb.apply(batchOf(s.registerPlayersBatch((await read(s, wb)).tournament, list.players)));
  return wb;
}

/** Round 1 paired by Mays' method and written; the tournament read back. */
async function pairFirstRound(s: WizardServices<BatchOrErrors>, wb: MemoryWorkbook): Promise<Tournament> {
  const t = (await read(s, wb)).tournament;
  const r1 = s.previewPairing(t, 1, 'mays', {});
  const { fingerprint } = await read(s, wb);
  await wb.apply(batchOf(s.pairRoundBatch(t, r1.pairing as RoundPairing, { expectedFingerprint: r1.fingerprint, currentFingerprint: fingerprint, confirmRepair: false })));
  return (await read(s, wb)).tournament;
}

describe('absences through the services', () => {
  it('marks a round a player will miss, and refuses one already paired for him', async () => {
    const s = sessionServices();
    const wb = await registered(s, 'Absences', 'aqjg', 'A, One; 3d\nB, Two; 1k\nC, Three; 5k');
    await wb.apply(batchOf(s.absencesBatch((await read(s, wb)).tournament, [{ player: 3 as PlayerId, rounds: [2], absent: true }])));
    const t = (await read(s, wb)).tournament;
    expect(t.players.find((p) => p.id === 3)?.absentRounds).toEqual([2]);
    const paired = await pairFirstRound(s, wb);
    const refused = s.absencesBatch(paired, [{ player: 1 as PlayerId, rounds: [1], absent: true }]);
    expect(refused.ok).toBe(false);
  });
});

describe('the McMahon bar through the services', () => {
  it('writes the bar as one small batch (the Log kept), and refuses it once round 1 is paired, naming the Bar cell', async () => {
    const s = sessionServices();
    const wb = await registered(s, 'Bar Open', 'bga', 'A, One; 4d\nB, Two; 2d\nC, Three; 1k\nD, Four; 5k\nE, Five; 9k');
    const log = (await wb.readSheet('Log'))!;
    const barred = batchOf(s.sectionsBatch((await read(s, wb)).tournament, { bar: 0 as Rank }));
    expect(barred.label).toBe('Set the McMahon bar');
    expect([...new Set(barred.ops.map((op) => op.sheet))].filter((sheet) => !isCacheSheet(sheet))).toEqual(['Grid', 'Players', 'Log']);
    await wb.apply(barred);
    const t = (await read(s, wb)).tournament;
    expect(t.settings.bar).toBe(0);
    // The 4d and the 2d start at the bar (1d: 0), the others at their rank's score.
    expect(buildScoreboard(t).initialHalves).toEqual(Int32Array.from([0, 0, -1, -5, -9].map((x) => 2 * x)));
    const after = (await wb.readSheet('Log'))!;
    expect(after.slice(0, log.length)).toEqual(log);
    expect(after.length).toBe(log.length + 1);

    const refused = s.sectionsBatch(await pairFirstRound(s, wb), { bar: 1 as Rank });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors).toEqual([{ message: expect.stringMatching(/has started .*the Bar is Grid!C10.*confirm the re-score/) }]);
    // The director confirms the re-score: the bar and the floor are written.
    const rescored = s.sectionsBatch(await s.readTournament(wb).then((r) => (r.ok ? r.tournament : null!)), { bar: 1 as Rank, floor: -5 as Rank, confirmRescore: true });
    expect(rescored.ok).toBe(true);
  });
});

describeCorpus('registering players from an OpenGotha file', () => {
  it('reads the players of Juvisy without their IDs, ready to be numbered by strength', async () => {
    const s = sessionServices();
    const file = corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.xml');
    const imported = s.importOpenGotha(readFileSync(file, 'utf8'), 'Tournoi-de-Juvisy.xml');
    if (!imported.ok) throw new Error(imported.errors.map((e) => e.message).join('\n'));
    expect(imported.players.length).toBeGreaterThan(10);
    expect(imported.players.every((p) => !('id' in p) && p.family.length > 0)).toBe(true);
    const wb = new MemoryWorkbook();
    await wb.apply(batchOf(s.newTournamentBatch({ name: 'Juvisy again', rounds: 5, system: 'mcmahon', ruleset: 'opengotha' })));
    await wb.apply(batchOf(s.registerPlayersBatch((await read(s, wb)).tournament, imported.players)));
    const t = (await read(s, wb)).tournament;
    expect(t.players).toHaveLength(imported.players.length);
    // Numbered by strength: ranks never rise with the ID.
    expect(t.players.every((p, i) => i === 0 || p.rank <= t.players[i - 1].rank)).toBe(true);
  });

  it('names the file and line of a broken OpenGotha file', () => {
    const broken = sessionServices().importOpenGotha('<Tournament><Players>', 'broken.xml');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0].file).toBe('broken.xml');
  });
});

describe('a refusal becomes errors naming the cells', () => {
  it('offers to overwrite only when overwriting is the one reason', () => {
    const make = (confirmOverwrite: boolean) => {
      if (!confirmOverwrite) throw new SessionRefusal('overwrite', 'these results change entries you made', ['Grid!H16', 'Grid!H18']);
      return { label: 'Results of round 1', ops: [] };
    };
    const first = attempt(make);
    expect(first.ok).toBe(false);
    if (first.ok || !first.overwrite) throw new Error('expected an overwrite offer');
    expect(first.errors).toEqual([{ where: 'Grid!H16, Grid!H18', message: 'these results change entries you made' }]);
    expect(first.overwrite()).toEqual({ ok: true, batch: { label: 'Results of round 1', ops: [] } });
    const changed = attempt(() => {
      throw new SessionRefusal('grid-changed', 'preview again');
    });
    expect(changed).toEqual({ ok: false, errors: [{ message: 'preview again' }] });
  });

  it('does not repeat the cells a message names already', () => {
    const named = attempt(() => {
      throw new SessionRefusal('invalid', 'would change Grid!H16 ("+")', ['Grid!H16']);
    });
    expect(named).toEqual({ ok: false, errors: [{ message: 'would change Grid!H16 ("+")' }] });
  });
});
