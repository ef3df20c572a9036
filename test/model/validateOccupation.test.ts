/**
 * What occupies a player in a round, said when he is given a second thing that round (src/model/validate.ts): the
 * game or bye first met, and the one after it, in the order the tournament lists them; and the texts checked for
 * control characters and non-characters, plain ones (printable ASCII) told at once (issue 28).
 */
import { validateTournament } from '../../src/model/validate';
import type { PlayerId, Tournament } from '../../src/model/tournament';

const id = (n: number) => n as PlayerId;

function tournament(over: Partial<Tournament>): Tournament {
  return {
    name: 'T',
    settings: { system: 'mcmahon', rounds: 2 },
    players: [1, 2, 3].map((n) => ({ id: id(n), family: `F${n}`, given: `G${n}`, rank: '1d' })),
    games: [],
    byes: [],
    ...over,
  } as unknown as Tournament;
}

const messages = (t: Tournament) => validateTournament(t, { game: (i) => ({ where: `game ${i}` }), bye: (i) => ({ where: `bye ${i}` }) }).map((e) => `${e.where}: ${e.player}: ${e.message}`);

describe('a player given two things in one round', () => {
  test('a game, then another game', () => {
    const games = [
      { round: 1, white: id(1), black: id(2), handicap: 0, result: 'unknown' },
      { round: 1, white: id(3), black: id(1), handicap: 0, result: 'unknown' },
    ];
    expect(messages(tournament({ games } as unknown as Partial<Tournament>))).toEqual(['game 1: 1 (F1, G1): a game against 3 (F3, G3) in round 1, but he already has a game against 2 (F2, G2) in that round']);
  });

  test('a game, then the bye; the bye, then a game', () => {
    const games = [
      { round: 1, white: id(1), black: id(2), handicap: 0, result: 'unknown' },
      { round: 2, white: id(3), black: id(2), handicap: 0, result: 'unknown' },
    ];
    const byes = [
      { round: 1, player: id(2) },
      { round: 2, player: id(1) },
      { round: 2, player: id(1) },
    ];
    expect(messages(tournament({ games, byes } as unknown as Partial<Tournament>))).toEqual([
      'bye 0: 2 (F2, G2): the bye in round 1, but he already has a game against 1 (F1, G1) in that round',
      'bye 2: 1 (F1, G1): the bye in round 2, but he already has the bye in that round',
    ]);
  });
});

describe('texts', () => {
  test('plain names pass; a control character, a lone surrogate and an overlong text are each said', () => {
    const players = [
      { id: id(1), family: 'Plain', given: 'Name ~!', rank: '1d' },
      { id: id(2), family: 'Tab\there', given: 'G', rank: '1d' },
      { id: id(3), family: 'Half\ud800', given: 'G', rank: '1d' },
      { id: id(4), family: 'x'.repeat(40000), given: 'G', rank: '1d' },
      { id: id(5), family: 'Łukasz Žák', given: 'Ünal', rank: '1d' },
    ];
    const said = messages(tournament({ players } as unknown as Partial<Tournament>));
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/control character U\+0009/);
    expect(said[1]).toMatch(/U\+D800, which is not a character/);
    expect(said[2]).toMatch(/family is 40,000 characters long/);
  });
});
