/**
 * `tengen check FILE [--json] [--no-compare]`: the pairing checker (../check/checker) over any tournament file Tengen
 * reads. Exit status 0 when no hard rule is broken, `HARD_RULE_BROKEN` when one is (repeated game, second bye, absent
 * player paired, a player at two tables), 2 for a file it cannot read (the same errors as every command).
 */
import type { Tournament } from '../model/tournament';
import { checkTournament, renderCheck, type CheckReport } from '../check/checker';

/** The exit status of a file that breaks a hard rule (distinct from 1, usage, and 2, bad input). */
export const HARD_RULE_BROKEN = 3;

export interface CheckRun {
  readonly text: string;
  readonly status: number;
  readonly report: CheckReport;
}

export function runCheck(t: Tournament, file: string, options: { json: boolean; compare: boolean }): CheckRun {
  const report = checkTournament(t, { compare: options.compare });
  const text = options.json ? `${JSON.stringify({ file, ...report }, null, 2)}\n` : renderCheck(report, file);
  return { text, status: report.hardViolations > 0 ? HARD_RULE_BROKEN : 0, report };
}
