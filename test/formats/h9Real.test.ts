/**
 * Tengen's EGD table (.h9) beside the real OpenGotha 3.51.02's (../shared/tools/opengotha/og h9: Publish › EGF rating
 * list export of Tengen's OpenGotha XML of the same tournament): every player's rank, country and club columns equal —
 * a player without a country `XX`, without a club `xxxx`, as OpenGotha writes them — and every round's cell names
 * the same opponent with the same result, colour and handicap. Places are compared through names (OpenGotha orders
 * by its own ruleset). Skips without ../shared or java (fails under CI).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { toAscii } from '../../src/formats/ascii';
import { exportTournament } from '../../src/formats/exportAll';
import { decodeH9, parseH9, type H9Row } from '../../src/formats/h9';
import { parseTournamentJson } from '../../src/formats/json';
import { exportOpenGotha } from '../../src/formats/opengothaExport';
import type { Tournament } from '../../src/model/tournament';
import { describeWithOg, ogAll, ogJson, ogScratch } from '../support/og';
import { value } from '../support/opengothaXml';

const example = (name: string): Tournament =>
  value(parseTournamentJson(readFileSync(path.join(__dirname, '../../examples', `${name}.json`), 'utf8'), `${name}.json`));

const quebec = example('quebec-open-mini');
/** Quebec with every case side by side: country and club, country only, club only, neither. */
const mixed: Tournament = {
  ...quebec,
  players: quebec.players.map((p, i) => {
    const q = { ...p };
    if (i % 4 === 0) q.country = 'CA';
    if (i % 4 === 1) q.country = 'FR';
    if (i % 4 === 1 || i % 4 === 3) delete q.club;
    return q;
  }),
};
const tournaments: readonly (readonly [string, Tournament])[] = [
  ['quebec-open-mini', quebec],
  ['egc-congress-final', example('egc-congress-final')],
  ['quebec-mixed', mixed],
];

/** The name as a key: ASCII, without the spaces or underscores that join its words. */
const keyOf = (name: string) => toAscii(name).replace(/[\s_]/g, '').toUpperCase();

function byName(rows: readonly H9Row[]): Map<string, H9Row> {
  return new Map(rows.map((r) => [keyOf(r.name), r]));
}

describeWithOg("Tengen's .h9 beside the real OpenGotha's export of the same tournament", () => {
  const scratch = ogScratch();
  const tables = new Map<string, { tengen: H9Row[]; og: H9Row[] }>();

  beforeAll(async () => {
    const files = tournaments.map(([name, t]) => {
      const xml = exportOpenGotha(t);
      if (!xml.ok) throw new Error(`${name}: ${xml.errors.map((e) => e.message).join('; ')}`);
      return { name, t, xml: scratch.write(`${name}.xml`, xml.text), out: path.join(scratch.dir, `${name}.og.h9`) };
    });
    const results = await ogAll(files.map((f) => ['h9', f.xml, f.out]));
    files.forEach((f, i) => {
      ogJson(results[i]);
      const mine = exportTournament(f.t, 'h9');
      if (!mine.ok) throw new Error(`${f.name}: Tengen's .h9 export failed`);
      tables.set(f.name, {
        tengen: [...value(parseH9(mine.text, `${f.name}.h9`)).rows],
        og: [...value(parseH9(decodeH9(readFileSync(f.out)), `${f.name}.og.h9`)).rows],
      });
    });
  }, 300_000);
  afterAll(() => scratch.done());

  it.each(tournaments.map(([n]) => [n]))("%s: every player's rank, country and club columns are OpenGotha's (XX, xxxx where none)", (name) => {
    const { tengen, og } = tables.get(name)!;
    const theirs = byName(og);
    expect(tengen).toHaveLength(og.length);
    const columns = (r: H9Row) => [keyOf(r.name), r.rank, r.country, toAscii(r.club)];
    expect(tengen.map(columns)).toEqual(tengen.map((r) => columns(theirs.get(keyOf(r.name))!)));
    expect(tengen.some((r) => r.country === 'XX' || r.club === 'xxxx')).toBe(true);
  });

  it.each(tournaments.map(([n]) => [n]))('%s: every round names the same opponent with the same result, colour and handicap', (name) => {
    const { tengen, og } = tables.get(name)!;
    const cells = (rows: readonly H9Row[]) => {
      const nameOfRow = new Map(rows.map((r) => [r.row, keyOf(r.name)]));
      return new Map(
        rows.map((r) => [
          keyOf(r.name),
          r.rounds.map((c) => [c.opponentPlace === 0 ? '-' : nameOfRow.get(c.opponentPlace), c.result, c.colour ?? '', c.handicap ?? '', c.byDefault]),
        ]),
      );
    };
    const theirs = cells(og);
    const mine = cells(tengen);
    expect([...mine.keys()].map((k) => [k, mine.get(k)])).toEqual([...mine.keys()].map((k) => [k, theirs.get(k)]));
  });
});
