/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  // tsconfig.json sets isolatedModules, so ts-jest transpiles each file on its own (no type check per test file):
  // `npm run typecheck` checks the types once, in CI before the tests (test/formats: 92 s of CPU became 59 s).
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  // One plain closing line ("N passed, N failed, N skipped") besides Jest's own summary, for CI logs.
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // Every property test draws from one recorded seed (TENGEN_FC_SEED overrides it): same inputs, same run.
  setupFiles: ['<rootDir>/test/support/fastCheckSeed.js'],
  // Every core: many tests wait on a child (Chromium, LibreOffice, the CLI, java) and a second worker fills that time.
  // On two cores the whole run went from ~600 s to ~320 s (warm cache); the end-to-end tests' build is shared under a lock.
  maxWorkers: '100%',
  testTimeout: 120000,
};
