/**
 * Issue 25, items 3 and 7: the paper the printouts are set up for, and Standings that read well — sections only
 * where the tournament has sections, whole numbers as whole numbers, headers never cut.
 */
import type { WorkbookOp } from '../../src/workbook/adapters/adapter';
import { parseRank } from '../../src/model/rank';
import type { Tournament } from '../../src/model/tournament';
import { computeStandings } from '../../src/scoring/standings';
import { renderStandings } from '../../src/cli/render';
import { paperOf, withPaper } from '../../src/workbook/print/paper';
import { readSettingsSheet, settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { standingsCells, standingsOps, standingsWidths } from '../../src/workbook/sheets/standingsSheet';
import { logTime } from '../../src/workbook/sheets/logSheet';
import { importBatch } from '../../src/workbook/session';
import { generated } from './fixtures';

const rank = (text: string) => {
  const r = parseRank(text);
  if (!r.ok) throw new Error(r.message);
  return r.rank;
};

/** The EGF bar tournament: bar 3d, floor 15k, every result in. */
function barTournament(): Tournament {
  const t = generated(29, 5, 25);
  return { ...t, settings: { ...t.settings, ruleset: 'egf', bar: rank('3d') as never, floor: rank('15k') as never, sections: undefined } };
}

describe('the Standings of an EGF bar tournament', () => {
  const t = barTournament();
  const s = computeStandings(t);

  it('has no Section and no Section place column (its starting scores are no sections)', () => {
    const header = standingsCells(s)[2];
    expect(header).not.toContain('Section');
    expect(header).not.toContain('Section place');
    expect(header.slice(0, 5)).toEqual(['Place', 'ID', 'Name', 'Rank', 'City/Club']);
  });

  it('prints its numbers as they are: General, not "0.0#" ("7", "7.5", places "1")', () => {
    const formats = standingsOps(t).filter((op): op is WorkbookOp & { kind: 'format' } => op.kind === 'format' && op.format.numberFormat !== undefined);
    expect(formats.map((f) => f.format.numberFormat)).toEqual(['General']);
    expect(formats[0].range.startsWith('F4:')).toBe(true);
  });

  it('has every column at least as wide as its header, clubs capped (they wrap)', () => {
    const values = standingsCells(s);
    const widths = standingsWidths(values);
    values[2].forEach((h, i) => expect({ h, fits: widths[i] >= String(h).length + 1 }).toEqual({ h, fits: true }));
  });

  it('the CLI prints no "Section winners" for its starting scores', () => {
    expect(renderStandings(s)).not.toContain('Section winners');
  });

  it('a tournament with McMahon sections keeps them, with the section place', () => {
    const sectioned: Tournament = {
      ...t,
      settings: { ...t.settings, bar: undefined, floor: undefined, sections: [{ name: 'A', initialMms: 0 }, { name: 'B', initialMms: -3 }] },
      players: t.players.map((p) => ({ ...p, section: p.rank >= rank('5k') ? 'A' : 'B' })),
    };
    const header = standingsCells(computeStandings(sectioned))[2];
    expect(header).toContain('Section');
    expect(header).toContain('Section place');
    expect(renderStandings(computeStandings(sectioned))).toContain('Section winners');
  });
});

describe('the paper', () => {
  const t = generated(12, 3, 1);
  const from = (country: string | undefined) => ({ ...t, players: t.players.map((p) => ({ ...p, country })) });

  it('is the director\'s choice when set, else Letter for a field from a Letter country, else A4', () => {
    expect(paperOf(from('US'))).toBe('Letter');
    expect(paperOf(from('CA'))).toBe('Letter');
    expect(paperOf(from('FR'))).toBe('A4');
    expect(paperOf(from(undefined))).toBe('A4');
    expect(paperOf({ ...from('FR'), settings: { ...t.settings, paper: 'Letter' } })).toBe('Letter');
    expect(paperOf({ ...from('US'), settings: { ...t.settings, paper: 'A4' } })).toBe('A4');
  });

  it('is set on every printed sheet of a batch', () => {
    const batch = importBatch(from('US'), { time: '2026-05-16 09:00' });
    const prints = batch.ops.filter((op): op is WorkbookOp & { kind: 'print' } => op.kind === 'print');
    expect(prints.length).toBeGreaterThan(3);
    for (const p of prints) expect({ sheet: p.sheet, paper: p.settings.paperSize }).toEqual({ sheet: p.sheet, paper: 'Letter' });
    expect(withPaper(batch, 'A4').ops.filter((op) => op.kind === 'print').every((op) => op.kind === 'print' && op.settings.paperSize === 'A4')).toBe(true);
  });

  it('is read from and written to the Settings sheet ("Paper": A4 or Letter), and only when chosen', () => {
    expect(settingsCells(t.settings).some((r) => r[0] === 'Paper')).toBe(false);
    const cells = settingsCells({ ...t.settings, paper: 'Letter' });
    expect(cells).toContainEqual(['Paper', 'Letter']);
    const errors: never[] = [];
    expect(readSettingsSheet(cells, errors).settings.paper).toBe('Letter');
    const bad = [...cells.filter((r) => r[0] !== 'Paper'), ['Paper', 'Legal']];
    const found: { where?: string; message: string }[] = [];
    readSettingsSheet(bad, found as never);
    expect(found.map((e) => e.message)).toEqual(['"Legal" is not a paper Tengen sets the printouts up for; expected A4 or Letter']);
  });
});

describe('the Log', () => {
  it('stamps its lines with the local time a director reads, not UTC ISO', () => {
    const at = new Date(2026, 4, 16, 14, 5, 30);
    expect(logTime(at)).toBe('2026-05-16 14:05');
  });
});
