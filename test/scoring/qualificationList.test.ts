/**
 * The combined qualification list for international tournaments (European Go Championship Tournament Rules,
 * "Miscellaneous"): "When the results of the European Go Championship are used to qualify players for international
 * tournaments, then firstly come the players of the league and league knockout playoff in order of their final
 * places, ties being dissolved by rating just before the start of the European Go Congress, then lottery, secondly
 * the top placed Europeans of the McMahon tournament. When players do not accept a qualification; the next players in
 * order become the substitutes."
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeTournamentJson } from '../../src/formats/json';
import type { Game, GameResult, Player, PlayoffGame, Tournament } from '../../src/model/tournament';
import { lot } from '../../src/scoring/lottery';
import { qualificationList } from '../../src/systems/egc/qualificationList';
import { roundRobinTable } from '../../src/systems/round-robin/roundRobin';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { QUALIFICATION_SHEET } from '../../src/workbook/sheets/qualificationSheet';
import { cli } from '../support/cli';
import { game, id, player, tournament } from '../pairing/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'tengen-qualification-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NAMES = ['Ashford', 'Bianchi', 'Czerny', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat', 'Ivanov', 'Jansen'];

/** The 10-player league where the lower number wins every game except that 10 beats 1; 2 beat 1 in the playoff. */
function league(ratings: Record<number, number> = {}, playoffs: PlayoffGame[] = [{ place: 1, round: 1, white: id(2), black: id(1), handicap: 0, colourKnown: false, result: 'white-wins' }]): Tournament {
  const beats = (a: number, b: number) => (a === 10 && b === 1) || (a < b && !(a === 1 && b === 10));
  const games: Game[] = [];
  for (let round = 1; round < 10; round++) {
    roundRobinTable(10, round, 'egc').pairs.forEach(([b, w], i) => {
      const result: GameResult = beats(w, b) ? 'white-wins' : 'black-wins';
      games.push({ round, table: i + 1, white: id(w), black: id(b), handicap: 0, result });
    });
  }
  const players = NAMES.map((family, i) => player(i + 1, '6d', { family, given: 'Anna', pairingNumber: i + 1, country: 'DE', ...(ratings[i + 1] ? { rating: ratings[i + 1] } : {}) }));
  return { ...tournament(players, { system: 'round-robin', schedule: 'egc', rounds: 9, ruleset: 'egf', lotterySeed: 3 }, games), name: 'League', playoffs };
}

/**
 * A 2-round congress McMahon (tests/scoring/europeanChampion's field): its qualification order of Europeans is 2, 3,
 * 6, then 5 (missed a round). Player 3 is the league's Eriksen (the same EGD PIN): he is in the list once.
 */
function congress(): Tournament {
  const ps: Player[] = [
    player(1, '7d', { family: 'Kim', given: 'Min', country: 'KR', initialMms: 5 }),
    player(2, '7d', { family: 'Müller', given: 'Jan', country: 'DE', initialMms: 5 }),
    player(3, '6d', { family: 'Eriksen', given: 'Anna', country: 'DE', initialMms: 4, rating: 2450, egdPin: '15000005' }),
    player(4, '6d', { family: 'Sato', given: 'Ken', country: 'JP', initialMms: 4 }),
    player(5, '7d', { family: 'Weber', given: 'Eva', country: 'DE', initialMms: 5, absentRounds: [2], rating: 2700 }),
    player(6, '6d', { family: 'Nowak', given: 'Piotr', country: 'PL', initialMms: 4, rating: 2400 }),
  ];
  const games = [game(1, 1, 2), game(1, 3, 4), game(1, 5, 6), game(2, 2, 3), game(2, 4, 1)];
  return { ...tournament(ps, { rounds: 2, ruleset: 'egf', egc: true, lotterySeed: 7 }, games, [{ round: 2, player: 6 as never }]), name: 'Congress' };
}

const withPin = (t: Tournament) => ({ ...t, players: t.players.map((p) => (p.family === 'Eriksen' ? { ...p, egdPin: '15000005' } : p)) });

describe('the combined qualification list', () => {
  it('league final places first (9th shared: the higher rating first), then the McMahon Europeans not in the league', () => {
    const q = qualificationList(withPin(league({ 9: 2300, 10: 2400 })), congress());
    if (!q.ok) throw new Error(q.errors.map((e) => e.message).join('; '));
    expect(q.value.entries.map((e) => [e.position, e.from, e.player.family, e.place])).toEqual([
      [1, 'league', 'Bianchi', 1],
      [2, 'league', 'Ashford', 2],
      [3, 'league', 'Czerny', 3],
      [4, 'league', 'Dubois', 4],
      [5, 'league', 'Eriksen', 5],
      [6, 'league', 'Fischer', 6],
      [7, 'league', 'Garcia', 7],
      [8, 'league', 'Horvat', 8],
      [9, 'league', 'Jansen', 9],
      [10, 'league', 'Ivanov', 9],
      [11, 'mcmahon', 'Müller', 1],
      [12, 'mcmahon', 'Nowak', 3],
      [13, 'mcmahon', 'Weber', 4],
    ]);
    expect(q.value.entries[9].why).toMatch(/rating 2300/);
    expect(q.value.provisional).toBe(false);
  });

  it('equal ratings: the lottery of the league\'s recorded seed (3)', () => {
    const q = qualificationList(league({ 9: 2300, 10: 2300 }), congress());
    if (!q.ok) throw new Error('refused');
    const first = lot(3, 9) < lot(3, 10) ? 'Ivanov' : 'Jansen';
    expect(q.value.entries[8].player.family).toBe(first);
    expect(q.value.entries[8].why).toMatch(/lottery/);
  });

  it('refused while the league\'s playoff is not over, naming it; and for a congress that is not the European one', () => {
    const open = qualificationList(league({}, []), congress());
    expect(open.ok).toBe(false);
    if (!open.ok) expect(open.errors[0].message).toMatch(/playoff.*not over|knockout for place 1/);
    const plain = qualificationList(league(), { ...congress(), settings: { ...congress().settings, egc: false } });
    expect(plain.ok).toBe(false);
    if (!plain.ok) expect(plain.errors[0].message).toMatch(/"egc": true/);
  });

  it('tengen qualification LEAGUE CONGRESS: the list, the rule by title and section; --out writes the Qualification sheet', async () => {
    const l = path.join(dir, 'league.json');
    const c = path.join(dir, 'congress.json');
    writeFileSync(l, writeTournamentJson(withPin(league({ 9: 2300, 10: 2400 }))));
    writeFileSync(c, writeTournamentJson(congress()));
    const text = await cli(['qualification', l, c]);
    expect(text.err).toBe('');
    expect(text.out).toContain('European Go Championship Tournament Rules, "Miscellaneous"');
    expect(text.out).toMatch(/ 1\. .*Bianchi.*league place 1/);
    expect(text.out).toMatch(/11\. .*Müller.*McMahon/);
    const json = JSON.parse((await cli(['qualification', l, c, '--json'])).out);
    expect(json.entries.map((e: { from: string }) => e.from).slice(9, 11)).toEqual(['league', 'mcmahon']);
    const out = path.join(dir, 'list.xlsx');
    const written = await cli(['qualification', l, c, '--out', out]);
    expect(written.err).toBe('');
    const { readFileSync } = await import('node:fs');
    const wb = await XlsxWorkbook.open(readFileSync(out));
    const sheet = (await wb.readSheet(QUALIFICATION_SHEET))!;
    const rows = sheet.filter((r) => typeof r[0] === 'number');
    expect(rows.map((r) => r[2])).toEqual(json.entries.map((e: { name: string }) => e.name));
    const again = await cli(['qualification', l, c, '--out', out]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists.*--overwrite/);
  });
});
