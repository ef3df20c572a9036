/** The task pane pairs the European Go Congress McMahon by its rules too (the optimal system), and refuses the others. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseTournamentJson } from '../../src/formats/json';
import { deviationsOf, isPairingError } from '../../src/pairing/types';
import { sessionServices } from '../../taskpane/sessionServices';

const FILE = path.join(__dirname, '..', '..', 'examples', 'egc-congress-r8.json');

describe('the pane on a congress McMahon', () => {
  const parsed = parseTournamentJson(readFileSync(FILE, 'utf8'), FILE);
  if (!parsed.ok) throw new Error('example not read');
  const t = parsed.value;
  const s = sessionServices();

  it('previews round 9 with the forced pairings of Europeans', () => {
    const preview = s.previewPairing(t, 9, 'optimal', {});
    if (isPairingError(preview.pairing)) throw new Error(preview.pairing.message);
    expect(preview.pairing.system).toBe('optimal (EGC congress)');
    expect(deviationsOf(preview.pairing.report, 'egc-forced')).toHaveLength(1);
  });

  it('refuses Mays and OpenGotha for it, by name', () => {
    for (const system of ['mays', 'opengotha']) {
      const preview = s.previewPairing(t, 9, system, {});
      expect(isPairingError(preview.pairing) && preview.pairing.message).toMatch(new RegExp(`drawn by the optimal system.*the ${system} system does not`));
    }
  });
});
