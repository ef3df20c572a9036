#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI is compiled to dist/ by `npm ci` (the `prepare` script) or `npm run build:engine`.
// Every command runs once over a tournament and exits: V8 optimises only what runs long (dist/cli/tiering.js, issue 28).
require('../dist/cli/tiering.js').tuneTieringForOneShot();
const { main } = require('../dist/cli/main.js');
// A reader that stops early (`tengen standings FILE | head -1`) closes the pipe: the output nobody reads any more is
// dropped quietly, as other command-line tools do, instead of an unhandled EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error && error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
