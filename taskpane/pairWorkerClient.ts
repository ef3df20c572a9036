/**
 * The pane's pairing worker, as webpack 5 bundles a worker: `new Worker(new URL('./pairWorker.ts', import.meta.url))`
 * makes ./pairWorker.ts a chunk of its own, loaded from the add-in's own origin. Kept alone in this file: only the
 * bundle imports it (the unit tests run under CommonJS, which has no `import.meta`).
 */
import type { WorkerLike } from './backgroundPairing';

/** A new pairing worker, or null where this webview has no Worker. */
export function makePairWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  // @ts-expect-error TS1343: the add-in compiles to CommonJS for ts-loader; webpack reads `import.meta.url` here.
  return new Worker(new URL('./pairWorker.ts', import.meta.url)) as unknown as WorkerLike;
}
