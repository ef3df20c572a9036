#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI is compiled to dist/ by `npm ci` (the `prepare` script) or `npm run build:engine`.
const { main } = require('../dist/cli/main.js');
main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
