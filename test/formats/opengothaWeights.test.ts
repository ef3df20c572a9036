/**
 * Issue 27, cause 8: out-of-range OpenGotha pairing weights were accepted by the reader (and refused only when a
 * round was paired with --system opengotha). The reader refuses them, naming file:line, the attribute and what
 * OpenGotha's own dialog allows; a weight OpenGotha writes is read.
 */
import { parseOpenGotha } from '../../src/formats/opengotha';

const FILE = (attributes: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Tournament dataVersion="201">
  <Players>
    <Player name="Nemo" firstName="Andre" rank="2K" registeringStatus="FIN"/>
  </Players>
  <TournamentParameterSet>
    <GeneralParameterSet numberOfRounds="3"/>
    <PairingParameterSet ${attributes}/>
  </TournamentParameterSet>
</Tournament>`;

const errors = (attributes: string) => {
  const r = parseOpenGotha(FILE(attributes), 'w.xml');
  return r.ok ? [] : r.errors.map((e) => `${e.file}:${e.line}: ${e.message}`);
};

describe('OpenGotha pairing weights', () => {
  test('the weights OpenGotha writes are read', () => {
    expect(errors('paiBaAvoidDuplGame="500000000000000" paiBaRandom="0" paiMaMinimizeScoreDifference="100000000000" paiStandardNX1Factor="0.5" paiSeMinimizeHandicap="0"')).toEqual([]);
  });

  test.each([
    ['paiBaAvoidDuplGame="-5"', /^w\.xml:8: .*paiBaAvoidDuplGame="-5".*a weight: a whole number from 0/],
    ['paiMaMinimizeScoreDifference="1e400"', /^w\.xml:8: .*paiMaMinimizeScoreDifference="1e400".*a weight/],
    ['paiSeAvoidSameGeo="lots"', /^w\.xml:8: .*paiSeAvoidSameGeo="lots"/],
    ['paiBaRandom="2.5"', /^w\.xml:8: .*paiBaRandom="2.5"/],
    ['paiStandardNX1Factor="7"', /^w\.xml:8: .*paiStandardNX1Factor="7".*from 0 to 1/],
  ])('%s is refused naming the line and the attribute', (attribute, message) => {
    expect(errors(attribute)).toEqual([expect.stringMatching(message)]);
  });
});
