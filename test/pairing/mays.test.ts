/**
 * Mays' paper method against the manual's own examples (seeds/mays-swiss-mcmahon-manual.txt, "Doing the Pairings",
 * "Who Should Get a Bye?", Appendix D).
 */
import { applyPairing, pairingProblems } from '../../src/pairing/apply';
import { pairMays } from '../../src/systems/mcmahon/mays';
import { admitLatecomer } from '../../src/pairing/numbering';
import { deviationsOf, isPairingError, type PairingResult, type RoundPairing } from '../../src/pairing/types';
import { game, id, jigos, pairsOf, player, rank, tournament, withResults } from './fixtures';
import type { Player } from '../../src/model/tournament';

function paired(result: PairingResult): RoundPairing {
  if (isPairingError(result)) throw new Error(`unexpected pairing error: ${result.message}`);
  return result;
}

function section(from: number, to: number, r: string, name: string, extra: Partial<Player> = {}): Player[] {
  const out: Player[] = [];
  for (let n = from; n <= to; n++) out.push(player(n, r, { section: name, ...extra }));
  return out;
}

const SECTIONS = { sections: [{ name: 'A', initialMms: 0 }, { name: 'B', initialMms: -2 }, { name: 'C', initialMms: -4 }] };

describe('Mays: top half against bottom half', () => {
  it('an 8-player section pairs 1–5, 2–6, 3–7, 4–8, the left column (lower ID) White', () => {
    const t = tournament(section(1, 8, '3d', 'A'), SECTIONS);
    const p = paired(pairMays(t, 1));
    expect(pairsOf(p.games)).toEqual(['1–5', '2–6', '3–7', '4–8']);
    expect(p.games.map((g) => [g.table, g.white, g.black, g.handicap])).toEqual([
      [1, 1, 5, 0],
      [2, 2, 6, 0],
      [3, 3, 7, 0],
      [4, 4, 8, 0],
    ]);
    expect(p.bye).toBeNull();
    expect(pairingProblems(t, p)).toEqual([]);
    expect(p.report.filter((l) => l.kind === 'pair')).toHaveLength(4);
    expect(p.report.filter((l) => l.kind !== 'pair')).toEqual([]);
  });

  it('an odd ninth player meets the strongest of the next section ("Player 9 … with Player 10")', () => {
    const t = tournament([...section(1, 9, '2d', 'A'), ...section(10, 18, '1d', 'B')], SECTIONS);
    const p = paired(pairMays(t, 1));
    expect(pairsOf(p.games)).toEqual(['1–5', '2–6', '3–7', '4–8', '9–10', '11–15', '12–16', '13–17', '14–18']);
    const cross = deviationsOf(p.report, 'cross-group');
    expect(cross).toHaveLength(1);
    expect(cross[0]).toMatchObject({ players: [9, 10], table: 5 });
    expect(cross[0].message).toMatch(/odd player/);
    expect(p.games[4]).toMatchObject({ white: 9, black: 10, handicap: 0 });
  });

  it('adjacent cards when asked ("Alternate Method of Pairing"; the Round 6 shortcut)', () => {
    const t = tournament(section(1, 8, '3d', 'A'), SECTIONS, jigos(1, [[1, 2], [3, 5], [4, 6], [7, 8]]));
    const p = paired(pairMays(t, 2, { adjacentFromRound: 2 }));
    // 1 has met 2, so goes down to 3; 2 takes 4; 5 passes over 6, since 7 and 8 have met and must not be left together.
    expect(pairingProblems(t, p)).toEqual([]);
    expect(pairsOf(p.games)).toEqual(['1–3', '2–4', '5–7', '6–8']);
    expect(pairsOf(paired(pairMays(t, 2)).games)).toEqual(['1–5', '2–6', '3–7', '4–8']);
  });

  it('numbers the tables from the top score down', () => {
    // After round 1 the winners (MMS 1) are paired first, whatever their IDs.
    const players = section(1, 4, '3d', 'A');
    const t = tournament(players, SECTIONS, [game(1, 3, 1), game(1, 4, 2)]);
    const p = paired(pairMays(t, 2));
    expect(pairsOf(p.games)).toEqual(['3–4', '1–2']);
  });
});

describe('Mays: the four considerations', () => {
  it('a repeat is avoided by switching cards in the right column ("switch Player 5 with Player 6")', () => {
    const t = tournament(section(1, 8, '3d', 'A'), SECTIONS, jigos(1, [[1, 5], [2, 3], [4, 6], [7, 8]]));
    const p = paired(pairMays(t, 2));
    expect(pairsOf(p.games)).toEqual(['1–6', '2–5', '3–7', '4–8']);
    const switches = deviationsOf(p.report, 'switch');
    expect(switches.map((l) => l.message)).toEqual([
      '1–6 instead of 1–5: 1 and 5 met in round 1',
      '2–5 instead of 2–6: a consequence of the switches above',
    ]);
  });

  it('when 5 and 6 both fail, tries 5 with 7 ("if this doesn\'t work, try Player 5 with Player 7")', () => {
    const t = tournament(section(1, 8, '3d', 'A'), SECTIONS, [
      ...jigos(1, [[1, 5], [2, 3], [4, 7], [6, 8]]),
      ...jigos(2, [[1, 6], [2, 4], [3, 8], [5, 7]]),
    ]);
    const p = paired(pairMays(t, 3));
    // 1 has met 5 and 6: 5 is switched with 7, so 1–7, 2–6, 3–5, 4–8.
    expect(pairsOf(p.games)).toEqual(['1–7', '2–6', '3–5', '4–8']);
    expect(pairingProblems(t, p)).toEqual([]);
  });

  it('same-city players are separated by a switch when possible, and reported when not', () => {
    const t = tournament(
      [
        player(1, '3d', { city: 'Montréal' }),
        player(2, '3d', { city: 'Québec' }),
        player(3, '3d', { city: 'montréal ' }),
        player(4, '3d', { city: 'Ottawa' }),
      ],
      SECTIONS,
    );
    const p = paired(pairMays(t, 1));
    expect(pairsOf(p.games)).toEqual(['1–4', '2–3']);
    expect(p.report.find((l) => l.kind === 'switch')?.message).toBe('1–4 instead of 1–3: 1 and 3 are both from Montréal');

    const allLocal = tournament([1, 2, 3, 4].map((n) => player(n, '3d', { city: 'Montréal' })));
    const q = paired(pairMays(allLocal, 1));
    expect(pairsOf(q.games)).toEqual(['1–3', '2–4']);
    expect(deviationsOf(q.report, 'same-city')).toHaveLength(2);
  });

  it('relatives are kept apart like same-city players', () => {
    const t = tournament(section(1, 4, '3d', 'A'), SECTIONS);
    const p = paired(pairMays(t, 1, { relatives: [[id(2), id(4)]] }));
    expect(pairsOf(p.games)).toEqual(['1–4', '2–3']);
  });

  it('colours: the player with more whites is switched to Black, even if one rank stronger', () => {
    // Consideration No. 3: "one player (Player A, who is placed on the left side of the pairing) has had white
    // twice but his opponent (Player B …) has had white only once".
    const t = tournament(
      [player(1, '4d'), player(2, '3d'), player(3, '3d'), player(4, '3d')].map((p) => ({ ...p, section: 'A' })),
      { sections: [{ name: 'A', initialMms: 0 }] },
      [game(1, 1, 3), game(1, 2, 4), game(2, 1, 4), { ...game(2, 3, 2), result: 'black-wins' }],
    );
    const p = paired(pairMays(t, 3));
    const top = p.games[0];
    expect(pairsOf([top])).toEqual(['1–2']);
    expect(top).toMatchObject({ white: 2, black: 1, handicap: 0 });
    const line = p.report.find((l) => l.kind === 'pair' && l.table === 1);
    expect(line && 'colours' in line ? line.colours : '').toMatch(/switched/);
  });

  it('handicap − 1: 17k–15k gets 1 stone (no komi), 17k–14k gets 2, the stronger White', () => {
    const a = paired(pairMays(tournament([player(1, '15k'), player(2, '17k')]), 1));
    expect(a.games).toEqual([{ table: 1, white: 1, black: 2, handicap: 1, colourKnown: true }]);
    expect(a.report[0].message).toMatch(/no komi/);
    const b = paired(pairMays(tournament([player(1, '14k'), player(2, '17k')]), 1));
    expect(b.games).toEqual([{ table: 1, white: 1, black: 2, handicap: 2, colourKnown: true }]);
  });

  it('nigiri leaves the colours of even games unknown, never of handicap games', () => {
    const t = tournament([player(1, '3d'), player(2, '3d'), player(3, '10k'), player(4, '14k')]);
    const p = paired(pairMays(t, 1, { colours: { nigiri: true } }));
    expect(p.games.map((g) => [g.handicap, g.colourKnown])).toEqual([
      [0, false],
      [3, true],
    ]);
  });
});

describe('Mays: the bye', () => {
  const host = (n: number, r: string, city: string) => player(n, r, { city });

  it('round 1: the weakest player of the host city, never one from out of town', () => {
    const t = tournament(
      [host(1, '2d', 'Montréal'), host(2, '1k', 'Montréal'), host(3, '5k', 'Montréal'), host(4, '8k', 'Toronto'), host(5, '12k', 'Ottawa')],
      { hostCity: 'Montréal' },
    );
    const p = paired(pairMays(t, 1));
    expect(p.bye).toBe(3);
    const line = p.report.find((l) => l.kind === 'bye');
    expect(line?.message).toMatch(/host city \(Montréal\)/);
    expect(line && 'rule' in line ? line.rule : '').toMatch(/Who Should Get a Bye/);
    expect(pairingProblems(t, p)).toEqual([]);
  });

  it('a club named after the host city counts as local', () => {
    const t = tournament([player(1, '2d'), player(2, '5k', { club: 'Montréal' }), player(3, '12k', { club: 'Paris' })], { hostCity: 'Montréal' });
    expect(paired(pairMays(t, 1)).bye).toBe(2);
  });

  it('later: the weakest of those who lost the most games, and never a second bye while avoidable', () => {
    const players = [player(1, '3d'), player(2, '3d'), player(3, '2d'), player(4, '1d'), player(5, '5k')];
    // Round 1: bye to 5; 1 beats 3, 2 beats 4. Round 2: bye to 4; 5 beats 1?, no — 1 beats 5, 2 beats 3.
    const t = tournament(players, { rounds: 4 }, [game(1, 1, 3), game(1, 2, 4), game(2, 1, 5), game(2, 2, 3)], [
      { round: 1, player: id(5) },
      { round: 2, player: id(4) },
    ]);
    // Losses: 3 two, 4 one, 5 one — 3 has lost most and had no bye.
    const p = paired(pairMays(t, 3));
    expect(p.bye).toBe(3);
    // Round 4: 3, 4 and 5 have all had a bye; 1 and 2 have not and have lost at most once — still one of them gets
    // it before anyone has a second one.
    const t4 = withResults(applyPairing(t, p), 3, () => 'white');
    const q = paired(pairMays(t4, 4));
    expect([1, 2]).toContain(q.bye);
    expect(q.report.some((l) => l.kind === 'second-bye')).toBe(false);
  });

  it('passes over a qualified player when his bye would leave the others unpairable, and says why', () => {
    // 1 and 2 have met; 3 lost and is the weakest — but with 3 out, 1 and 2 would have to meet again.
    const t = tournament([player(1, '3d'), player(2, '3d'), player(3, '10k')], { rounds: 3 }, [game(1, 1, 2)], [{ round: 1, player: id(3) }]);
    const p = paired(pairMays(t, 2));
    expect(p.bye).toBe(2);
    expect(pairsOf(p.games)).toEqual(['1–3']);
    // Now nobody has lost or had a bye: 3, the weakest, qualifies first, but without him 1 and 2 would meet again.
    const t2 = tournament([player(1, '3d'), player(2, '3d'), player(3, '10k', { absentRounds: [1] })], { rounds: 3 }, [game(1, 1, 2, 'jigo')]);
    const q = paired(pairMays(t2, 2));
    expect(q.bye).toBe(2);
    expect(pairsOf(q.games)).toEqual(['1–3']);
    const passed = deviationsOf(q.report, 'bye-passed-over');
    expect(passed.map((l) => l.players)).toEqual([[3]]);
    expect(passed[0].message).toMatch(/without a repeat/);
  });

  it('OpenGotha\'s rule: the lightest 1000 × byes + rank + 2 × MMS', () => {
    const t = tournament([player(1, '3d'), player(2, '1k'), player(3, '2k')], { rounds: 3, hostCity: 'Nowhere' });
    const p = paired(pairMays(t, 1, { byeMethod: 'opengotha' }));
    expect(p.bye).toBe(3);
    expect(p.report.find((l) => l.kind === 'bye')?.message).toMatch(/weight/);
  });
});

describe('Mays: score groups and the cardinal rules', () => {
  it('players leave their score group only when the groups cannot otherwise be paired (Cardinal Rule No. 3)', () => {
    // Before round 3: 1–4 at MMS 1, 1 has met 2 and 3, 4 has met 3 and 2; 5 and 6 at MMS −1 have met each other.
    const t = tournament(
      [...section(1, 4, '3d', 'A'), ...section(5, 6, '1k', 'B')],
      { sections: [{ name: 'A', initialMms: 0 }, { name: 'B', initialMms: -2 }] },
      [game(1, 1, 2, 'jigo'), game(1, 3, 4, 'jigo'), game(2, 1, 3, 'jigo'), game(2, 2, 4, 'jigo'), game(1, 5, 6), game(2, 5, 6, 'black-wins')],
    );
    const p = paired(pairMays(t, 3));
    expect(pairingProblems(t, p)).toEqual([]);
    expect(pairsOf(p.games)).toEqual(['2–3', '1–5', '4–6']);
    const cross = deviationsOf(p.report, 'cross-group');
    expect(cross.map((l) => l.players)).toEqual([[1, 5], [4, 6]]);
    expect(cross[0].message).toMatch(/groups below/);
  });

  it('a player who has met everyone of his score group meets the next group (Condition No. 2)', () => {
    // Before round 3, 1, 2, 3 are at MMS 1 and 1 has met 2 and 3; 4, 5, 6 are at MMS −1.
    const t = tournament(
      [...section(1, 3, '3d', 'A'), ...section(4, 6, '1k', 'B')],
      SECTIONS,
      [game(1, 1, 2, 'jigo'), game(1, 3, 4, 'jigo'), game(1, 5, 6, 'jigo'), game(2, 1, 3, 'jigo'), game(2, 2, 5, 'jigo'), game(2, 4, 6, 'jigo')],
    );
    const p = paired(pairMays(t, 3));
    expect(pairingProblems(t, p)).toEqual([]);
    expect(pairsOf(p.games)).toEqual(['2–3', '1–6', '4–5']);
    const cross = deviationsOf(p.report, 'cross-group');
    expect(cross.map((l) => l.players)).toEqual([[1, 6]]);
    expect(cross[0].message).toMatch(/has met every other player of his score group/);
    expect(cross[0].rule).toMatch(/Condition No. 2/);
  });

  it('everyone has met everyone: a clear PairingError, no partial draw', () => {
    const t = tournament([player(1, '3d'), player(2, '3d'), player(3, '3d'), player(4, '3d')], { rounds: 4 }, [
      game(1, 1, 2),
      game(1, 3, 4),
      game(2, 1, 3),
      game(2, 2, 4),
      game(3, 1, 4),
      game(3, 2, 3),
    ]);
    const r = pairMays(t, 4);
    expect(isPairingError(r)).toBe(true);
    if (!isPairingError(r)) return;
    expect(r.code).toBe('no-pairing');
    expect(r.message).toMatch(/already met everyone present/);
    expect(r.message).toMatch(/Cardinal Rule No. 2/);
    expect([...(r.players ?? [])].sort()).toEqual([1, 2, 3, 4]);
  });

  it('when pairs remain but no complete pairing, names the players who would be left over', () => {
    // 1, 2, 3 have each met 4, 5, 6: two triangles of three, so one player of each would be left over.
    const t = tournament([1, 2, 3, 4, 5, 6].map((n) => player(n, '3d')), { rounds: 4 }, [
      game(1, 1, 4), game(1, 2, 5), game(1, 3, 6),
      game(2, 1, 5), game(2, 2, 6), game(2, 3, 4),
      game(3, 1, 6), game(3, 2, 4), game(3, 3, 5),
    ]);
    const r = pairMays(t, 4);
    expect(isPairingError(r)).toBe(true);
    if (!isPairingError(r)) return;
    expect(r.code).toBe('no-pairing');
    expect(r.message).toMatch(/at best 2 players .* would be left over/);
    expect(r.players).toHaveLength(2);
  });

  it('a latecomer starts with ½ per missed round (aqjg) and joins that score group', () => {
    const base = tournament(section(1, 4, '3d', 'A'), { ...SECTIONS, rounds: 4 }, [game(1, 1, 3), game(1, 2, 4), game(2, 1, 2), game(2, 3, 4, 'jigo')]);
    const late = admitLatecomer(base, { family: 'Late', given: 'Comer', rank: rank('3d'), section: 'A' }, 3);
    expect(late.id).toBe(5);
    const p = paired(pairMays(late.tournament, 3));
    expect(pairingProblems(late.tournament, p)).toEqual([]);
    // MMS before round 3: 1 → 2, 2 → 1, 3 → ½, 4 → ½, latecomer 5 → 1 (two missed rounds × ½).
    const line = p.report.find((l) => l.kind === 'pair' && (l.white === 5 || l.black === 5));
    expect(line && line.kind === 'pair' ? (line.white === 5 ? line.whiteScoreHalves : line.blackScoreHalves) : null).toBe(2);
  });
});

describe("Mays: the director's controls", () => {
  const t = tournament(section(1, 8, '3d', 'A'), SECTIONS);

  it('forced pairs are kept and reported; the rest is paired by the method', () => {
    const p = paired(pairMays(t, 1, { forcedPairs: [[id(1), id(2)]] }));
    expect(pairsOf(p.games)).toContain('1–2');
    expect(pairingProblems(t, p)).toEqual([]);
    expect(p.report.some((l) => l.kind === 'forced')).toBe(true);
  });

  it('forbidden pairs are avoided like repeats', () => {
    const p = paired(pairMays(t, 1, { forbiddenPairs: [[id(1), id(5)]] }));
    expect(pairsOf(p.games)).toEqual(['1–6', '2–5', '3–7', '4–8']);
  });

  it('contradictory controls are a PairingError', () => {
    const both = pairMays(t, 1, { forcedPairs: [[id(1), id(2)]], forbiddenPairs: [[id(2), id(1)]] });
    expect(isPairingError(both) && both.code).toBe('contradictory-controls');
    const twice = pairMays(t, 1, { forcedPairs: [[id(1), id(2)], [id(2), id(3)]] });
    expect(isPairingError(twice) && twice.code).toBe('contradictory-controls');
    const stranger = pairMays(t, 1, { forcedPairs: [[id(1), id(99)]] });
    expect(isPairingError(stranger) && stranger.code).toBe('unknown-player');
    const evenBye = pairMays(t, 1, { bye: id(8) });
    expect(isPairingError(evenBye) && evenBye.code).toBe('contradictory-controls');
  });

  it('refuses a round already paired, a round out of range, and rounds after pending results', () => {
    const once = applyPairing(t, paired(pairMays(t, 1)));
    expect((pairMays(once, 1) as { code: string }).code).toBe('round-already-paired');
    expect((pairMays(once, 2) as { code: string }).code).toBe('results-pending');
    expect(isPairingError(pairMays(once, 2, { allowPendingResults: true }))).toBe(false);
    expect((pairMays(t, 7) as { code: string }).code).toBe('bad-round');
  });
});
