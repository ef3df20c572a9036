/**
 * What `--out` writes, and what it refuses (issue 9: nothing a director enters is ever lost): the format its
 * extension names, a workbook updated in place, destructive writes only with the flag the message names, and every
 * file written through a temporary file renamed over the target — a full disk or an unwritable folder leaves the
 * old file byte for byte.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { main } from '../../src/cli/main';
import { FileWriteError, writeFileAtomically, type WriterFs } from '../../src/cli/files';
import { sheetValues } from '../support/xlsxSheet';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLE = path.join(ROOT, 'examples', 'quebec-open-mini.json');

async function cli(args: string[], fs?: WriterFs): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), fs });
  return { code, out, err };
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tengen-files-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Doc {
  games: { round: number; result: string }[];
  byes: { round: number }[];
}
const example = (): Doc => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Doc;

/** The example tournament as it stood after `rounds` rounds (results entered), as a file in a new folder. */
function tournamentAfter(rounds: number, name = 't.json'): { file: string; dir: string } {
  const doc = example();
  doc.games = doc.games.filter((g) => g.round <= rounds);
  doc.byes = doc.byes.filter((b) => b.round <= rounds);
  const dir = tempDir();
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return { file, dir };
}

/** A workbook of the example after two rounds, with a sheet and a Grid note of the director's own. */
async function directorsWorkbook(): Promise<{ file: string; dir: string }> {
  const { file: json, dir } = tournamentAfter(2);
  const file = path.join(dir, 'W.xlsx');
  expect((await cli(['workbook', json, '--out', file])).code).toBe(0);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const notes = wb.addWorksheet('Notes');
  notes.getCell('A1').value = 'Tea for the referees at 15:00';
  notes.getCell('B2').value = { formula: '1+1', result: 2 };
  await wb.xlsx.writeFile(file);
  return { file, dir };
}

const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.includes('tengen-tmp'));

describe('--out writes the format its extension names', () => {
  it('pair W.xlsx --round 3 --out W.xlsx updates the workbook in place: round 3 in it, the director\'s sheet and the Log kept', async () => {
    const { file, dir } = await directorsWorkbook();
    const logBefore = await sheetValues(file, 'Log');
    const r = await cli(['pair', file, '--round', '3', '--out', file]);
    expect(r).toMatchObject({ code: 0, err: '' });
    // Still a workbook Tengen reads, now with round 3 paired.
    const standings = await cli(['pair', file, '--round', '3', '--json']);
    expect(standings.code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(expect.arrayContaining(['Grid', 'Log', 'Notes', 'Pairings R3']));
    expect(wb.getWorksheet('Notes')!.getCell('A1').value).toBe('Tea for the referees at 15:00');
    expect(wb.getWorksheet('Notes')!.getCell('B2').formula).toBe('1+1');
    const log = await sheetValues(file, 'Log');
    // The old Log lines are kept as they were; the pairing is appended below them.
    expect(log.slice(0, logBefore.length)).toEqual(logBefore);
    expect(log.slice(logBefore.length).map((row) => String(row[2]))).toEqual(expect.arrayContaining([expect.stringMatching(/^Paired round 3 \(optimal\)/)]));
    expect(leftovers(dir)).toEqual([]);
  });

  it('pair t.json --out new.xlsx writes a new workbook, and --out t.json stays Tengen JSON', async () => {
    const { file, dir } = tournamentAfter(2);
    const xlsx = path.join(dir, 'new.xlsx');
    expect((await cli(['pair', file, '--round', '3', '--out', xlsx])).code).toBe(0);
    expect(readFileSync(xlsx).subarray(0, 2).toString('latin1')).toBe('PK');
    const fromWorkbook = JSON.parse((await cli(['standings', xlsx, '--json', '--as-of', '2'])).out) as unknown[];
    expect(fromWorkbook).toEqual(JSON.parse((await cli(['standings', file, '--json', '--as-of', '2'])).out));
    expect((await cli(['pair', file, '--round', '3', '--out', file])).code).toBe(0);
    const back = JSON.parse(readFileSync(file, 'utf8')) as Doc;
    expect(Math.max(...back.games.map((g) => g.round))).toBe(3);
  });

  it.each([
    ['x.xml', /Tengen does not write OpenGotha XML \(\.xml\) here; it writes Tengen JSON \(\.json\) or a Tengen workbook \(\.xlsx\)/],
    ['x.h9', /does not write EGF results \(h9\) \(\.h9\)/],
    ['x.txt', /does not write text \(\.txt\)/],
    ['x.pdf', /does not write "\.pdf" files/],
    ['noextension', /does not write a name without an extension/],
  ])('--out %s is refused before any work (even before FILE is read), nothing written', async (name, message) => {
    const dir = tempDir();
    const out = path.join(dir, name);
    // FILE does not even exist: the format is refused first.
    const r = await cli(['pair', path.join(dir, 'missing.json'), '--round', '1', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/Nothing was done/);
    expect(r.err).not.toMatch(/missing\.json/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('workbook --out refuses anything but .xlsx', async () => {
    const r = await cli(['workbook', EXAMPLE, '--out', path.join(tempDir(), 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/it writes a Tengen workbook \(\.xlsx\), chosen by the extension/);
  });
});

describe('destructive writes need the flag the message names', () => {
  it('pair t.json --round 1 --out t.json with results in rounds 1–2 is refused, the file byte-identical; --repair does it', async () => {
    const { file } = tournamentAfter(2);
    const before = readFileSync(file);
    const r = await cli(['pair', file, '--round', '1', '--out', file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/round 1 has 6 results, 6 tables; round 2 has 6 results, 6 tables, 1 bye/);
    expect(r.err).toMatch(/re-pairing deletes these results; add --repair to do so\. Nothing was written/);
    expect(r.err).not.toMatch(/Usage:/);
    expect(readFileSync(file).equals(before)).toBe(true);
    // A typo in --round on a workbook: the same refusal, the workbook untouched.
    const repaired = await cli(['pair', file, '--round', '1', '--out', file, '--repair']);
    expect(repaired.code).toBe(0);
    const after = JSON.parse(readFileSync(file, 'utf8')) as Doc;
    expect(after.games.every((g) => g.round === 1 && g.result === 'unknown')).toBe(true);
  });

  it('pairing the next round over the same file needs no flag; a later round paired without results does', async () => {
    const { file } = tournamentAfter(2);
    expect((await cli(['pair', file, '--round', '3', '--out', file])).code).toBe(0);
    const r = await cli(['pair', file, '--round', '2', '--out', file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/round 3 has 6 tables/);
    expect(r.err).toMatch(/--repair/);
  });

  it('pair W.xlsx --round 1 --out W.xlsx on a workbook with results: refused naming --repair, the workbook byte-identical', async () => {
    const { file } = await directorsWorkbook();
    const before = readFileSync(file);
    const r = await cli(['pair', file, '--round', '1', '--out', file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/round 1 has 6 results.*add --repair/s);
    expect(readFileSync(file).equals(before)).toBe(true);
    // Even with --repair, a workbook holding round 2 cannot have round 1 re-paired in place: said, not done.
    const repair = await cli(['pair', file, '--round', '1', '--out', file, '--repair']);
    expect(repair.code).toBe(1);
    expect(repair.err).toMatch(/already holds round 2 after round 1: a workbook is updated in place round by round/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('workbook IN --out EXISTING.xlsx is refused without --overwrite; with it, the director\'s sheets are kept and the output says what was replaced', async () => {
    const { file } = await directorsWorkbook();
    const before = readFileSync(file);
    const r = await cli(['workbook', EXAMPLE, '--out', file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/already exists: writing the workbook replaces its tournament sheets .* Add --overwrite to do so/);
    expect(readFileSync(file).equals(before)).toBe(true);
    const o = await cli(['workbook', EXAMPLE, '--out', file, '--overwrite']);
    expect(o.code).toBe(0);
    expect(o.out).toMatch(/the tournament sheets already there, the Log included, were replaced; kept your sheet Notes\)/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.getWorksheet('Notes')!.getCell('A1').value).toBe('Tea for the referees at 15:00');
    expect((await cli(['standings', file, '--json'])).code).toBe(0);
  });

  it('pair t.json --out EXISTING.xlsx (another workbook) is refused without --overwrite', async () => {
    const { file: json } = tournamentAfter(2);
    const { file: xlsx } = await directorsWorkbook();
    const before = readFileSync(xlsx);
    const r = await cli(['pair', json, '--round', '3', '--out', xlsx]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--overwrite/);
    expect(readFileSync(xlsx).equals(before)).toBe(true);
  });
});

/** An fs whose writes fail the way a full disk does: part of the data written, then ENOSPC. */
function fullDiskFs(): WriterFs & { temporaries: string[] } {
  const temporaries: string[] = [];
  return {
    temporaries,
    async open(file, flags, mode) {
      temporaries.push(file);
      const handle = await nodeFs.open(file, flags, mode);
      return {
        async writeFile(data) {
          await handle.writeFile(typeof data === 'string' ? data.slice(0, 10) : data.subarray(0, 10));
          throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
        },
        sync: () => handle.sync(),
        close: () => handle.close(),
      };
    },
    rename: (a, b) => nodeFs.rename(a, b),
    rm: (f, o) => nodeFs.rm(f, o),
    stat: (f) => nodeFs.stat(f),
  };
}

describe('every write goes to a temporary file renamed over the target', () => {
  it('a full disk (injected ENOSPC): exit 2 naming the path and the reason, no stack trace, the old file byte-identical, no temporary left', async () => {
    const { file, dir } = tournamentAfter(2);
    const before = readFileSync(file);
    const fs = fullDiskFs();
    const r = await cli(['pair', file, '--round', '3', '--out', file], fs);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tengen: cannot write ${file}: the disk is full (ENOSPC); the file there is unchanged\n`);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(fs.temporaries).toHaveLength(1);
    expect(path.dirname(fs.temporaries[0])).toBe(dir);
    expect(leftovers(dir)).toEqual([]);
  });

  it('the same for a workbook written in place and for tengen workbook', async () => {
    const { file, dir } = await directorsWorkbook();
    const before = readFileSync(file);
    const inPlace = await cli(['pair', file, '--round', '3', '--out', file], fullDiskFs());
    expect(inPlace).toMatchObject({ code: 2, err: `tengen: cannot write ${file}: the disk is full (ENOSPC); the file there is unchanged\n` });
    const whole = await cli(['workbook', EXAMPLE, '--out', file, '--overwrite'], fullDiskFs());
    expect(whole.code).toBe(2);
    expect(whole.err).toMatch(/cannot write .*W\.xlsx: the disk is full \(ENOSPC\); the file there is unchanged/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a folder that does not exist, a path through a file, a folder as target: clear errors, exit 2', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'plain'), 'x');
    mkdirSync(path.join(dir, 'folder.json'));
    const cases: [string, RegExp][] = [
      [path.join(dir, 'nowhere', 'out.json'), /the folder does not exist \(ENOENT\); nothing was written/],
      [path.join(dir, 'plain', 'out.json'), /a part of the path is not a folder \(ENOTDIR\); nothing was written/],
      [path.join(dir, 'folder.json'), /it is a folder; nothing was written/],
    ];
    for (const [out, message] of cases) {
      const r = await cli(['pair', EXAMPLE, '--round', '3', '--out', out]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`cannot write ${out}: `);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it('writeFileAtomically keeps the permissions of the file it replaces, and throws only FileWriteError', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'kept.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    await writeFileAtomically(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(nodeFs.stat(file).then((s) => s.mode & 0o777)).resolves.toBe(0o640);
    await expect(writeFileAtomically(file, 'newer', fullDiskFs())).rejects.toBeInstanceOf(FileWriteError);
    expect(readFileSync(file, 'utf8')).toBe('new');
  });
});

/**
 * The disk for real: a 1 MB tmpfs, filled up, and the same tmpfs mounted read-only (needs root and the right to
 * mount, as on this project's machines). Where that is not allowed, an unwritable folder by permissions stands in
 * for the read-only disk and the injected full disk above stands for the real one — the test says which it ran.
 */
function mountTmpfs(options: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const mountPoint = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mountPoint], { stdio: 'ignore' });
    return mountPoint;
  } catch {
    return undefined;
  }
}
const unmount = (mountPoint: string) => spawnSync('umount', [mountPoint]);

describe('a real full disk and a real unwritable folder', () => {
  it('a full tmpfs: the old file byte-identical, exit 2, the reason named', async () => {
    const disk = mountTmpfs('size=1m');
    const dir = disk ?? tempDir();
    try {
      const file = path.join(dir, 'W.xlsx');
      expect((await cli(['workbook', EXAMPLE, '--out', file])).code).toBe(0);
      const before = readFileSync(file);
      if (disk) {
        // Fill what is left of the disk, so that the new file cannot be written beside the old one.
        const filler = path.join(disk, 'filler');
        spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k'], { stdio: 'ignore' });
        expect(spawnSync('df', ['--output=avail', disk], { encoding: 'utf8' }).stdout).toMatch(/\n\s*0\s*$/);
      }
      const r = await cli(['workbook', EXAMPLE, '--out', file, '--overwrite'], disk ? undefined : fullDiskFs());
      expect(r.code).toBe(2);
      expect(r.err).toBe(`tengen: cannot write ${file}: the disk is full (ENOSPC); the file there is unchanged\n`);
      expect(readFileSync(file).equals(before)).toBe(true);
      expect(leftovers(dir)).toEqual([]);
    } finally {
      if (disk) unmount(disk);
    }
  });

  it('an unwritable folder (a read-only disk, or no write permission): the old file byte-identical, exit 2', async () => {
    const dir = tempDir();
    const file = path.join(dir, 't.json');
    writeFileSync(file, readFileSync(EXAMPLE));
    const before = readFileSync(file);
    let reason: RegExp;
    const readOnly = mountTmpfs('size=1m');
    let target = file;
    if (readOnly) {
      // The same file on a disk remounted read-only.
      target = path.join(readOnly, 't.json');
      writeFileSync(target, before);
      execFileSync('mount', ['-o', 'remount,ro', readOnly]);
      reason = /the disk is read-only \(EROFS\)/;
    } else {
      chmodSync(dir, 0o555);
      reason = /permission denied \(EACCES\)/;
    }
    try {
      const r = await cli(['pair', target, '--round', '4', '--out', target, '--repair']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`^tengen: cannot write ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
      expect(r.err).toMatch(reason);
      expect(r.err).toMatch(/the file there is unchanged\n$/);
      expect(readFileSync(target).equals(before)).toBe(true);
    } finally {
      if (readOnly) unmount(readOnly);
      else chmodSync(dir, 0o755);
    }
    expect(existsSync(file)).toBe(true);
  });
});
