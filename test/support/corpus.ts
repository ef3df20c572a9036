/**
 * The shared corpus of real tournaments lives beside the project (../shared/corpus). A plain clone has no ../shared:
 * tests that read it skip, and say so once, so `npm test` still passes there.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { corpusFiles } from '../../src/check/digests';

export const SHARED_DIR = path.resolve(__dirname, '..', '..', '..', 'shared');
export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus');
export const SEEDS_DIR = path.join(SHARED_DIR, 'seeds');
export const HAS_CORPUS = existsSync(CORPUS_DIR);
/** Hand-written OpenGotha files isolating one standings rule each, with OpenGotha's values in their README. */
export const REPRO_DIR = path.join(SHARED_DIR, 'opengotha-repro');
export const HAS_REPRO = existsSync(REPRO_DIR);

export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_DIR, ...parts);
}

/** `describe` when ../shared/corpus exists, otherwise a skipped block with a message saying why. */
export function describeCorpus(name: string, body: () => void): void {
  describeShared(CORPUS_DIR, name, body);
}

/** `describe` when `dir` (a folder of ../shared) exists, otherwise a skipped block with a message saying why. */
export function describeShared(dir: string, name: string, body: () => void): void {
  if (existsSync(dir)) {
    describe(name, body);
  } else {
    describe(`${name} [skipped: ${dir} is absent — clone with ../shared beside the project to run it]`, () => {
      it.skip(`needs ${dir}`, () => undefined);
    });
    console.warn(`skipping "${name}": ${dir} is absent`);
  }
}

/** Every OpenGotha XML file of the corpus (the MacMahon sample, also .xml, left out), as absolute paths, sorted. */
export function corpusOpenGothaFiles(): string[] {
  return HAS_CORPUS ? corpusFiles(CORPUS_DIR) : [];
}
