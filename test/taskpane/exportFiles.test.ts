/** The pane's Export action: each format's file name, type and text, and the errors of a format that refuses. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXPORT_CHOICES, exportOffer } from '../../taskpane/exportFiles';
import { parseTournamentJson } from '../../src/formats/json';
import type { Tournament } from '../../src/model/tournament';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');
const parsed = parseTournamentJson(readFileSync(EXAMPLE, 'utf8'), EXAMPLE);
if (!parsed.ok) throw new Error('example');
const t: Tournament = parsed.value;

describe('exportOffer', () => {
  it.each([
    ['h9', 'Quebec-Open-mini-invented-example-2026.h9', /^; CL\[/],
    ['aga', 'Quebec-Open-mini-invented-example-2026-aga.txt', /TOURNEY /],
    ['ffg', 'Quebec-Open-mini-invented-example-2026.tou', /^;name=/],
    ['opengotha', 'Quebec-Open-mini-invented-example-2026.xml', /dataVersion="201"/],
  ] as const)('%s', (format, fileName, text) => {
    const made = exportOffer(t, format);
    expect(made.ok).toBe(true);
    if (made.ok) {
      expect(made.offer.fileName).toBe(fileName);
      expect(made.offer.text).toMatch(text);
    }
  });

  it('offers the four formats', () => expect(EXPORT_CHOICES.map(([f]) => f)).toEqual(['h9', 'aga', 'ffg', 'opengotha']));

  it('passes on the errors of an export that cannot be made', () => {
    const twin = { ...t.players[0], id: 99 as never };
    const made = exportOffer({ ...t, players: [...t.players, twin] }, 'opengotha');
    expect(made.ok).toBe(false);
  });
});
