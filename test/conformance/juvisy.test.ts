/**
 * Done-means 2 of the engine issue: `tengen standings Tournoi-de-Juvisy.xml --ruleset opengotha --json` gives, for all
 * 19 players, exactly the MMS, SOS and SOSOS that OpenGotha exported to Tournoi-de-Juvisy.h9.
 */
import { readFileSync } from 'node:fs';
import { cli } from '../support/cli';
import { corpusPath, describeCorpus } from '../support/corpus';

interface H9Row {
  name: string;
  rank: string;
  mms: number;
  sos: number;
  sosos: number;
}

/** The h9 player lines: place, "Family Given", rank, country, club, then MMS SOS SOSOS (header "MMS  SOSSOSOS"). */
function h9Rows(text: string): H9Row[] {
  return text
    .split(/\r?\n/)
    .filter((line) => /^\s*\d+\s/.test(line))
    .map((line) => {
      const m = /^\s*\d+\s+(.+?)\s+(\d+[kdpKDP])\s+\S+\s+\S+\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s/.exec(line);
      if (!m) throw new Error(`unexpected h9 line: ${line}`);
      return { name: m[1], rank: m[2], mms: Number(m[3]), sos: Number(m[4]), sosos: Number(m[5]) };
    });
}

describeCorpus('OpenGotha conformance: Tournoi de Juvisy (standings)', () => {
  const xml = corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.xml');
  // The .h9 was written by OpenGotha in Latin-1.
  const expected = h9Rows(readFileSync(corpusPath('opengotha-standings', 'Tournoi-de-Juvisy.h9'), 'latin1'));

  it('the h9 has the 19 players', () => {
    expect(expected).toHaveLength(19);
  });

  it('MMS, SOS and SOSOS of every player equal OpenGotha’s', async () => {
    const { code, out, err } = await cli(['standings', xml, '--ruleset', 'opengotha', '--json']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const rows = JSON.parse(out) as { family: string; given: string; rank: string; mms: number; sos: number; sosos: number }[];
    expect(rows).toHaveLength(19);
    const byName = new Map(rows.map((r) => [`${r.family} ${r.given}`, r]));
    for (const e of expected) {
      const got = byName.get(e.name);
      expect({ name: e.name, mms: got?.mms, sos: got?.sos, sosos: got?.sosos }).toEqual({ name: e.name, mms: e.mms, sos: e.sos, sosos: e.sosos });
    }
  });

  it('places follow MMS › SOS › SOSOS as the file asks', async () => {
    const { out } = await cli(['standings', xml, '--ruleset', 'opengotha', '--json']);
    const rows = JSON.parse(out) as { family: string; place: number }[];
    expect(rows.map((r) => r.family).slice(0, 4)).toEqual(['Minieri', 'Daguenet', 'Lemoine', 'Li']);
    expect(rows[0].place).toBe(1);
  });
});
