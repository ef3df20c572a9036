/** Types of bench/generate.js (src/check/generate.ts, built), so TypeScript tests share its seeded generator. */
export function mulberry32(seed: number): () => number;
export function generateMcMahon(options?: { players?: number; rounds?: number; seed?: number }): unknown;
export function generateTournament(options?: Record<string, unknown>): unknown;
