/**
 * The house's import rules (scripts/check-imports.js, run by `npm run lint`): it passes on the project as it is, and
 * fails, naming file and line, on a planted import cycle and on a planted import from a higher room.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const SCRIPT = path.resolve(__dirname, '..', '..', 'scripts', 'check-imports.js');

function plant(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tengen-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('scripts/check-imports.js', () => {
  it('passes on the project itself', () => {
    expect(execFileSync(process.execPath, [SCRIPT], { encoding: 'utf8' })).toMatch(/no import cycle, no import from a higher room/);
  });

  it('fails on an import cycle, naming both files and lines', () => {
    const root = plant({
      'src/scoring/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/scoring/b.ts': "\nimport { a } from './a';\nexport const b = () => a;\n",
    });
    try {
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain('import cycle between 2 files');
      expect(output).toContain('src/scoring/a.ts:1 imports src/scoring/b.ts');
      expect(output).toContain('src/scoring/b.ts:2 imports src/scoring/a.ts');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fails on an import from a higher room (the engine reaching up into a system, the workbook or the CLI)', () => {
    const root = plant({
      'src/pairing/byes.ts': "import { opengotha } from '../systems/opengotha/bye';\nexport const byes = opengotha;\n",
      'src/systems/opengotha/bye.ts': 'export const opengotha = 1;\n',
      'src/formats/load.ts': "import { read } from '../workbook/session';\nexport const load = read;\n",
      'src/workbook/session/index.ts': 'export const read = 1;\n',
      'src/systems/mcmahon/optimal.ts': "import { byes } from '../../pairing/byes';\nexport const optimal = byes;\n",
    });
    try {
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain('src/pairing/byes.ts:1: the pairing room imports src/systems/opengotha/bye.ts from the systems room, above it');
      expect(output).toContain('src/formats/load.ts:1: the formats room imports src/workbook/session/index.ts from the workbook room, above it');
      expect(output).not.toContain('src/systems/mcmahon/optimal.ts');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
