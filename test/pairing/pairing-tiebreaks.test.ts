/**
 * A pairing tie-break order apart from the placement order (issue 11). EGC rules, The McMahon Tournament,
 * Pairings: "For only the purpose of creating reasonably fair pairings, SOS-2 is used as a tiebreaker."
 */
import { parseTournamentJson, writeTournamentJson } from '../../src/formats/json';
import type { PairingCriterion, Tournament } from '../../src/model/tournament';
import { buildHistory } from '../../src/pairing/history';
import { groupOrder } from '../../src/pairing/groupOrder';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { pairOptimal } from '../../src/systems/mcmahon/optimal';
import { isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { computeStandings } from '../../src/scoring/standings';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import type { InputError } from '../../src/model/errors';
import { jigos, pairsOf, player, tournament } from './fixtures';

/**
 * Section A (1–4, MMS 0) and B (5–8, MMS −2), everyone 5k; round 1 all jigo: 1–5, 2–3, 4–6, 7–8. Group A is then
 * 1, 2, 3, 4 at ½, with SOS −1½ (1, 4: met B players) and ½ (2, 3).
 */
function afterRound1(pairingTiebreaks?: readonly PairingCriterion[]): Tournament {
  const players = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => player(n, '5k', { section: n <= 4 ? 'A' : 'B' }));
  const sections = [
    { name: 'A', initialMms: 0 },
    { name: 'B', initialMms: -2 },
  ];
  const games = jigos(1, [
    [1, 5],
    [2, 3],
    [4, 6],
    [7, 8],
  ]);
  return tournament(players, { ruleset: 'aqjg', sections, ...(pairingTiebreaks ? { pairingTiebreaks } : {}) }, games);
}

function ok(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(result.message);
  return result;
}

describe('pairing tie-breakers (settings.pairingTiebreaks)', () => {
  it.each([
    ['optimal', (t: Tournament) => ok(pairOptimal(t, 2))],
    ['mays', (t: Tournament) => ok(pairMays(t, 2))],
  ])('%s: by ID, group A pairs 1–3, 2–4; by SOS first (2, 3, 1, 4) it pairs 1–2, 3–4', (_name, pair) => {
    const byId = pairsOf(pair(afterRound1()).games).filter((p) => !/[5-8]/.test(p));
    expect(byId.sort()).toEqual(['1–3', '2–4']);
    const bySos = pairsOf(pair(afterRound1(['sos'])).games).filter((p) => !/[5-8]/.test(p));
    expect(bySos.sort()).toEqual(['1–2', '3–4']);
  });

  it('orders by the values the standings give before the round, the larger first, then leaves ties equal', () => {
    const t = afterRound1();
    const h = buildHistory(t, 2);
    const order = groupOrder(h, ['sos2', 'sos']);
    const standings = computeStandings(t, { asOf: 1 });
    const sosOf = (id: number) => standings.entries.find((e) => e.player.id === id)!.values.sos;
    expect(sosOf(2).num / sosOf(2).den).toBeGreaterThan(sosOf(1).num / sosOf(1).den);
    expect(order(2 as never, 1 as never)).toBeLessThan(0);
    expect(order(1 as never, 4 as never)).toBe(0);
    expect(groupOrder(h, [])(2 as never, 1 as never)).toBe(0);
  });

  it('is kept by the JSON format and the Settings sheet; DC cannot order a score group', () => {
    const t = afterRound1(['sos2', 'sos']);
    const back = parseTournamentJson(writeTournamentJson(t), 'egc.json');
    expect(back.ok && back.value.settings.pairingTiebreaks).toEqual(['sos2', 'sos']);
    const bad = parseTournamentJson(writeTournamentJson(t).replace('"sos2"', '"dc"'), 'egc.json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ file: 'egc.json', where: expect.stringContaining('/settings/pairingTiebreaks') });

    const errors: InputError[] = [];
    const cells = settingsCells(t.settings);
    expect(cells.find((r) => r[0] === 'Pairing tie-breakers')?.[1]).toBe('sos2, sos');
    expect(readSettingsSheet(cells, errors).settings.pairingTiebreaks).toEqual(['sos2', 'sos']);
    expect(errors).toEqual([]);
    const wrong = cells.map((r) => (r[0] === 'Pairing tie-breakers' ? [r[0], 'sos2, oneonone'] : r));
    readSettingsSheet(wrong, errors);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/"oneonone" cannot order a score group/);
  });
});
