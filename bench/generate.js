'use strict';
/**
 * The seeded generators of src/check/generate.ts, built (`npm run build:engine`): one copy of the logic, shared by the
 * benchmarks, `npm run quality`, the tests and `tengen generate`.
 *  - generateMcMahon({ players, rounds, seed }): the benchmarks' large McMahon, paired by the nearest unplayed
 *    neighbour (fast; its random sequence is fixed so that benchmark figures compare across runs);
 *  - generateTournament(options): a field drawn round by round by the engine's own pairing system;
 *  - mulberry32(seed): the seeded random source.
 */
const { generateMcMahon, generateTournament, mulberry32 } = require('../dist/check/generate');

module.exports = { generateMcMahon, generateTournament, mulberry32 };
