/** Tengen's version, as in package.json (test/addin/functions.test.ts keeps them equal). */
export const TENGEN_VERSION = '0.1.0';
