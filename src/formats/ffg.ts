/**
 * FFG results export (".tou"), the file the French Go Federation's rating list ("échelle") takes, as Pairgoth and
 * OpenGotha write it: a header of `;key=value` lines — `;name=` (short name), `;date=` (dd/mm/yyyy), `;vill=` (the
 * town), `;comm=` (the full name), `;prog=`, `;time=` (basic time, minutes), `;ta=` (adjusted time), `;size=`,
 * `;komi=` — then `;Num Nom Prenom Niv Licence Club` and one line per player in place order: row number (4), "Family
 * Given" (24), rank (3), FFG licence (7), club (6), and per round the opponent's row, the result, the colour and the
 * handicap without "/" ("12+w0"), or `0+`, `0=`, `0-` without a game.
 */
import type { Standings } from '../scoring/standings';
import { formatRank } from '../model/rank';
import { displayName } from '../model/tournament';
import { column, exported, type Exported } from './export';
import { adjustedTime, roundCells } from './h9Export';

/** "07/09/2018" from "2018-09-07". */
function frenchDate(iso: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? '');
}

export function exportFfg(s: Standings): Exported {
  const t = s.tournament;
  const notes: string[] = [];
  const general = t.settings.opengotha?.generalParameters;
  const time = adjustedTime(general);
  if (!time) notes.push(';time= and ;ta= are empty: Tengen does not know the time system; fill them in (minutes) before sending');
  const lines = [
    `;name=${t.shortName ?? t.name}`,
    `;date=${frenchDate(t.beginDate)}`,
    `;vill=${t.location ?? ''}`,
    `;comm=${t.name}`,
    ';prog=Tengen',
    `;time=${time ? time.basic : ''}`,
    `;ta=${time ? Math.floor(time.adjusted) : ''}`,
    `;size=${general?.size ?? 19}`,
    `;komi=${t.settings.komi ?? ''}`,
    ';',
    ';Num Nom Prenom               Niv Licence Club',
  ];
  const cells = roundCells(s);
  let withoutLicence = 0;
  s.entries.forEach((e, i) => {
    const p = e.player;
    const licence = p.extra?.ffgLicence?.trim() ?? '';
    if (!licence) withoutLicence++;
    const name = `${p.family} ${p.given}`.trim();
    if (name.length > 24) notes.push(`${p.id} (${displayName(p)}): the name is cut to 24 characters`);
    const rounds = cells.get(p.id)!.map((c) => column(c.replace('/', ''), 7, 'right'));
    lines.push(
      `${column(String(i + 1), 4, 'right')} ${column(name, 24)} ${column(formatRank(p.rank).toUpperCase(), 3, 'right')} ${column(licence, 7)}   ${column(p.club ?? '', 6, 'right')} ${rounds.join(' ')}`.trimEnd(),
    );
  });
  if (withoutLicence > 0) notes.push(`${withoutLicence} player${withoutLicence === 1 ? ' has' : 's have'} no FFG licence number: the licence column is blank`);
  return exported(`${lines.join('\n')}\n`, notes);
}
