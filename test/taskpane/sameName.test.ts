import type { Player, PlayerId } from '../../src/model/tournament';
import type { Rank } from '../../src/model/rank';
import { nameKey, sameNameAs, sameNameWarning } from '../../taskpane/sameName';

const player = (id: number, family: string, given: string): Player => ({ id: id as PlayerId, family, given, rank: -3 as Rank });

describe('the same name entered twice', () => {
  it('compares names without case, accents or extra spaces', () => {
    expect(nameKey({ family: 'Lévesque', given: 'Anne' })).toBe(nameKey({ family: ' LEVESQUE ', given: 'anne' }));
    expect(nameKey({ family: 'Doe', given: 'John' })).not.toBe(nameKey({ family: 'Doe', given: 'Jon' }));
  });

  it('names the registered players and the list entries that carry it', () => {
    const registered = [player(7, 'Doe', 'John'), player(8, 'Roe', 'Jane')];
    expect(sameNameAs({ family: 'doe', given: 'JOHN' }, registered, [{ family: 'Doe', given: 'John' }])).toEqual(['player 7 (Doe, John), registered', 'Doe, John, already in the list']);
    expect(sameNameAs({ family: 'Poe', given: 'Ed' }, registered, [])).toEqual([]);
  });

  it('warns in words that leave both choices to the director', () => {
    expect(sameNameWarning({ family: 'Doe', given: 'John' }, ['player 7 (Doe, John), registered'])).toBe(
      'Doe, John: same name as player 7 (Doe, John), registered. The same person entered twice? Remove this entry. Two different people? Tick "Another person" to register both.',
    );
  });
});
