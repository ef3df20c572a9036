/**
 * Issue 15, "OpenGotha's standings, exactly": the three files of ../shared/opengotha-repro, each isolating one rule
 * OpenGotha 3.51 applies to its standings, give under `--ruleset opengotha` the values of the folder's README table.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseOpenGotha } from '../../src/formats/opengotha';
import { cli } from '../support/cli';
import { describeShared, REPRO_DIR } from '../support/corpus';

interface Row {
  readonly place: number;
  readonly family: string;
  readonly mms: number;
  readonly sos: number;
  readonly sosos: number;
}

async function standings(file: string): Promise<Row[]> {
  const { code, out, err } = await cli(['standings', path.join(REPRO_DIR, file), '--ruleset', 'opengotha', '--json']);
  if (code !== 0) throw new Error(err);
  return (JSON.parse(out) as Row[]).map(({ place, family, mms, sos, sosos }) => ({ place, family, mms, sos, sosos }));
}

describeShared(REPRO_DIR, 'OpenGotha standings: the opengotha-repro files', () => {
  it('not-assigned.xml: a participating player neither paired nor given a bye earns nothing (NOT_ASSIGNED)', async () => {
    expect(await standings('not-assigned.xml')).toEqual([
      { place: 1, family: 'Alpha', mms: 32, sos: 60, sosos: 128 },
      { place: 2, family: 'Charlie', mms: 31, sos: 60.5, sosos: 121 },
      { place: 3, family: 'Delta', mms: 30.5, sos: 61, sosos: 120.5 },
      { place: 4, family: 'Bravo', mms: 30, sos: 64, sosos: 120 },
    ]);
  });

  it('never-played.xml: a player with no game and no bye is left out of the standings and of the places', async () => {
    expect(await standings('never-played.xml')).toEqual([
      { place: 1, family: 'Alpha', mms: 31, sos: 30, sosos: 31 },
      { place: 2, family: 'Bravo', mms: 30, sos: 31, sosos: 30 },
    ]);
  });

  it('never-played.xml: explaining the left-out player says why he has no value', async () => {
    const r = await cli(['explain', path.join(REPRO_DIR, 'never-played.xml'), 'Echo', 'mms', '--ruleset', 'opengotha']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not in the opengotha standings: no game and no bye in any round/);
  });

  it('hdcorrection3.xml: hdCorrection="3" is accepted, as three stones off every handicap', async () => {
    const t = parseOpenGotha(readFileSync(path.join(REPRO_DIR, 'hdcorrection3.xml'), 'utf8'), 'hdcorrection3.xml');
    if (!t.ok) throw new Error(t.errors.map((e) => e.message).join('; '));
    expect(t.value.settings.handicap).toMatchObject({ policy: 'mms-difference', correction: 3 });
    const rows = await standings('hdcorrection3.xml');
    expect(rows.map(({ place, family, mms, sos }) => ({ place, family, mms, sos }))).toEqual([
      { place: 1, family: 'Alpha', mms: 31, sos: 30 },
      { place: 2, family: 'Bravo', mms: 30, sos: 31 },
    ]);
  });
});
