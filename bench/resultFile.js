'use strict';
/**
 * Helper of bench/workbookCli.js, run as its own process so its CPU time is the whole path a command takes:
 *   node bench/resultFile.js make FILE         writes the 1,000-player, 10-round workbook (bench/generate.js)
 *   node bench/resultFile.js result FILE       loads FILE, writes one result of round 10 (read, batch, apply), saves it
 *   node bench/resultFile.js make-round FILE   writes the same workbook with round 10 not paired yet (its games and bye
 *                                              left out), and beside it FILE.round10.json: round 10's pairing as the
 *                                              generator made it (the tables, colours and handicaps of its games, its bye)
 *   node bench/resultFile.js round FILE        writes that pairing into FILE as `tengen pair FILE --round 10 --out FILE`
 *                                              does once the engine has paired (src/cli/output.ts, `pairIntoWorkbook`):
 *                                              the workbook read as the command reads it, the round's batch (Grid,
 *                                              pairing sheet, slips and table list, Log …) prepared, checked, applied,
 *                                              the file saved over FILE. The pairing itself is not computed here: the
 *                                              engine's own time is bench/pairing.js's.
 */
// What a result needs, as the CLI loads it (src/cli/main.ts: each command imports its own modules): the reading and the
// results batch, not the whole session's index (every wizard action and the pairing systems) nor the bench's generator,
// which only `make` uses (issue 28: those took some 100 ms of the measured CPU time).
// V8's tiering as every command of the CLI has it (bin/tengen.js, src/cli/tiering.ts).
require('../dist/cli/tiering').tuneTieringForOneShot();
const fs = require('node:fs');

const PLAYERS = 1000;
const ROUNDS = 10;

/** The bench's tournament (bench/generate.js), the same for every mode. */
function tournament() {
  const { generateMcMahon } = require('./generate');
  return generateMcMahon({ players: PLAYERS, rounds: ROUNDS, seed: 2026 });
}

/** A new workbook of `t` (the session's import batch), saved to `file`. */
async function makeWorkbook(file, t) {
  const { importBatch } = require('../dist/workbook/session');
  const { XlsxWorkbook } = require('../dist/workbook/adapters/xlsx');
  const { writeXlsxFile } = require('../dist/workbook/adapters/xlsxFile');
  const wb = XlsxWorkbook.create();
  await wb.apply(importBatch(t, { time: 'bench' }));
  await writeXlsxFile(file, wb);
}

async function main() {
  const [what, file] = process.argv.slice(2);
  if (what === 'make') return makeWorkbook(file, tournament());
  if (what === 'make-round') {
    const t = tournament();
    const games = t.games.filter((g) => g.round === ROUNDS);
    const bye = t.byes.find((b) => b.round === ROUNDS);
    await makeWorkbook(file, { ...t, games: t.games.filter((g) => g.round < ROUNDS), byes: t.byes.filter((b) => b.round < ROUNDS) });
    const pairing = {
      round: ROUNDS,
      system: 'optimal',
      games: games.map((g, i) => ({ table: g.table ?? i + 1, white: g.white, black: g.black, handicap: g.handicap, colourKnown: g.colourKnown !== false })),
      bye: bye ? bye.player : null,
      report: [],
    };
    fs.writeFileSync(`${file}.round${ROUNDS}.json`, JSON.stringify(pairing));
    return undefined;
  }
  if (what === 'round') {
    // The command's own steps after the engine: `load` (src/cli/main.ts), then `pairIntoWorkbook`.
    const { loadTournament } = require('../dist/workbook/load');
    const { pairIntoWorkbook } = require('../dist/cli/output');
    const pairing = JSON.parse(fs.readFileSync(`${file}.round${ROUNDS}.json`, 'utf8'));
    const read = await loadTournament(file);
    if (!read.ok) throw new Error(`workbook did not read back: ${read.errors[0].message}`);
    await pairIntoWorkbook(file, read.value, pairing, { repair: false, rest: false });
    return undefined;
  }
  const { readTournament } = require('../dist/workbook/session/read');
  const { resultsBatch } = require('../dist/workbook/session/results');
  const { readXlsxFile, writeXlsxFile } = require('../dist/workbook/adapters/xlsxFile');
  const wb = await readXlsxFile(file);
  const read = await readTournament(wb);
  if (!read.ok) throw new Error('workbook did not read back');
  const game = read.value.games.find((g) => g.round === ROUNDS);
  await wb.apply(resultsBatch(read.value, ROUNDS, [{ table: game.table, result: 'jigo' }], { confirmOverwrite: true, time: 'bench' }));
  await writeXlsxFile(file, wb);
  return undefined;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
