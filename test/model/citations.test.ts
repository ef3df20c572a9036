import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { citationForPeople, maysPage } from '../../src/model/citations';
import { describeCorpus, SEEDS_DIR } from '../support/corpus';

const MANUAL = path.join(SEEDS_DIR, 'mays-swiss-mcmahon-manual.txt');

describe('rule references as a director reads them', () => {
  it("cites the Mays manual by author, title and page, never by the project's file", () => {
    expect(citationForPeople('seeds/mays-swiss-mcmahon-manual.txt, "Grouping the Players into McMahon Sections"')).toBe(
      'Mays, How to Organize and Direct a Swiss-McMahon Tournament, p. 18: "Grouping the Players into McMahon Sections"',
    );
    expect(citationForPeople('seeds/mays-swiss-mcmahon-manual.txt, "Who Should Get a Bye?" and Cardinal Rule No. 1')).toMatch(/, p\. 23: /);
    expect(citationForPeople('seeds/mays-swiss-mcmahon-manual.txt, Consideration No. 2: "Are the players from the same city"')).toMatch(/, p\. 24: Consideration No\. 2/);
    expect(citationForPeople('seeds/mays-swiss-mcmahon-manual.txt, Cardinal Rule No. 2: "No two players can be paired together twice"')).toMatch(/, p\. 60: /);
  });

  it('cites the other rule texts by title, and joins several references', () => {
    const two = citationForPeople('seeds/mays-swiss-mcmahon-manual.txt, Consideration No. 3: "white and black"; seeds/egf-general-tournament-rules-excerpt.txt: "Each player\'s colour balance shall approach 50%"');
    expect(two).toBe('Mays, How to Organize and Direct a Swiss-McMahon Tournament, p. 24: Consideration No. 3: "white and black"; EGF General Tournament Rules: "Each player\'s colour balance shall approach 50%"');
    expect(citationForPeople('seeds/bga-mcmahon-system.txt: the bar table by number of rounds')).toBe('British Go Association, The McMahon System: the bar table by number of rounds');
    expect(citationForPeople('seeds/egc-championship-rules.txt, "Top Bar and Supergroup"')).toBe('European Go Championship Tournament Rules: "Top Bar and Supergroup"');
    expect(citationForPeople('no file here')).toBe('no file here');
    expect(citationForPeople('seeds/x.txt')).not.toMatch(/seeds\//);
  });

});

// The pages come from the manual's own table of contents: checked against it when ../shared is there.
describeCorpus('the Mays pages', () => {
  it('are those of the table of contents of the manual', () => {
    const toc = readFileSync(MANUAL, 'utf8').split('\n').slice(0, 80).join('\n');
    for (const [heading, page] of [
      ['Grouping the Players into McMahon Sections', 18],
      ['Who Should Get a Bye?', 23],
      ['Doing the Pairings', 24],
      ['Tied Players and Tie-Break Calculations', 35],
    ] as const) {
      expect(toc).toMatch(new RegExp(`\\| ${heading.replace(/[?]/g, '\\?')}[. ]*\\| ${page} \\|`));
      expect(maysPage(heading)).toBe(page);
    }
  });
});

describe('the CLI cites rules for people', () => {
  it('prints a document title, never the path of the project copy of a rule text', async () => {
    const { cli } = await import('../support/cli');
    const r = await cli(['standings', 'examples/egc-congress-final.json']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('European Go Championship Tournament Rules');
    expect(`${r.out}${r.err}`).not.toMatch(/seeds\//);
  });

  it('takes the Mays page from the reference line alone, not from text printed after it', () => {
    expect(citationForPeople('(seeds/mays-swiss-mcmahon-manual.txt)\nCardinal Rule No. 1')).toBe('(Mays, How to Organize and Direct a Swiss-McMahon Tournament)\nCardinal Rule No. 1');
  });
});
