'use strict';
/**
 * Preloaded (`node --require bench/cpuReport.js bin/tengen.js …`) by the workbook CLI benchmark: on exit, writes the
 * process's CPU time (user + system, ms) and peak resident memory (MB) as one JSON line to the file named by
 * TENGEN_CPU_REPORT. Measures the whole command, start-up included, as a director's shell would see it.
 */
const fs = require('node:fs');

const report = process.env.TENGEN_CPU_REPORT;
if (report) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1000;
    fs.appendFileSync(report, `${JSON.stringify({ cpu, rssMB: usage.maxRSS / 1024 })}\n`);
  });
}
