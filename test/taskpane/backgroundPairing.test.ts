import type { Tournament } from '../../src/model/tournament';
import type { PairingPreview } from '../../taskpane/services';
import { pageThreadPairing, workerPairing, type PairAnswer, type PairRequest, type WorkerLike } from '../../taskpane/backgroundPairing';

const t = { name: 'T' } as unknown as Tournament;
const preview = (tag: string): PairingPreview => ({ fingerprint: tag, pairing: { kind: 'pairing-error', code: 'no-players', round: 1, message: tag } as never });

/** A worker stand-in: answers with `answer`, or fails to load (`error`), or throws when made. */
class FakeWorker implements WorkerLike {
  readonly posted: PairRequest[] = [];
  terminated = false;
  private onMessage?: (e: { data: PairAnswer }) => void;
  private onError?: (e: { message?: string }) => void;
  constructor(private readonly behaviour: 'answer' | 'fail' | 'error') {}
  addEventListener(type: 'message' | 'error', listener: never): void {
    if (type === 'message') this.onMessage = listener;
    else this.onError = listener;
  }
  postMessage(m: PairRequest): void {
    this.posted.push(m);
    setTimeout(() => {
      if (this.behaviour === 'error') this.onError?.({ message: 'script failed to load' });
      else if (this.behaviour === 'fail') this.onMessage?.({ data: { id: m.id, ok: false, message: 'engine said no' } });
      else this.onMessage?.({ data: { id: m.id, ok: true, preview: preview(`worker ${m.round}`) } });
    }, 1);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const onPage = pageThreadPairing({ previewPairing: (_t, round) => preview(`page ${round}`) });

describe('pairing off the pane’s thread', () => {
  it('asks the worker, one request per preview, and answers each with its own', async () => {
    const w = new FakeWorker('answer');
    const made: number[] = [];
    const bg = workerPairing(() => (made.push(1), w), onPage);
    const [a, b] = await Promise.all([bg.preview(t, 2, 'optimal', {}), bg.preview(t, 3, 'mays', {})]);
    expect([a.fingerprint, b.fingerprint]).toEqual(['worker 2', 'worker 3']);
    expect(w.posted.map((m) => [m.round, m.system])).toEqual([
      [2, 'optimal'],
      [3, 'mays'],
    ]);
    expect(made).toHaveLength(1);
    expect(bg.where).toBe('worker');
  });

  it('starts the worker once when asked to prepare, before any preview', async () => {
    const w = new FakeWorker('answer');
    let made = 0;
    const bg = workerPairing(() => (made++, w), onPage);
    bg.prepare?.();
    bg.prepare?.();
    expect(made).toBe(1);
    expect(w.posted).toHaveLength(0);
    expect((await bg.preview(t, 1, 'optimal', {})).fingerprint).toBe('worker 1');
    expect(made).toBe(1);
  });

  it("passes the engine's refusal on as an error", async () => {
    await expect(workerPairing(() => new FakeWorker('fail'), onPage).preview(t, 1, 'optimal', {})).rejects.toThrow('engine said no');
  });

  it('falls back to the page when no worker can be made, or it cannot load', async () => {
    const none = workerPairing(() => null, onPage);
    expect((await none.preview(t, 1, 'optimal', {})).fingerprint).toBe('page 1');
    expect(none.where).toBe('page');
    const throwing = workerPairing(() => {
      throw new Error('SecurityError');
    }, onPage);
    expect((await throwing.preview(t, 2, 'optimal', {})).fingerprint).toBe('page 2');
    const w = new FakeWorker('error');
    const broken = workerPairing(() => w, onPage);
    expect((await broken.preview(t, 3, 'optimal', {})).fingerprint).toBe('page 3');
    expect(w.terminated).toBe(true);
    expect(broken.where).toBe('page');
    // Later previews go to the page straight away.
    expect((await broken.preview(t, 4, 'optimal', {})).fingerprint).toBe('page 4');
    expect(w.posted).toHaveLength(1);
  });
});
