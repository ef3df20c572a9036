/**
 * Mays' "Alternate Method of Pairing": "pair the adjacent players with each other (Player 1 with Player 2, Player 3
 * with Player 4, and so on)" — the `adjacent` seeding of `optimal`, and Mays' own alternative for `mays` via the CLI.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main';
import { writeTournamentJson } from '../../src/formats/json';
import type { Player } from '../../src/model/tournament';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { jigos, pairsOf, player, tournament } from './fixtures';

function paired(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(result.message);
  return result;
}

function section(from: number, to: number, r: string, name: string): Player[] {
  const out: Player[] = [];
  for (let n = from; n <= to; n++) out.push(player(n, r, { section: name }));
  return out;
}

const SECTIONS = { sections: [{ name: 'A', initialMms: 0 }, { name: 'B', initialMms: -2 }] };

describe('adjacent seeding', () => {
  it('optimal --seeding adjacent pairs 1–2, 3–4, 5–6, 7–8 in a group of eight (slip: 1–5 …)', () => {
    const t = tournament(section(1, 8, '3d', 'A'), SECTIONS);
    expect(pairsOf(paired(pairOptimal(t, 1, { seeding: 'adjacent' })).games)).toEqual(['1–2', '3–4', '5–6', '7–8']);
    expect(pairsOf(paired(pairOptimal(t, 1)).games)).toEqual(['1–5', '2–6', '3–7', '4–8']);
    expect(paired(pairOptimal(t, 1, { seeding: 'adjacent' })).seeding).toEqual({ method: 'adjacent' });
  });

  it('optimal adjacent: a repeat sends the topmost card to the next he has not met, the rest stay adjacent', () => {
    const t = tournament(section(1, 8, '3d', 'A'), SECTIONS, jigos(1, [[1, 2], [3, 5], [4, 6], [7, 8]]));
    // Nigiri: colour balance is no concern, so only the seeding chooses among the pairings without a repeat.
    const p = paired(pairOptimal(t, 2, { seeding: 'adjacent', colours: { nigiri: true } }));
    expect(pairsOf(p.games)).toEqual(['1–3', '2–4', '5–7', '6–8']);
  });

  it('an odd group: the odd card goes to the next section, the others adjacent', () => {
    const t = tournament([...section(1, 5, '2d', 'A'), ...section(6, 9, '1d', 'B')], SECTIONS);
    // Mays: "takes the weakest player from the column … and pairs him with the strongest player from Section 2".
    expect(pairsOf(paired(pairOptimal(t, 1, { seeding: 'adjacent' })).games)).toEqual(['1–2', '3–4', '5–6', '7–8']);
  });

  it('tengen pair --system mays --seeding adjacent is Mays\' alternate method; --system optimal --seeding adjacent too', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tengen-adjacent-'));
    const file = path.join(dir, 't.json');
    writeFileSync(file, writeTournamentJson(tournament(section(1, 8, '3d', 'A'), { ...SECTIONS, rounds: 3 })));
    for (const system of ['mays', 'optimal']) {
      let out = '';
      let err = '';
      const code = await main(['pair', file, '--round', '1', '--system', system, '--seeding', 'adjacent', '--json'], { out: (s) => (out += s), err: (s) => (err += s) });
      expect(err).toBe('');
      expect(code).toBe(0);
      const json = JSON.parse(out) as { games: { white: number; black: number }[] };
      expect(pairsOf(json.games as never)).toEqual(['1–2', '3–4', '5–6', '7–8']);
    }
  });
});
