/**
 * Pairing off the UI thread. A McMahon draw of a large field (the EGC's 700 players) takes a noticeable time; run on
 * the task pane's own thread it would freeze the pane — and in Excel a pane that stops answering is the add-in Office
 * may stop (docs/excel-compatibility.md § "The task pane"). So the preview is computed in a Web Worker
 * (./pairWorker.ts, bundled by webpack), and the pane shows a progress indicator meanwhile.
 *
 * Where no Worker can be made (no `Worker` in the webview, a policy refusing it, the worker's script failing to
 * load), the same computation runs on the page after one paint, so the progress indicator is on screen first: slower
 * to answer, never wrong. The fallback is chosen once and said in `where`.
 */
import type { Round, Tournament } from '../src/model/tournament';
import type { DirectorControls } from '../src/pairing/types';
import type { PairingPreview, PreviewPairing } from './pairingPreview';

/** What the pane asks the worker: one preview. */
export interface PairRequest {
  readonly id: number;
  readonly tournament: Tournament;
  readonly round: Round;
  readonly system: string;
  readonly controls: DirectorControls;
}

/** What the worker answers: the preview, or why it failed (an exception's message, never a stack trace). */
export type PairAnswer = { readonly id: number; readonly ok: true; readonly preview: PairingPreview } | { readonly id: number; readonly ok: false; readonly message: string };

export interface BackgroundPairing {
  preview(t: Tournament, round: Round, system: string, controls: DirectorControls): Promise<PairingPreview>;
  /** Where the last preview was computed: in the worker, or on the page (the fallback). */
  readonly where: 'worker' | 'page';
  /**
   * Start what the previews need (the worker, its script loaded and compiled) before the first one is asked: the
   * Pair round step calls it when it opens, so the director's click does not wait for that.
   */
  prepare?(): void;
}

/** The smallest part of a Worker used here (a test can give a stand-in). */
export interface WorkerLike {
  postMessage(message: PairRequest): void;
  addEventListener(type: 'message', listener: (e: { data: PairAnswer }) => void): void;
  addEventListener(type: 'error', listener: (e: { message?: string }) => void): void;
  terminate(): void;
}

/** Let the browser paint (the progress indicator) before a long computation on the page's thread. */
function nextPaint(): Promise<void> {
  // Looked up on globalThis: the engine's tests run this module under Node, which has no requestAnimationFrame.
  const frame = (globalThis as { requestAnimationFrame?: (callback: () => void) => unknown }).requestAnimationFrame;
  return new Promise((resolve) => {
    if (typeof frame === 'function') frame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

/** The preview on the page's own thread, after one paint. */
export function pageThreadPairing(services: { readonly previewPairing: PreviewPairing }): BackgroundPairing {
  return {
    where: 'page',
    async preview(t, round, system, controls) {
      await nextPaint();
      return services.previewPairing(t, round, system, controls);
    },
  };
}

/**
 * The preview in a worker made by `makeWorker`; when it cannot be made or fails before answering, the same preview on
 * the page (`fallback`), and every later one too.
 */
export function workerPairing(makeWorker: () => WorkerLike | null, fallback: BackgroundPairing): BackgroundPairing {
  let worker: WorkerLike | null | undefined;
  let broken = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (p: PairingPreview) => void; reject: (e: Error) => void; retry: () => void }>();
  const giveUp = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    // Whatever the worker had not answered is computed on the page.
    for (const [, w] of waiting) w.retry();
    waiting.clear();
  };
  const start = (): WorkerLike | null => {
    if (worker !== undefined) return worker;
    try {
      worker = makeWorker();
    } catch {
      worker = null;
    }
    if (!worker) {
      broken = true;
      return null;
    }
    worker.addEventListener('message', (e: { data: PairAnswer }) => {
      const answer = e.data;
      const w = waiting.get(answer.id);
      if (!w) return;
      waiting.delete(answer.id);
      if (answer.ok) w.resolve(answer.preview);
      else w.reject(new Error(answer.message));
    });
    // A script that cannot load, or a worker that dies: the page takes over.
    worker.addEventListener('error', () => giveUp());
    return worker;
  };
  const self: BackgroundPairing = {
    get where() {
      return broken ? 'page' : 'worker';
    },
    prepare() {
      if (!broken) start();
    },
    preview(t, round, system, controls) {
      const w = broken ? null : start();
      if (!w) return fallback.preview(t, round, system, controls);
      const id = nextId++;
      return new Promise<PairingPreview>((resolve, reject) => {
        waiting.set(id, { resolve, reject, retry: () => void fallback.preview(t, round, system, controls).then(resolve, reject) });
        try {
          w.postMessage({ id, tournament: t, round, system, controls });
        } catch {
          giveUp();
        }
      });
    },
  };
  return self;
}
