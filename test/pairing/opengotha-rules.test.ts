/**
 * The released OpenGotha 3.51.02 and the corrected (modified) engine differ in four rules (corpus README,
 * "opengotha-released"; docs/opengotha-rules.md): the geographic cost above the thresholds, the draw-up/draw-down
 * guard, who counts in a score group and the Swiss bye; and the released engine cuts fields of more than 600 players
 * into chunks of 200–600 (corrected: 100–300). Each rule, both ways, on a small field.
 */
import type { Tournament } from '../../src/model/tournament';
import { openGothaByeOrder } from '../../src/systems/opengotha/bye';
import { pairingGroups, prepareOpenGothaRound, type OpenGothaOptions } from '../../src/systems/opengotha/pair';
import { readOpenGothaParameters } from '../../src/systems/opengotha/parameters';
import { buildRoundState, type OpenGothaRules } from '../../src/systems/opengotha/scoredPlayers';
import { drawUpDownTerm, geographyTerm } from '../../src/systems/opengotha/weights';
import { isPairingError } from '../../src/pairing/types';
import { game, id, openGothaTournament as og, player } from './fixtures';

function stateOf(t: Tournament, round: number, rules: OpenGothaRules) {
  const read = readOpenGothaParameters(t);
  if (!read.ok) throw new Error(read.problems.join('; '));
  const state = buildRoundState(t, round, read.parameters, rules);
  return { state, p: (n: number) => state.byId.get(id(n))! };
}

function prepared(t: Tournament, round: number, options: OpenGothaOptions) {
  const r = prepareOpenGothaRound(t, round, options);
  if (isPairingError(r)) throw new Error(r.message);
  return r;
}

describe('the released OpenGotha and the corrected engine', () => {
  it('geography: the released engine gives every pair the nominal cost, whatever the thresholds', () => {
    // 2d and 3d are above the rank threshold (1d): corrected gives them the whole 10^11 (secCase 2), the released
    // engine the nominal cost of a same-club pair (paiSePreferMMSDiffRatherThanSameClub … make geoRatio 0: 10^11 −
    // 10^11 = 0).
    const players = [player(1, '2d', { club: 'A' }), player(2, '3d', { club: 'A' }), player(3, '5k', { club: 'A' })];
    const t = og(players, { paiSeAvoidSameGeo: '100000000000' });
    const released = stateOf(t, 1, 'released');
    const corrected = stateOf(t, 1, 'corrected');
    expect(geographyTerm(corrected.state, corrected.p(1), corrected.p(2))).toBe(100000000000);
    expect(geographyTerm(released.state, released.p(1), released.p(2))).toBe(geographyTerm(released.state, released.p(3), released.p(3)));
    expect(geographyTerm(released.state, released.p(1), released.p(3))).toBe(geographyTerm(released.state, released.p(3), released.p(3)));
  });

  it('draw-up/draw-down: the released engine weighs it only between groups less than 4 apart', () => {
    // 1d (MMS 30, group 2) and 5k (25, group 7) are 5 groups apart; 1d and 3k (27, group 5) 3 apart.
    const t = og([player(1, '1d'), player(2, '5k'), player(3, '3k')]);
    const released = stateOf(t, 1, 'released');
    const corrected = stateOf(t, 1, 'corrected');
    expect(drawUpDownTerm(corrected.state, corrected.p(1), corrected.p(2))).toBe(40000000);
    expect(drawUpDownTerm(released.state, released.p(1), released.p(2))).toBe(0);
    expect(drawUpDownTerm(released.state, released.p(1), released.p(3))).toBe(40000000);
  });

  it('score groups: the released engine counts absent and pre-registered players in them', () => {
    const players = [player(1, '1k'), player(2, '1k'), player(3, '1k', { absentRounds: [1] }), player(4, '1k', { extra: { registeringStatus: 'PRE' } })];
    const t = og(players);
    expect(stateOf(t, 1, 'released').state.info.get(id(1))!.groupSize).toBe(4);
    expect(stateOf(t, 1, 'corrected').state.info.get(id(1))!.groupSize).toBe(2);
  });

  it('Swiss bye: released weighs rank + 2 × MMS, corrected rank + 40 × wins (each + 1000 per earlier bye)', () => {
    // Round 1: 1 (10k) beat 2 (5k); 3 had the bye. Released: 1 weighs −10 + 2 × 21 = 32, 2 weighs −5 + 2 × 25 = 45:
    // the bye goes to 1. Corrected: 1 weighs −10 + 40 = 30, 2 weighs −5: the bye goes to 2.
    const t = og([player(1, '10k'), player(2, '5k'), player(3, '1d')], {}, [game(1, 1, 2)], [{ round: 1, player: id(3) }], 'swiss');
    const released = stateOf(t, 2, 'released');
    const corrected = stateOf(t, 2, 'corrected');
    const order = (s: typeof released) => openGothaByeOrder(s.state, s.state.scored).map((c) => [c.player.id, c.weight]);
    expect(order(released).slice(0, 2)).toEqual([[id(1), 32], [id(2), 45]]);
    expect(order(corrected).slice(0, 2)).toEqual([[id(2), -5], [id(1), 30]]);
    expect(prepared(t, 2, {}).bye!.id).toBe(id(1));
    expect(prepared(t, 2, { rules: 'corrected' }).bye!.id).toBe(id(2));
  });

  it("chunks: the released engine's are 200–600 players, paired whole unless --opengotha-chunks asks for them", () => {
    // 250 players at 5k and 450 at 10k: the top 250 (even, ≥ 200) make the first chunk, the 450 left (≤ 600) the last.
    const players = [...Array.from({ length: 250 }, (_, i) => player(i + 1, '5k')), ...Array.from({ length: 450 }, (_, i) => player(i + 251, '10k'))];
    const r = prepared(og(players), 1, {});
    expect(pairingGroups(r.state, r.field).map((g) => g.length)).toEqual([250, 450]);
    const c = prepared(og(players), 1, { rules: 'corrected' });
    expect(pairingGroups(c.state, c.field).map((g) => g.length)).toEqual([250, 300, 150]);
  });
});
