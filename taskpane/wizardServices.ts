/**
 * The services the pane uses, whatever the host: the workbook layer's session API, with pairing previews computed in
 * a Web Worker (./pairWorker.ts) — in Excel's task pane and in the standalone page alike.
 */
import { pageThreadPairing, workerPairing } from './backgroundPairing';
import { makePairWorker } from './pairWorkerClient';
import type { WizardServices } from './services';
import { sessionServices } from './sessionServices';

export function wizardServices(): WizardServices {
  const services = sessionServices();
  return { ...services, background: workerPairing(makePairWorker, pageThreadPairing(services)) };
}
