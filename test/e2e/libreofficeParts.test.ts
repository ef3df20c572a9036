/**
 * Issue 27, "Done means" 2: a workbook saved by LibreOffice Calc — holding a director's own sheet with a comment, a
 * chart and an image, and a comment on the Grid — is read by Tengen, paired into (`tengen pair … --out` on the same
 * file) and kept whole: every part LibreOffice wrote is still there with its bytes, apart from the sheets the round
 * rewrites and the workbook-level lists. Then LibreOffice opens what Tengen wrote, and the round is still there.
 *
 * LibreOffice writes its own zip (its own compression, entry order and extra fields) and its own parts (comments as
 * `xl/comments1.xml`, charts, media), which is the point: not a file made by hand the way Tengen expects.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { readTournament } from '../../src/workbook/session';
import { cli } from '../support/cli';
import { value } from '../workbook/fixtures';
import { partsOf, twoRounds, withForeignParts } from '../workbook/foreignParts';
import { describeWithBinaries } from './support';

/** Parts a pairing may rewrite: worksheets, the lists of sheets and names, styles, strings, content types. */
const REWRITTEN = /^(xl\/worksheets\/sheet\d+\.xml|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/styles\.xml|xl\/sharedStrings\.xml|\[Content_Types\]\.xml|xl\/metadata\.xml|docProps\/app\.xml)$/;

describeWithBinaries('a workbook LibreOffice Calc saved, with a comment, a chart and an image', ['libreoffice'], (bin) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-lo-parts-'));
  const profile = `file://${path.join(dir, 'profile')}`;

  /** LibreOffice opens `file` and saves it as `.xlsx` in `outDir` (its own writer); returns the new file. */
  function resaveInLibreOffice(file: string, outDir: string): string {
    mkdirSync(outDir, { recursive: true });
    const run = spawnSync(bin.libreoffice, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', outDir, file], { encoding: 'utf8', timeout: 180_000 });
    const out = path.join(outDir, path.basename(file));
    if (run.status !== 0 || !existsSync(out)) throw new Error(`libreoffice exited with ${run.status}, wrote no ${out}: ${run.stdout} ${run.stderr}`);
    return out;
  }

  test('is read, paired into, and every part LibreOffice wrote is kept; LibreOffice opens the result', async () => {
    const made = path.join(dir, 'made', 'notes.xlsx');
    mkdirSync(path.dirname(made), { recursive: true });
    expect((await cli(['workbook', twoRounds(dir), '--out', made])).code).toBe(0);
    await withForeignParts(made);
    const file = resaveInLibreOffice(made, path.join(dir, 'lo'));

    const before = await partsOf(readFileSync(file));
    // LibreOffice kept the director's things, in its own parts.
    expect([...before.keys()].some((p) => /^xl\/comments\d*\.xml$|^xl\/comments\/comment\d+\.xml$/.test(p))).toBe(true);
    expect([...before.keys()].some((p) => /^xl\/charts\/chart\d+\.xml$/.test(p))).toBe(true);
    expect([...before.keys()].some((p) => /^xl\/media\//.test(p))).toBe(true);

    const paired = await cli(['pair', file, '--round', '3', '--out', file]);
    expect(paired.err).toBe('');
    expect(paired.code).toBe(0);

    const after = await partsOf(readFileSync(file));
    const missing = [...before.keys()].filter((p) => !after.has(p) && p !== 'xl/calcChain.xml');
    expect(missing).toEqual([]);
    const changed = [...before.keys()].filter((p) => after.has(p) && !REWRITTEN.test(p) && !before.get(p)!.equals(after.get(p)!));
    expect(changed).toEqual([]);
    // The director's own sheet is not among the sheets the round rewrote.
    const wb = await XlsxWorkbook.open(readFileSync(file));
    expect(await wb.readSheet('Notes')).toEqual([['Budget', 120], ['Hall', 80]]);
    const t = value(await readTournament(wb));
    const round3 = t.games.filter((g) => g.round === 3).length;
    expect(round3).toBeGreaterThan(0);

    // LibreOffice opens what Tengen wrote: saved once more by it, the round and the director's sheet are there.
    const again = resaveInLibreOffice(file, path.join(dir, 'lo-again'));
    const reread = await XlsxWorkbook.open(readFileSync(again));
    expect(await reread.readSheet('Notes')).toEqual([['Budget', 120], ['Hall', 80]]);
    expect(value(await readTournament(reread)).games.filter((g) => g.round === 3).length).toBe(round3);
  }, 300_000);
});
