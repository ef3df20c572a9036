/**
 * The engine's rule of which options each pairing system honours (what the task pane asks before it pairs).
 */
import { PlayerId } from '../../src/model/tournament';
import { checkPairingRequest, PAIRING_SYSTEMS, refusedOptions, type PairingRequest } from '../../src/systems/systemOptions';

const id = (n: number) => n as PlayerId;

describe('refusedOptions', () => {
  const honoured: [PairingRequest, string[]][] = [
    [{ seeding: 'slip' }, ['optimal', 'mays']],
    [{ seeding: 'adjacent' }, ['optimal', 'mays']],
    [{ seeding: 'fold' }, ['optimal']],
    [{ seeding: 'random', seed: 3 }, ['optimal']],
    [{ byeMethod: 'opengotha' }, ['optimal', 'mays']],
    [{ allowRepeats: true }, ['optimal']],
    [{ forcedPairs: [[id(1), id(2)]] }, ['optimal', 'mays', 'opengotha']],
    [{ forbiddenPairs: [[id(1), id(2)]] }, ['optimal', 'mays', 'opengotha']],
    [{ bye: id(3) }, ['optimal', 'mays', 'opengotha']],
    [{ relatives: [[id(1), id(2)]] }, ['optimal', 'mays']],
    [{ hostCity: 'Montreal' }, ['optimal', 'mays']],
    [{ pinnedTables: [{ players: [1, 2], table: 1 }] }, ['optimal']],
    [{ only: [id(1), id(2)] }, ['optimal']],
    [{ scoreBelow: 2 }, ['optimal']],
    [{ rest: true }, ['optimal']],
  ];
  for (const [request, systems] of honoured) {
    for (const system of PAIRING_SYSTEMS) {
      it(`${system} ${JSON.stringify(request)}: ${systems.includes(system) ? 'honoured' : 'refused, named'}`, () => {
        const refused = refusedOptions(system, request);
        if (systems.includes(system)) {
          expect(refused).toEqual([]);
          expect(checkPairingRequest(system, 2, request)).toBeNull();
          return;
        }
        // One refusal per option given (a seed with random seeding: both), each naming the system.
        expect(refused).toHaveLength(Object.keys(request).length);
        for (const r of refused) expect(r.message).toContain(`the ${system} system does not honour it`);
        expect(refused[0].honouredBy).toEqual(systems);
        const error = checkPairingRequest(system, 2, request);
        expect(error).toMatchObject({ kind: 'pairing-error', code: 'unsupported-parameters', round: 2 });
        expect(error?.message).toContain(refused[0].message);
      });
    }
  }

  it('nothing asked (empty lists, false, undefined) is nothing refused', () => {
    for (const system of PAIRING_SYSTEMS) {
      expect(refusedOptions(system, { forcedPairs: [], relatives: [], allowRepeats: false, hostCity: undefined, only: [] })).toEqual([]);
    }
  });

  it('a seed without random seeding is refused even by the system that has a lottery', () => {
    expect(refusedOptions('optimal', { seed: 4 })[0].message).toMatch(/only with --seeding random/);
    expect(refusedOptions('optimal', { seeding: 'slip', seed: 4 })).toHaveLength(1);
  });

  it('several refusals are all named, in one error', () => {
    const error = checkPairingRequest('opengotha', 3, { seeding: 'fold', hostCity: 'Leeds', pinnedTables: [{}] });
    expect(error?.message).toMatch(/--seeding fold .*; --pin .*; --host-city /);
  });
});
