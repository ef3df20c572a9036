/**
 * Issue 27, causes 3 and 4: the Pairgoth and MacMahon readers refuse what they cannot read instead of putting a
 * default in its place, naming the file, the line and the field; a placement criterion Tengen does not compute is
 * said in a note (OpenGotha, Pairgoth, MacMahon), and a name the format does not know is refused.
 */
import { readFileSync } from 'node:fs';
import { parseMacMahon } from '../../src/formats/macmahon';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { parsePairgoth } from '../../src/formats/pairgoth';
import { formatInputError, type Parsed } from '../../src/model/errors';
import type { Tournament } from '../../src/model/tournament';
import { corpusPath, describeCorpus } from '../support/corpus';

const refused = (r: Parsed<Tournament>): string => {
  if (r.ok) throw new Error('accepted');
  return r.errors.map(formatInputError).join('\n');
};

const pairgoth = {
  type: 'INDIVIDUAL',
  name: 'P',
  rounds: 1,
  komi: 7.5,
  pairing: { type: 'MAC_MAHON', mmFloor: -20, mmBar: 0, placement: ['MMS', 'SOSM'], handicap: { useMMS: true, threshold: 0, correction: 1, ceiling: 9 } },
  players: [
    { id: 1, name: 'Abe', firstname: 'Aki', rank: -1, rating: 2000 },
    { id: 2, name: 'Baba', firstname: 'Sora', rank: -2, rating: 1900 },
  ],
  games: [[{ id: 1, t: 1, w: 1, b: 2, h: 0, r: 'w' }]],
};
type Doc = typeof pairgoth & Record<string, unknown>;
function tour(edit: (d: Doc) => void): string {
  const d = structuredClone(pairgoth) as Doc;
  edit(d);
  return JSON.stringify(d, null, 2);
}

describe('Pairgoth: no silent defaults', () => {
  it('reads the plain file', () => {
    const r = parsePairgoth(tour(() => undefined), 'p.tour');
    expect(r.ok && r.value.games).toHaveLength(1);
  });
  it.each<[string, (d: Doc) => void, RegExp]>([
    ['a White id given as a string', (d) => ((d.games[0][0] as Record<string, unknown>).w = '1'), /p\.tour:\d+: \/games\/0\/0\/w: "1" is not a player id \(White\): expected a whole number \(a number, not a string\)/],
    ['a handicap given as a string', (d) => ((d.games[0][0] as Record<string, unknown>).h = '3'), /\/games\/0\/0\/h: "3" is not a handicap/],
    ['a bar that is no rank', (d) => ((d.pairing as Record<string, unknown>).mmBar = 'x'), /\/pairing\/mmBar: "x" is not a McMahon bar/],
    ['an unknown pairing type', (d) => ((d.pairing as Record<string, unknown>).type = 'ROUND_ROBIN'), /\/pairing\/type: pairing type "ROUND_ROBIN": expected "MAC_MAHON" or "SWISS"/],
    ['rounds as a string', (d) => ((d as Record<string, unknown>).rounds = '4'), /\/rounds: "4" is not a number of rounds/],
    ['a handicap correction out of range', (d) => (d.pairing.handicap.correction = 5), /\/pairing\/handicap\/correction: correction 5: Tengen lowers handicaps by 0, 1 or 2 stones/],
    ['a rating that is no number', (d) => ((d.players[0] as Record<string, unknown>).rating = 'strong'), /\/players\/0\/rating: player Abe, Aki: "strong" is not a rating/],
    ['an unknown placement criterion', (d) => d.pairing.placement.push('WINS'), /\/pairing\/placement\/2: unknown placement criterion "WINS"/],
  ])('refuses %s', (_, edit, message) => {
    expect(refused(parsePairgoth(tour(edit), 'p.tour'))).toMatch(message);
  });
  it('reads a criterion Pairgoth knows and Tengen does not compute, with a note', () => {
    const r = parsePairgoth(tour((d) => d.pairing.placement.push('SDC')), 'p.tour');
    expect(r.ok && r.notes).toEqual([expect.stringMatching(/p\.tour:\d+: placement criterion SDC is not one Tengen computes/)]);
  });
});

describeCorpus('MacMahon: no silent defaults', () => {
  const sample = () => readFileSync(corpusPath('other-formats', 'macmahon39-sample-tournament.xml'), 'utf8');
  it.each<[string, string, string, RegExp]>([
    ['rounds in words', '<NumberOfRounds>3</NumberOfRounds>', '<NumberOfRounds>three</NumberOfRounds>', /m\.xml:6: <NumberOfRounds>: "three" is not a number of rounds/],
    ['a handicap in letters', '<Handicap>0</Handicap>', '<Handicap>abc</Handicap>', /m\.xml:\d+: <Handicap>: "abc" is not a number of handicap stones/],
    ['a garbage rating', '<Rating>2200</Rating>', '<Rating>22oo</Rating>', /m\.xml:39: <Rating>: player .*: "22oo" is not a rating/],
  ])('refuses %s', (_, from, to, message) => {
    expect(refused(parseMacMahon(sample().replace(from, to), 'm.xml'))).toMatch(message);
  });
  it('says a criterion it does not compute', () => {
    const r = parseMacMahon(sample().replace('<ShortName>SOSOS</ShortName>', '<ShortName>STS</ShortName>'), 'm.xml');
    expect(r.ok && r.notes).toEqual([expect.stringMatching(/m\.xml:25: <ShortName>STS<\/ShortName>: a criterion Tengen does not compute/)]);
  });
});

describe('OpenGotha: placement criteria', () => {
  const og = (criteria: string[]) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Tournament dataVersion="201">',
      '<Players><Player firstName="Aki" name="Abe" rank="2K"/></Players>',
      '<TournamentParameterSet>',
      '<GeneralParameterSet genMMBar="4D" genMMFloor="20K" genMMZero="30K" name="T" numberOfRounds="3"/>',
      '<PlacementParameterSet><PlacementCriteria>',
      ...criteria.map((c, i) => `<PlacementCriterion name="${c}" number="${i + 1}"/>`),
      '</PlacementCriteria></PlacementParameterSet>',
      '</TournamentParameterSet>',
      '</Tournament>',
    ].join('\n');
  it('says SDC, STS and EXT are not computed, naming their lines', () => {
    const r = parseOpenGotha(og(['MMS', 'SDC', 'STS', 'EXT']), 'o.xml');
    expect(r.ok && r.notes).toEqual([
      expect.stringMatching(/^o\.xml:8: placement criterion SDC is not one Tengen computes/),
      expect.stringMatching(/^o\.xml:9: placement criterion STS/),
      expect.stringMatching(/^o\.xml:10: placement criterion EXT/),
    ]);
  });
  it('refuses a name OpenGotha does not know', () => {
    expect(refused(parseOpenGotha(og(['MMS', 'SOSX']), 'o.xml'))).toMatch(/o\.xml:8: <PlacementCriterion name="SOSX">: unknown placement criterion "SOSX"/);
  });
});
