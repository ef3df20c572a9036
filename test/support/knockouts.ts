/** Knockouts for the tests: a field numbered by ID, rounds paired by the engine and played as a test says. */
import type { Tournament } from '../../src/model/tournament';
import { applyPairing } from '../../src/pairing/apply';
import { pairKnockout } from '../../src/systems/knockout/knockout';
import { isPairingError } from '../../src/pairing/types';
import { player, tournament } from '../pairing/fixtures';

const FAMILIES = ['Ashford', 'Bianchi', 'Czerny', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat', 'Ivanov', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Novak', 'Olsen', 'Petrov'];

/** n players named after FAMILIES (then "Player n"), a knockout of `bracket`. */
export function knockoutField(n: number, bracket: Tournament['settings']['bracket'] = 'fold'): Tournament {
  const rounds = bracket === 'egc-pko-24' ? 3 : bracket === 'egc-pko-32' ? 4 : Math.max(1, Math.ceil(Math.log2(n)));
  return {
    ...tournament(
      Array.from({ length: n }, (_, i) => player(i + 1, '5d', { family: FAMILIES[i] ?? `Player ${i + 1}`, given: 'Anna' })),
      { system: 'knockout', bracket, rounds, ruleset: 'egf' },
    ),
    name: `Knockout of ${n}`,
  };
}

/** Rounds 1…`played` paired by the engine and played, the first mentioned (White's place) winning unless `upset(round, table)`. */
export function playedKnockout(t: Tournament, played: number, upset: (round: number, table: number) => boolean = () => false, pairLast = false): Tournament {
  for (let r = 1; r <= played + (pairLast ? 1 : 0); r++) {
    const p = pairKnockout(t, r);
    if (isPairingError(p)) throw new Error(p.message);
    const after = applyPairing(t, p);
    t = r > played ? after : { ...after, games: after.games.map((g) => (g.round === r ? { ...g, result: upset(r, g.table ?? 0) ? ('black-wins' as const) : ('white-wins' as const) } : g)) };
  }
  return t;
}
