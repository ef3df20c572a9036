/**
 * The pane's pairing worker, as webpack 5 bundles a worker: `new Worker(new URL('./pairWorker.ts', import.meta.url))`
 * makes ./pairWorker.ts a chunk of its own, loaded from the add-in's own origin. Kept alone in this file: only the
 * bundle imports it (the unit tests run under CommonJS, which has no `import.meta`).
 */
import type { WorkerLike } from './backgroundPairing';

/** A new pairing worker, or null where this webview has no Worker. */
export function makePairWorker(): WorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  // `import.meta` is legal in the add-in's build (tsconfig.addin.json, ES2022 modules: webpack reads `import.meta.url`
  // here) but not in the CommonJS typecheck of tsconfig.json (TS1343): an expect-error would fail one of the two.
  // eslint-disable-next-line @typescript-eslint/ban-ts-comment
  // @ts-ignore TS1343 under tsconfig.json only
  return new Worker(new URL('./pairWorker.ts', import.meta.url)) as unknown as WorkerLike;
}
