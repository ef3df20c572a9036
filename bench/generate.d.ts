/** Types of bench/generate.js, so TypeScript tests share its seeded generator instead of copying it. */
export function mulberry32(seed: number): () => number;
export function generateMcMahon(options?: { players?: number; rounds?: number; seed?: number }): unknown;
