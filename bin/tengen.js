#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI is compiled to dist/ by `npm ci` (the `prepare` script) or `npm run build:engine`.
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
