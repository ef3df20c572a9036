import { CRITERIA } from '../model/tournament';

/** A command line the CLI cannot run as given: exit status 1, the message, then the usage text. */
export class UsageError extends Error {}

export const USAGE = `Usage:
  tengen standings FILE [--ruleset egf|bga|aqjg|opengotha] [--as-of ROUND] [--tiebreaks mms,sos,…] [--json]
  tengen explain FILE PLAYER CRITERION [--ruleset …] [--as-of ROUND] [--json]
  tengen pair FILE --round N [--system optimal|mays|opengotha] [--seeding slip|fold|random|adjacent] [--seed N]
              [--bye-method mays|opengotha] [--allow-repeats] [--weights] [--json] [--out FILE]
              [--force 3-7,4-9] [--forbid 2-5] [--bye 13] [--pin 3-7@1] [--relatives 2-5] [--host-city CITY]
              [--only 10-40|12,15,19] [--score-below SCORE] [--rest] [--repair] [--overwrite]
  tengen workbook FILE --out WORKBOOK.xlsx [--language en|fr] [--overwrite]
  tengen players LIST [--find NAME] [--format egf|ffg|aga] [--limit N] [--json]

FILE is Tengen tournament JSON (.json), OpenGotha XML (.xml) or a Tengen workbook (.xlsx).
PLAYER is an ID number or a unique part of a name.
pair's director's controls (player IDs): --force, --forbid and --relatives take pairs A-B, comma-separated or
repeated; --pin A-B@TABLE a forced pair at its table; --only and --score-below (whole or half points) pair part of
the field now; pair the same round of the --out file again to pair the rest, keeping the tables announced.
--pin, --only, --score-below, --rest, --allow-repeats, --seeding fold|random, --seed: optimal only;
--relatives, --host-city, --bye-method, --seeding slip|adjacent: optimal and mays; --weights: opengotha only.
CRITERION is one of: ${CRITERIA.join(', ')}.
--out writes the format its extension names: Tengen JSON (.json) or a Tengen workbook (.xlsx; the workbook given as
FILE is updated in place, your own sheets and the Log kept); any other extension is refused. Files are written to a
temporary file beside the target, then renamed over it: a failed write leaves the old file as it was.
--repair: pair --out may delete results or later rounds (a round is paired from the rounds before it); refused without.
LIST is a rating list: the EGF's EGD allworld file, the FFG échelle or the AGA TDList (the format is recognised, or
named by --format). --find prints its entries whose name matches NAME (case and accents ignored, family and given
name in either order, each word a prefix: "ala jean-f"), at most --limit of them (50); odd lines are reported.
--overwrite: replace the tournament sheets of an existing workbook named by --out; refused without.
A team tournament (settings.teams, docs/file-format.md): standings ranks the teams (team points, board wins, SOS;
--as-of, --json); pair draws team matches, board k against board k (--round, --json, --out FILE.json only).
`;
