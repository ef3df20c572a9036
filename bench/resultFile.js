'use strict';
/**
 * Helper of bench/workbookCli.js, run as its own process so its CPU time is the whole path a command takes:
 *   node bench/resultFile.js make FILE     writes the 1,000-player, 10-round workbook (bench/generate.js)
 *   node bench/resultFile.js result FILE   loads FILE, writes one result of round 10 (read, batch, apply), saves it
 */
// What a result needs, as the CLI loads it (src/cli/main.ts: each command imports its own modules): the reading and the
// results batch, not the whole session's index (every wizard action and the pairing systems) nor the bench's generator,
// which only `make` uses (issue 28: those took some 100 ms of the measured CPU time).
// V8's tiering as every command of the CLI has it (bin/tengen.js, src/cli/tiering.ts).
require('../dist/cli/tiering').tuneTieringForOneShot();
const { readTournament } = require('../dist/workbook/session/read');
const { resultsBatch } = require('../dist/workbook/session/results');
const { readXlsxFile, writeXlsxFile } = require('../dist/workbook/adapters/xlsxFile');

async function main() {
  const [what, file] = process.argv.slice(2);
  if (what === 'make') {
    const { generateMcMahon } = require('./generate');
    const { importBatch } = require('../dist/workbook/session');
    const { XlsxWorkbook } = require('../dist/workbook/adapters/xlsx');
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(generateMcMahon({ players: 1000, rounds: 10, seed: 2026 }), { time: 'bench' }));
    await writeXlsxFile(file, wb);
    return;
  }
  const wb = await readXlsxFile(file);
  const read = await readTournament(wb);
  if (!read.ok) throw new Error('workbook did not read back');
  const game = read.value.games.find((g) => g.round === 10);
  await wb.apply(resultsBatch(read.value, 10, [{ table: game.table, result: 'jigo' }], { confirmOverwrite: true, time: 'bench' }));
  await writeXlsxFile(file, wb);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
