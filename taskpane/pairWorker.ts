/**
 * The Web Worker that computes a pairing preview off the task pane's thread (./backgroundPairing.ts). It runs the
 * same services as the pane (the workbook layer's session API), on the tournament the pane read: one request, one
 * answer, plain data both ways (structured clone).
 */
import type { PairAnswer, PairRequest } from './backgroundPairing';
import { sessionServices } from './sessionServices';

const services = sessionServices();
// In a worker `self` is the worker's global scope; the add-in's TypeScript knows the page's (DOM) types only.
const scope = self as unknown as { addEventListener(type: 'message', l: (e: { data: PairRequest }) => void): void; postMessage(answer: PairAnswer): void };

scope.addEventListener('message', (e) => {
  const { id, tournament, round, system, controls } = e.data;
  try {
    scope.postMessage({ id, ok: true, preview: services.previewPairing(tournament, round, system, controls) });
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
