/**
 * Every batch's printed sheets set up for the tournament's paper (print/paper.ts: `paperOf`, the director's choice
 * in Settings or the paper of the field's country; issue 25), in one place rather than in each action. Apart from the
 * session's entry (./index.ts) with the import batch, so that `tengen workbook` loads the import alone, not every
 * wizard action and the pairing systems they bring (issue 28).
 */
import type { Tournament } from '../../model/tournament';
import type { WorkbookBatch } from '../adapters/adapter';
import { paperOf, withPaper } from '../print/paper';
import { importBatch as importWhole } from './newTournament';

export function papered<A extends unknown[]>(batch: (t: Tournament, ...rest: A) => WorkbookBatch): (t: Tournament, ...rest: A) => WorkbookBatch {
  return (t, ...rest) => withPaper(batch(t, ...rest), paperOf(t));
}

/** A tournament (a file imported, or `tengen workbook`) written whole: the session's import batch, papered. */
export const importBatch = papered(importWhole);
