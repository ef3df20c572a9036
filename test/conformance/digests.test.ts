/**
 * Byte-identical draws and standings (issue 28, "Done means" 2: "a test, not a claim"): every draw the default system
 * makes on the corpus's recorded rounds and on the examples, and every standings table, digested
 * (src/check/digests.ts) and compared with test/fixtures/digests.txt. A change of speed must leave the list as it is;
 * a deliberate change of a rule rewrites it (`TENGEN_UPDATE_DIGESTS=1 npx jest test/conformance/digests`) in the
 * commit that changes the rule, where the diff names every draw it moved.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { corpusDigests, exampleDigests, type Digest } from '../../src/check/digests';
import { CORPUS_DIR, HAS_CORPUS } from '../support/corpus';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'digests.txt');
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

const asLines = (digests: readonly Digest[]): string[] => digests.map((d) => `${d.label} ${d.digest}`);

function recorded(prefix: string): string[] {
  return fs
    .readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(prefix));
}

describe('draws and standings digested, byte for byte as recorded', () => {
  const update = process.env.TENGEN_UPDATE_DIGESTS === '1';
  if (update) {
    it('rewrites test/fixtures/digests.txt (TENGEN_UPDATE_DIGESTS=1)', () => {
      if (!HAS_CORPUS) throw new Error(`the digests need ${CORPUS_DIR}: clone with ../shared beside the project`);
      const lines = [...asLines(exampleDigests(EXAMPLES)), ...asLines(corpusDigests(CORPUS_DIR))];
      fs.writeFileSync(FIXTURE, `${lines.join('\n')}\n`);
    });
    return;
  }

  it('the examples: every round drawn by the default draw, and the standings', () => {
    const lines = asLines(exampleDigests(EXAMPLES));
    expect(lines.length).toBeGreaterThan(50);
    expect(lines).toEqual(recorded('example '));
  });

  (HAS_CORPUS ? it : it.skip)(`the corpus's OpenGotha files: every recorded round re-drawn, and the standings${HAS_CORPUS ? '' : ` [skipped: ${CORPUS_DIR} is absent]`}`, () => {
    const lines = asLines(corpusDigests(CORPUS_DIR));
    expect(lines.length).toBeGreaterThan(30);
    expect(lines).toEqual(recorded('corpus '));
  });
});
