#!/usr/bin/env node
'use strict';
/**
 * Checks a production build of the add-in before it is published (.github/workflows/publish-addin.yml, and by hand:
 * `node scripts/check-addin-build.js dist/addin https://example.org/tengen/`):
 *  - the files Excel fetches are there (manifest, pages, scripts, functions.json, help page, icons);
 *  - every URL of the manifest and of functions.json is on the hosting URL (none left on https://localhost:3000/),
 *    the manifest's AppDomain is its origin, and the manifest is well-formed XML;
 *  - the ES5 guard (taskpane/guard.js) is the first script of both pages and parses as ES5 (Internet Explorer 11).
 * Prints each problem and exits 1; prints "ok" and exits 0 otherwise.
 */
const fs = require('node:fs');
const path = require('node:path');

function check(dir, url) {
  const problems = [];
  const read = (file) => fs.readFileSync(path.join(dir, file), 'utf8');
  if (!/^https:\/\/[^\s/]+\/(\S*\/)?$/.test(url)) problems.push(`the hosting URL "${url}" should be https:// and end with /`);
  const files = ['manifest.xml', 'taskpane.html', 'index.html', 'guard.js', 'taskpane.js', 'functions.js', 'functions.json', 'functions-help.html', 'assets/icon-32.png', 'assets/icon-80.png'];
  for (const f of files) if (!fs.existsSync(path.join(dir, f))) problems.push(`${f} is missing from ${dir}`);
  if (problems.length > 0) return problems;

  const manifest = read('manifest.xml');
  if (manifest.includes('localhost')) problems.push('manifest.xml still names localhost: build with ADDIN_URL set');
  for (const m of manifest.matchAll(/DefaultValue="(https:\/\/[^"]+)"/g)) {
    if (!m[1].startsWith(url)) problems.push(`manifest.xml: ${m[1]} is not on ${url}`);
  }
  const origin = new URL(url).origin;
  if (!manifest.includes(`<AppDomain>${origin}</AppDomain>`)) problems.push(`manifest.xml: the AppDomain should be ${origin}`);
  try {
    const { SaxesParser } = require('saxes');
    const parser = new SaxesParser({ xmlns: true });
    parser.write(manifest).close();
  } catch (e) {
    problems.push(`manifest.xml is not well-formed XML: ${e.message}`);
  }

  const metadata = JSON.parse(read('functions.json'));
  for (const f of metadata.functions) {
    if (f.helpUrl && !f.helpUrl.startsWith(url)) problems.push(`functions.json: ${f.id}'s help is at ${f.helpUrl}, not on ${url}`);
  }

  for (const page of ['taskpane.html', 'index.html']) {
    const first = /<script[^>]*src="?([^" >]+)"?[^>]*>/.exec(read(page));
    if (!first || first[1] !== 'guard.js' || /\b(defer|async)\b/.test(first[0])) problems.push(`${page}: the first script should be guard.js, run at once (not deferred)`);
  }
  try {
    require('acorn').parse(read('guard.js'), { ecmaVersion: 5 });
  } catch (e) {
    problems.push(`guard.js is not ES5 (Internet Explorer 11 could not parse it): ${e.message}`);
  }
  return problems;
}

if (require.main === module) {
  const [dir, url] = process.argv.slice(2);
  if (!dir || !url) {
    console.error('usage: node scripts/check-addin-build.js DIR HOSTING_URL (e.g. dist/addin https://example.org/tengen/)');
    process.exit(2);
  }
  const problems = check(dir, url);
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log(`ok: ${dir} is ready to publish at ${url}`);
}

module.exports = { check };
