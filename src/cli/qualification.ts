/**
 * `tengen qualification LEAGUE CONGRESS [--json] [--out LIST.xlsx [--overwrite]]`: the combined qualification list
 * for international tournaments (src/systems/egc/qualificationList.ts) — printed, as JSON, or written to a
 * workbook's Qualification sheet (its other sheets kept).
 */
import { statSync } from 'node:fs';
import { TengenInputError } from '../model/errors';
import { displayName, type Tournament } from '../model/tournament';
import { qualificationList, type QualificationList } from '../systems/egc/qualificationList';
import { qualificationOps, QUALIFICATION_SHEET } from '../workbook/sheets/qualificationSheet';
import { writeFileAtomically, type WriterFs } from './files';
import { Refusal } from './output';

export function qualificationOrRefuse(league: Tournament, congress: Tournament, files: { league: string; congress: string }): QualificationList {
  const q = qualificationList(league, congress, files);
  if (!q.ok) throw new TengenInputError(q.errors);
  return q.value;
}

export function qualificationJson(q: QualificationList) {
  return {
    league: q.league,
    congress: q.congress,
    provisional: q.provisional,
    rule: q.rule,
    entries: q.entries.map((e) => ({ position: e.position, from: e.from, id: e.player.id, name: displayName(e.player), country: e.player.country ?? null, rating: e.player.rating ?? null, egdPin: e.player.egdPin ?? null, place: e.place, why: e.why })),
    inLeague: q.inLeague.map(displayName),
  };
}

export function renderQualification(q: QualificationList): string {
  const width = String(q.entries.length).length;
  const lines = [
    `Qualification for international tournaments: ${q.league}, then ${q.congress}${q.provisional ? ' (provisional: the McMahon is not over)' : ''}`,
    `(${q.rule}: the league's players by final place, ties by rating then lottery, then the McMahon's Europeans; a player who declines is replaced by the next in order)`,
    '',
    ...q.entries.map((e) => `${String(e.position).padStart(width)}. ${displayName(e.player)}${e.player.country ? ` (${e.player.country})` : ''} — ${e.from === 'league' ? '' : 'McMahon: '}${e.why}`),
  ];
  if (q.inLeague.length > 0) lines.push('', `In the McMahon's order too, listed once at their league place: ${q.inLeague.map(displayName).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

export async function writeQualificationWorkbook(q: QualificationList, out: string, overwrite: boolean, fs?: WriterFs): Promise<string> {
  const exists = statSync(out, { throwIfNoEntry: false }) !== undefined;
  if (exists && !overwrite) {
    throw new Refusal(`${out} already exists: writing replaces its ${QUALIFICATION_SHEET} sheet (other sheets are kept). Add --overwrite to do so, or give another --out. Nothing was written`);
  }
  const { XlsxWorkbook } = await import('../workbook/adapters/xlsx');
  const { readXlsxFile } = await import('../workbook/adapters/xlsxFile');
  const wb = exists ? await readXlsxFile(out) : XlsxWorkbook.create();
  await wb.apply({ label: 'Qualification list', ops: qualificationOps(q) });
  await writeFileAtomically(out, await wb.save(), fs);
  return `${out}: ${QUALIFICATION_SHEET} (${q.entries.length} players)\n`;
}
