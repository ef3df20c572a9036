/** The Results and Pair round tables' player labels (taskpane/steps/context.ts): the very text of `playerLabel`. */
import { playerLabel, type PlayerId, type Tournament } from '../../src/model/tournament';
import { playerLabels } from '../../taskpane/steps/context';

it('labels each player as playerLabel does, and an unregistered id by its number', () => {
  const t = { players: [{ id: 12, family: 'Doe', given: 'John' }, { id: 3, family: 'Sato' }] } as unknown as Tournament;
  const label = playerLabels(t);
  for (const id of [12, 3, 99] as PlayerId[]) expect(label(id)).toBe(playerLabel(t, id));
  expect(label(12 as PlayerId)).toBe('12 (Doe, John)');
  expect(label(99 as PlayerId)).toBe('99');
});
