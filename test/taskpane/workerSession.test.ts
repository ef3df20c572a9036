/**
 * The wizard's session held where the standalone page's workbook is (taskpane/workerSession.ts, run in its Web Worker)
 * and the page's services over it (taskpane/remoteSession.ts): here both in one process, every message cloned as the
 * worker's would be (structuredClone). What the page relies on: a workbook is read again only when written to since;
 * a batch is planned in the worker on the very tournament read and applied from there by its id; the batch is the one
 * the services on the page's own thread would have made; an overwrite is offered and prepared there too.
 */
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import type { WorkbookBatch } from '../../src/workbook/adapters/adapter';
import type { PlayerId } from '../../src/model/tournament';
import { isPairingError, type RoundPairing } from '../../src/pairing/types';
import { attempt, sessionServices } from '../../taskpane/sessionServices';
import { SessionRefusal } from '../../src/workbook/session';
import { remoteSessionServices } from '../../taskpane/remoteSession';
import { readFingerprint, type BatchOrErrors, type WizardServices } from '../../taskpane/services';
import { WorkerSession } from '../../taskpane/workerSession';
import { done, InProcessWorkbook } from './inProcessWorkbook';

/** A workbook that counts its sheet reads. */
class CountingWorkbook extends MemoryWorkbook {
  reads = 0;
  override async readSheet(sheet: string) {
    this.reads++;
    return super.readSheet(sheet);
  }
}

describe('the session in the workbook worker', () => {
  const local = sessionServices();
  const held = new CountingWorkbook();
  const wb = new InProcessWorkbook(held, new WorkerSession());
  const page = remoteSessionServices(local);
  /** The same tournament kept beside it in a workbook the page's own services read and write. */
  const twin = new MemoryWorkbook();

  const readBoth = async () => {
    const [a, b] = [await page.readTournament(wb), await local.readTournament(twin)];
    if (!a.ok || !b.ok) throw new Error('not read');
    return [a, b] as const;
  };

  beforeAll(async () => {
    const created = await done(page.newTournamentBatch({ name: 'Worker Open', rounds: 3, system: 'mcmahon', ruleset: 'aqjg' }));
    await wb.apply(created);
    await twin.apply(created);
    const list = local.parsePlayerList(['Weak, One; 10k', 'Strong, Two; 3d', 'Mid, Three; 1k', 'Mid, Four; 2k', 'Low, Five; 8k', 'Low, Six; 9k'].join('\n'));
    if (!list.ok) throw new Error('list');
    const [a, b] = await readBoth();
    await wb.apply(await done(page.registerPlayersBatch(a.tournament, list.players)));
    await twin.apply(await done(local.registerPlayersBatch(b.tournament, list.players)));
  });

  it('reads a workbook again only after a write to it, and sends the page nothing new meanwhile', async () => {
    const first = await page.readTournament(wb);
    const reads = held.reads;
    const again = await page.readTournament(wb);
    expect(held.reads).toBe(reads);
    // The page keeps its copy: the very object, not a new clone.
    expect(again).toBe(first);
    await wb.apply({ label: 'Typed in Log!D1', ops: [{ kind: 'write', sheet: 'Log', at: 'D1', cells: [['note']] }] });
    const after = await page.readTournament(wb);
    expect(held.reads).toBeGreaterThan(reads);
    expect(after).not.toBe(first);
  });

  it('a round\'s write prepared ahead (while the director checks the preview) is the one confirming takes; other arguments prepare anew', async () => {
    const session = new WorkerSession();
    const early = new InProcessWorkbook(held, session);
    const counted: string[] = [];
    const prepare = early.prepare.bind(early);
    early.prepare = (read, action, args, overwrite) => {
      counted.push(action);
      return prepare(read, action, args, overwrite);
    };
    const read = await page.readTournament(early);
    if (!read.ok) throw new Error('not read');
    const preview = local.previewPairing(read.tournament, 1, 'mays', {});
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    const check = { expectedFingerprint: preview.fingerprint, currentFingerprint: await readFingerprint(read), confirmRepair: false };
    page.pairRoundBatchAhead!(read.tournament, preview.pairing as RoundPairing, check);
    expect(counted).toEqual(['pairRoundBatch']);
    const taken = await done(page.pairRoundBatch(read.tournament, preview.pairing as RoundPairing, { ...check }));
    // Confirming asked the worker nothing more: the batch prepared ahead, applied by its id.
    expect(counted).toEqual(['pairRoundBatch']);
    expect(taken.label).toMatch(/round 1/i);
    // Taken once: the next request prepares again, as does one with other arguments.
    await done(page.pairRoundBatch(read.tournament, preview.pairing as RoundPairing, check));
    page.pairRoundBatchAhead!(read.tournament, preview.pairing as RoundPairing, check);
    await done(page.pairRoundBatch(read.tournament, preview.pairing as RoundPairing, { ...check, confirmRepair: true }));
    expect(counted).toEqual(['pairRoundBatch', 'pairRoundBatch', 'pairRoundBatch', 'pairRoundBatch']);
    // A workbook the page's own services read (no worker) prepares nothing ahead.
    const own = await local.readTournament(twin);
    if (!own.ok) throw new Error('not read');
    expect(page.pairRoundBatchAhead!(own.tournament, preview.pairing as RoundPairing, check)).toBeUndefined();
  });

  it('prepares in the worker the very batches the page would, applies them by id, and reads back the same tournament', async () => {
    const [a, b] = await readBoth();
    // The worker's read sends no fingerprint (a result's read back never needs one): asked for, it is the page's.
    expect(() => a.fingerprint).toThrow(/asked for there/);
    expect(await readFingerprint(a)).toBe(b.fingerprint);
    const preview = local.previewPairing(a.tournament, 1, 'mays', {});
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    const check = { expectedFingerprint: preview.fingerprint, currentFingerprint: await readFingerprint(a), confirmRepair: false };
    const remote = await done(page.pairRoundBatch(a.tournament, preview.pairing as RoundPairing, check));
    const here = await done(local.pairRoundBatch(b.tournament, preview.pairing as RoundPairing, check));
    // The Log's time differs by the clock; everything else is the same batch.
    const timeless = (batch: WorkbookBatch) => JSON.stringify(batch).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?|\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?/g, 'T');
    expect(timeless(remote)).toBe(timeless(here));
    await wb.apply(remote);
    await twin.apply(here);
    const [a2, b2] = await readBoth();
    expect(a2.tournament.games).toEqual(b2.tournament.games);
    expect(a2.tournament.games.filter((g) => g.round === 1).length).toBe(3);
    // A result, prepared and applied the same way.
    const g = a2.tournament.games[0];
    await wb.apply(await done(page.resultsBatch(a2.tournament, 1, [{ white: g.white, black: g.black, result: 'white-wins' }])));
    const a3 = await page.readTournament(wb);
    if (!a3.ok) throw new Error('not read');
    expect(a3.tournament.games.find((x) => x.white === g.white && x.round === 1)?.result).toBe('white-wins');
    expect(await wb.fingerprint()).toBe(await readFingerprint(a3));
    expect(await readFingerprint(a3)).not.toBe(await readFingerprint(a2));
  });

  it('refuses a write prepared on a read the worker no longer holds, naming what to do', async () => {
    const session = new WorkerSession();
    expect(await session.prepare(99, 'standingsBatch', [], false)).toEqual({ ok: false, errors: [{ message: expect.stringMatching(/re-read/) }], overwritable: false });
    await expect(session.apply(held, 99)).rejects.toThrow(/prepare it again/);
  });

  it('offers the overwrite the worker refused, and prepares it there when the director confirms', async () => {
    const refusing: WizardServices<BatchOrErrors> = {
      ...sessionServices(),
      resultsBatch: () =>
        attempt((confirmOverwrite) => {
          if (!confirmOverwrite) throw new SessionRefusal('overwrite', 'these results change entries you made', ['Grid!H16']);
          return { label: 'Results of round 1', ops: [] };
        }),
    };
    const other = new InProcessWorkbook(held, new WorkerSession(refusing));
    const services = remoteSessionServices(refusing);
    const t = await services.readTournament(other);
    if (!t.ok) throw new Error('not read');
    const first = await services.resultsBatch(t.tournament, 1, [{ white: 1 as PlayerId, black: 2 as PlayerId, result: 'jigo' }]);
    if (first.ok || !first.overwrite) throw new Error('expected an overwrite offer');
    expect(first.errors).toEqual([{ where: 'Grid!H16', message: 'these results change entries you made' }]);
    expect(await first.overwrite()).toEqual({ ok: true, batch: { label: 'Results of round 1', ops: [] } });
  });
});
