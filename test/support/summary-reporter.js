'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * Prints one closing line a CI log reader understands: "tests: N passed, N failed, N skipped", and the ten slowest
 * test files (CI must stay under 15 minutes; this says where the time goes). All files' times are kept in
 * test-artifacts/test-times.json.
 */
class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.times = [];
  }

  onTestResult(_test, result) {
    const ms = (result.perfStats?.end ?? 0) - (result.perfStats?.start ?? 0);
    this.times.push({ file: path.relative(this.rootDir, result.testFilePath), ms });
  }

  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    // A suite that fails to load runs no test; count it as a failure so the line never hides it.
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const slowest = [...this.times].sort((a, b) => b.ms - a.ms);
    if (slowest.length > 1) {
      process.stdout.write('\nslowest test files:\n');
      for (const t of slowest.slice(0, 10)) process.stdout.write(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file}\n`);
      try {
        const dir = path.join(this.rootDir, 'test-artifacts');
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'test-times.json'), JSON.stringify(slowest, null, 1));
      } catch {
        // The times are a convenience; a read-only checkout still gets its summary line.
      }
    }
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
