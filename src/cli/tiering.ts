/**
 * V8's tiering for a command that runs once over a congress's data and exits (issue 28).
 *
 * Measured on `tengen workbook` of the EGC 2024 file (710 players; bench/workbookCli.js): of its ~5.0 billion
 * instructions (valgrind --tool=callgrind, every thread counted), some 1.5 billion were TurboFan, V8's optimising
 * compiler, compiling functions that had run just long enough to be judged hot and then ran only a little longer —
 * the work of a long-lived server, not of a command. V8 judges a function hot once it has spent its "interrupt
 * budget" (`--interrupt-budget`, bytes of bytecode executed; 67,584 in Node 20's V8 11.3). With a budget eight times
 * larger, only what really runs long is optimised (a sheet's XML, the standings' sort): 3.90 billion instructions
 * instead of 4.73, the command's CPU time some 15–20 % less; a 10,000-player workbook no slower. The other budgets
 * tried: 262,144 and 1,048,576 (3.94 billion; the 10,000-player workbook 7 % slower), and no optimising compiler at
 * all (`--max-opt=1`: the EGC workbook faster still, the 10,000-player one 15 % slower).
 *
 * Set with `v8.setFlagsFromString`, which Node documents as to be used with care: a flag changed after the VM started
 * "may simply do nothing" (https://nodejs.org/api/v8.html#v8setflagsfromstringflags). This one only moves the point
 * where V8 decides to optimise (functions compiled before keep the budget they had); it changes what is computed in
 * no way. An unknown flag is refused by V8 on stderr, so it is set only on the V8 it was measured on (major 11,
 * Node 20); elsewhere nothing is changed.
 *
 * Set for every command by the launcher (bin/tengen.js), before the CLI's modules load. Measured there (quiet machine,
 * CPU medians of 3): `pair egc.xml --round 2 --json` 1,744 → 1,152 ms, `pair W.xlsx --round 2 --out W.xlsx`
 * 2,592 → 2,074, `standings egc.xml` 453 → 369, `check` of the EGC file 1.6 → 1.1–1.4 s; a 2,000-player round
 * from JSON unchanged (1.5 s either way).
 *
 * What TurboFan inlines into a function it compiles is held to 200 bytes of bytecode in all
 * (`--max-inlined-bytecode-size-cumulative`, 920 in V8 11.3): a command's functions run once over a congress's data,
 * and compiling callees into them costs more than the calls it saves (issue 28; the reading of a sheet's cells,
 * compiled twice — on-stack, then whole — with every path the priming showed it inlined). Measured with valgrind
 * (--single-threaded, instructions of every thread): a round written into the 1,000 × 10 workbook (bench/resultFile.js
 * round) 7,182 → 7,022 million, `pair field.xml --round 2 --json` (EGC 2024) 4,677 → 4,463 million (400: 4,564;
 * 100: 4,534), `pair W.xlsx --round 2 --out W.xlsx` 7,668 → 7,404 million; the 2,000-player field's ten rounds in one
 * process (bench/pairing.js with both flags on its command line) 7.46 s → 7.49 s CPU, within the noise.
 * Like the budget, it changes where V8 compiles, never what is computed.
 */
import { setFlagsFromString } from 'node:v8';

const MEASURED_V8_MAJOR = '11';

export function tuneTieringForOneShot(): void {
  if (process.versions.v8.split('.')[0] !== MEASURED_V8_MAJOR) return;
  setFlagsFromString('--interrupt-budget=524288');
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=200');
}
