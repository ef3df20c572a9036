#!/usr/bin/env bash
# System packages the end-to-end tests need, installed by the project itself (a fresh machine and CI have none):
#   chromium          the standalone task pane driven headless through playwright-core (test/e2e/standalone.test.ts)
#   libreoffice-calc  opens a saved workbook and prints it to PDF (test/e2e/libreoffice.test.ts)
#   poppler-utils     pdftotext / pdftoppm read that PDF back
#   fonts-dejavu-core a font for LibreOffice to print with (a minimal machine has none)
#   fonts-crosextra-carlito  Carlito, metric-compatible with Calibri (the font of the workbooks Tengen writes): with
#                     it LibreOffice lays the printouts out as Excel does, so the page tests measure Excel's pages
#   default-jre-headless  java, for the real OpenGotha 3.51.02 (../shared/tools/opengotha/og) that the OpenGotha export
#                     tests open Tengen's files with (test/formats/opengothaReal.test.ts) and `npm run bench` times
#
# Idempotent: checks each binary first and does nothing when all are present. As root with apt-get available it runs
# `apt-get update` once and installs what is missing with --no-install-recommends; otherwise it prints the exact
# command to run and exits 0 (the tests then skip, saying why, except under CI where they fail).
set -euo pipefail

# package:binary it provides
required=(
  "chromium:chromium"
  "libreoffice-calc:libreoffice"
  "poppler-utils:pdftotext"
  "poppler-utils:pdftoppm"
  "fonts-dejavu-core:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  "fonts-crosextra-carlito:/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf"
  "default-jre-headless:java"
)

missing=()
for entry in "${required[@]}"; do
  package="${entry%%:*}"
  binary="${entry#*:}"
  if [[ "$binary" == /* ]]; then present() { [ -e "$1" ]; }; else present() { command -v "$1" >/dev/null 2>&1; }; fi
  if ! present "$binary"; then
    case " ${missing[*]-} " in
      *" $package "*) ;;
      *) missing+=("$package") ;;
    esac
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "system-deps: chromium, libreoffice, pdftotext, pdftoppm, a font and java are installed"
  exit 0
fi

command_line="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
  echo "system-deps: installed ${missing[*]}"
else
  echo "system-deps: missing ${missing[*]}; install them with:"
  echo "  sudo sh -c '$command_line'"
  echo "system-deps: the end-to-end tests skip without them (and fail under CI)"
fi
exit 0
