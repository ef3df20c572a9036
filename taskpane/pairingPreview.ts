/**
 * A round's pairing as previewed, before the director confirms it: what the wizard's services compute and what the
 * background pairing (./backgroundPairing.ts) carries across to a worker and back. Its own file so that the services
 * and the background pairing both use it without importing each other.
 */
import type { Round, Tournament } from '../src/model/tournament';
import type { DirectorControls, PairingResult } from '../src/pairing/types';

export interface PairingPreview {
  readonly pairing: PairingResult;
  /** The grid as it was when previewed; confirmation compares it with the grid read again. */
  readonly fingerprint: string;
}

/** The round's pairing by `system`, any existing pairing of the round set aside (`WizardServices.previewPairing`). */
export type PreviewPairing = (t: Tournament, round: Round, system: string, controls: DirectorControls) => PairingPreview;
