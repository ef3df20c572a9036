'use strict';
/** Prints one closing line a CI log reader understands: "tests: N passed, N failed, N skipped". */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    // A suite that fails to load runs no test; count it as a failure so the line never hides it.
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
