/**
 * A seeded random source for tests, so that every failure replays: bench/generate.js's mulberry32, shared by the
 * benchmarks and the tests.
 */
import { mulberry32 } from '../../bench/generate';

export function seededRandom(seed: number): () => number {
  return mulberry32(seed);
}
