/**
 * The services the pane uses, whatever the host: the workbook layer's session API, with pairing previews computed in
 * a Web Worker (./pairWorker.ts) — in Excel's task pane and in the standalone page alike.
 */
import { pageThreadPairing, workerPairing } from './backgroundPairing';
import { makePairWorker } from './pairWorkerClient';
import type { BatchOrErrors, WizardServices } from './services';
import { sessionServices } from './sessionServices';
import type { RatingListStore } from './ratingListHolder';

/** `ratingListStore`: the standalone page keeps the loaded rating list in the browser; Excel's pane in memory. */
export function wizardServices(options: { readonly ratingListStore?: RatingListStore } = {}): WizardServices<BatchOrErrors> {
  const services = sessionServices(options);
  return { ...services, background: workerPairing(makePairWorker, pageThreadPairing(services)) };
}
