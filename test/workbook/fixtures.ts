/**
 * Shared by the workbook tests: the bundled example, generated tournaments, and the part of a tournament the grid
 * carries (what a round trip through the Grid sheet must preserve).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { generateMcMahon } from '../../bench/generate';
import { formatInputError, type Parsed } from '../../src/model/errors';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { importBatch } from '../../src/workbook/session';

export const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');

export function value<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error(p.errors.map(formatInputError).join('\n'));
  return p.value;
}

export function errorsOf(p: Parsed<unknown>): string[] {
  return p.ok ? [] : p.errors.map(formatInputError);
}

export function example(): Tournament {
  return value(parseTournamentJson(readFileSync(EXAMPLE, 'utf8'), EXAMPLE));
}

export function generated(players: number, rounds: number, seed: number): Tournament {
  return generateMcMahon({ players, rounds, seed }) as unknown as Tournament;
}

/** The rounds with any game or bye. */
function pairedRoundSet(t: Tournament): Set<number> {
  return new Set([...t.games.map((g) => g.round), ...t.byes.map((b) => b.round)]);
}

/** What the Grid sheet holds of a tournament, in a canonical order. */
export function gridPart(t: Tournament) {
  const paired = pairedRoundSet(t);
  return {
    name: t.name,
    location: t.location,
    director: t.director,
    beginDate: t.beginDate,
    endDate: t.endDate,
    settings: {
      system: t.settings.system,
      rounds: t.settings.rounds,
      ruleset: t.settings.ruleset,
      bar: t.settings.bar,
      floor: t.settings.floor,
      mmsZero: t.settings.mmsZero,
      sections: t.settings.sections,
    },
    players: [...t.players]
      .sort((a, b) => a.id - b.id)
      .map((p) => {
        const played = new Set([...t.games.filter((g) => g.white === p.id || g.black === p.id).map((g) => g.round), ...t.byes.filter((b) => b.player === p.id).map((b) => b.round)]);
        return {
          id: p.id,
          family: p.family,
          given: p.given,
          rank: p.rank + 0, // the generator can produce −0
          club: p.club ?? p.city,
          section: p.section,
          initialMms: p.initialMms,
          absentRounds: [...paired].filter((r) => !played.has(r)).sort((a, b) => a - b),
        };
      }),
    games: [...t.games]
      .map((g) => ({ round: g.round, white: g.white, black: g.black, handicap: g.handicap, result: g.result, colourKnown: g.colourKnown !== false }))
      .sort((a, b) => a.round - b.round || a.white - b.white),
    byes: [...t.byes].sort((a, b) => a.round - b.round || a.player - b.player),
  };
}

/** The bundled example written into an in-memory workbook with its last round's results not yet typed, and the full tournament. */
export async function importedWithoutLastResults(time = '2026-05-16T09:00:00Z'): Promise<{ wb: MemoryWorkbook; full: Tournament }> {
  const full = example();
  const last = full.settings.rounds;
  const partial: Tournament = { ...full, games: full.games.map((g) => (g.round === last ? { ...g, result: 'unknown' } : g)) };
  const wb = new MemoryWorkbook();
  await wb.apply(importBatch(partial, { time }));
  return { wb, full };
}
