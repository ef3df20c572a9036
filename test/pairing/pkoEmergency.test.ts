/**
 * The PKO emergency rule (European Go Championship Tournament Rules, "The Preliminary Knockout Tournaments (PKO)",
 * General): "If players qualified for the league could not participate because of an emergency, then just after the
 * PKOs the smallest pairing number players with exactly 2 wins in a PKO are also qualified to make the league
 * complete again."
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import { pkoQualification } from '../../src/systems/knockout/pkoQualification';
import { cli } from '../support/cli';
import { knockoutField, playedKnockout } from '../support/knockouts';

const dir = mkdtempSync(path.join(tmpdir(), 'tengen-pko-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The first mentioned player (the lower number in rounds 1 and 2) wins every game: PKO I is won by 1 over 6, PKO II
// by 2 over 5, PKO III by 3 over 4. The three finals' losers have exactly 2 wins: 6, 5 and 4, in PKO order.
const pkos24 = () => playedKnockout(knockoutField(24, 'egc-pko-24'), 3);

describe('PKO emergency rule', () => {
  it('the smallest pairing numbers among the players with exactly 2 PKO wins fill the league, not the PKO order', () => {
    const q = pkoQualification(pkos24(), 2);
    if (!q.ok) throw new Error(q.errors.map((e) => e.message).join('; '));
    expect(q.value.qualified.map((w) => [w.label, w.player])).toEqual([['PKO I', 1], ['PKO II', 2], ['PKO III', 3]]);
    expect(q.value.twoWins).toEqual([4, 5, 6]);
    expect(q.value.emergency).toEqual([4, 5]);
    expect(q.value.unfilled).toBe(0);
  });

  it('more places than players with exactly 2 wins: the rest is said to stay open, nobody guessed', () => {
    const q = pkoQualification(pkos24(), 4);
    if (!q.ok) throw new Error('refused');
    expect(q.value.emergency).toEqual([4, 5, 6]);
    expect(q.value.unfilled).toBe(1);
  });

  it('an upset: a PKO winner with 3 wins never counts, a final loser with a free pairing number does', () => {
    // Round 3 table 1 (PKO I: 1 – 6) won by 6: 1 now has exactly 2 wins and the smallest number.
    const t = playedKnockout(knockoutField(24, 'egc-pko-24'), 3, (round, table) => round === 3 && table === 1);
    const q = pkoQualification(t, 1);
    if (!q.ok) throw new Error('refused');
    expect(q.value.qualified.map((w) => w.player)).toEqual([6, 2, 3]);
    expect(q.value.emergency).toEqual([1]);
  });

  it('before the PKOs are over it is refused, naming the PKO without a winner', () => {
    const q = pkoQualification(playedKnockout(knockoutField(24, 'egc-pko-24'), 2), 1);
    expect(q.ok).toBe(false);
    if (!q.ok) expect(q.errors[0].message).toMatch(/PKO I.*no winner yet/);
  });

  it('refused for a tournament that is no PKO', () => {
    const q = pkoQualification(playedKnockout(knockoutField(8, 'fold'), 3), 1);
    expect(q.ok).toBe(false);
    if (!q.ok) expect(q.errors[0].message).toMatch(/egc-pko-24 or egc-pko-32/);
  });

  it('the 32-player PKOs: the deciding games qualify, the PKO finals\' losers are the emergency qualifiers', () => {
    const q = pkoQualification(playedKnockout(knockoutField(32, 'egc-pko-32'), 4), 4);
    if (!q.ok) throw new Error(q.errors.map((e) => e.message).join('; '));
    expect(q.value.qualified.map((w) => w.player)).toEqual([1, 2]);
    // The PKO winners 3 and 4 lost a deciding game with 3 PKO wins: not "exactly 2".
    expect(q.value.twoWins.every((p) => ![1, 2, 3, 4].includes(p))).toBe(true);
    expect(q.value.twoWins).toHaveLength(4);
  });

  it('tengen pko --emergency N prints the qualifiers and cites the rule by title and section', async () => {
    const file = path.join(dir, 'pko.json');
    writeFileSync(file, writeTournamentJson(pkos24()));
    const text = await cli(['pko', file, '--emergency', '2']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('European Go Championship Tournament Rules, "The Preliminary Knockout Tournaments (PKO)", General');
    expect(text.out).toMatch(/Emergency qualifiers[^\n]*\n\s+1\. .*\(no\. 4\)\n\s+2\. .*\(no\. 5\)/);
    const json = await cli(['pko', file, '--emergency', '2', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ emergency: [4, 5], twoWins: [4, 5, 6], unfilled: 0 });
    const bad = await cli(['pko', file, '--emergency', 'x']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--emergency x');
  });
});
