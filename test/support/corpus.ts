/**
 * The shared corpus of real tournaments lives beside the project (../shared/corpus). A plain clone has no ../shared:
 * tests that read it skip, and say so once, so `npm test` still passes there.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

export const SHARED_DIR = path.resolve(__dirname, '..', '..', '..', 'shared');
export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus');
export const SEEDS_DIR = path.join(SHARED_DIR, 'seeds');
export const HAS_CORPUS = existsSync(CORPUS_DIR);

export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_DIR, ...parts);
}

/** `describe` when ../shared/corpus exists, otherwise a skipped block with a message saying why. */
export function describeCorpus(name: string, body: () => void): void {
  if (HAS_CORPUS) {
    describe(name, body);
  } else {
    describe(`${name} [skipped: ${CORPUS_DIR} is absent — clone with ../shared beside the project to run it]`, () => {
      it.skip('needs ../shared/corpus', () => undefined);
    });
    console.warn(`skipping "${name}": ${CORPUS_DIR} is absent`);
  }
}

/** Every OpenGotha XML file of the corpus (the MacMahon sample, also .xml, left out), as absolute paths. */
export function corpusOpenGothaFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const f = path.join(dir, name);
      if (statSync(f).isDirectory()) walk(f);
      else if (f.endsWith('.xml') && !name.startsWith('macmahon')) files.push(f);
    }
  };
  if (HAS_CORPUS) walk(CORPUS_DIR);
  return files;
}
