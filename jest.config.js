/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  // One plain closing line ("N passed, N failed, N skipped") besides Jest's own summary, for CI logs.
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 120000,
};
