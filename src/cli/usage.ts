import { CRITERIA } from '../model/tournament';

/** A command line the CLI cannot run as given: exit status 1, the message, then the usage text. */
export class UsageError extends Error {}

export const USAGE = `Usage:
  tengen standings FILE [--ruleset egf|bga|aqjg|opengotha|czech] [--as-of ROUND] [--tiebreaks mms,sos,…] [--json]
  tengen explain FILE PLAYER CRITERION [--ruleset …] [--as-of ROUND] [--json]
  tengen explain FILE PLAYER czech [--as-of ROUND] [--json]   why he stands where he does in the Czech order
  tengen explain FILE PLAYER place [--ruleset …] [--as-of ROUND] [--json]   his place in words, against his neighbours
  tengen pair FILE --round N [--system optimal|mays|opengotha] [--seeding slip|fold|random|adjacent] [--seed N]
              [--bye-method mays|opengotha] [--allow-repeats] [--weights] [--json] [--out FILE]
              [--opengotha-rules released|corrected] [--opengotha-chunks]
              [--force 3-7,4-9] [--forbid 2-5] [--bye 13] [--pin 3-7@1] [--relatives 2-5] [--host-city CITY]
              [--only 10-40|12,15,19] [--score-below SCORE] [--rest] [--repair] [--overwrite]
  tengen workbook FILE --out WORKBOOK.xlsx [--language en|fr] [--overwrite]
  tengen players LIST [--find NAME] [--format egf|ffg|aga] [--limit N] [--json]
  tengen export FILE --format h9|aga|ffg|opengotha --out OUT [--overwrite] [--unspellable-names]
                [h9: --class A|B|C|D --adjusted-time MIN [--basic-time MIN] --country CC --city NAME --dates D1[,D2] --komi N | --incomplete]
  tengen lots FILE --by lottery|rating|id [--seed N] --out FILE.json [--overwrite]
  tengen playoff LEAGUE|QT [--json] [--out FILE.json|WORKBOOK.xlsx [--overwrite]]
  tengen pko PKO [--emergency N] [--json]
  tengen qualification LEAGUE CONGRESS [--json] [--out LIST.xlsx [--overwrite]]
  tengen series FILE1 FILE2 …|SERIES.xlsx [--as-of N|FILE] [--json] [--out SERIES.xlsx [--overwrite]]
  tengen publish FILE --out DIR|SITE.zip|SITE.html [--base-url URL] [--language en|fr] [--url-key id|pin]
              [--show-ratings] [--show-pins] [--overwrite]
  tengen check FILE [--json] [--no-compare]
  tengen generate [--players N] [--rounds N] [--seed N] [--ranks 20k-5d] [--bar 3d|none] [--swiss] [--ruleset R]
              [--system optimal|mays|opengotha] [--absence P] [--out FILE.json [--overwrite]]

FILE is Tengen tournament JSON (.json), OpenGotha XML (.xml), MacMahon 3.9 XML (.xml), Pairgoth (.tour), EGD
results (.h9) or a Tengen workbook (.xlsx).
export writes EGD results (h9), AGA results (aga), FFG results (.tou, ffg) or OpenGotha XML (opengotha) to OUT;
what the format cannot hold is noted on stderr. An existing OUT is replaced only with --overwrite.
The European Go Congress McMahon ("egc": true in the file's settings): standings add the European Open Champion and
the qualification order of Europeans (--json: an object { standings, europeanChampion, qualificationOrder, … }
instead of the list); pair adds the PKO games of rounds 1–3 and the forced pairings of rounds 9 and 10 (optimal only).
PLAYER is an ID number or a unique part of a name.
pair's director's controls (player IDs): --force, --forbid and --relatives take pairs A-B, comma-separated or
repeated; --pin A-B@TABLE a forced pair at its table; --only and --score-below (whole or half points) pair part of
the field now; pair the same round of the --out file again to pair the rest, keeping the tables announced.
--pin, --only, --score-below, --rest, --allow-repeats, --seeding fold|random, --seed: optimal only;
--relatives, --host-city, --bye-method, --seeding slip|adjacent: optimal and mays; --weights: opengotha only.
--opengotha-rules (opengotha only): released (default), the draw of OpenGotha 3.51.02 as published; corrected, the
modified engine of OpenGotha's weight dumps. --opengotha-chunks (opengotha only): on more than 600 players, pair in
OpenGotha's chunks of 200–600 from the top score down (its very draw) instead of the whole field at once.
CRITERION is one of: ${CRITERIA.join(', ')}.
--out writes the format its extension names: Tengen JSON (.json) or a Tengen workbook (.xlsx; the workbook given as
FILE is updated in place, your own sheets and the Log kept); any other extension is refused. Files are written to a
temporary file beside the target, then renamed over it: a failed write leaves the old file as it was.
--repair: pair --out may delete results or later rounds (a round is paired from the rounds before it); refused without.
LIST is a rating list: the EGF's EGD allworld file, the FFG échelle or the AGA TDList (the format is recognised, or
named by --format). --find prints its entries whose name matches NAME (case and accents ignored, family and given
name in either order, each word a prefix: "ala jean-f"), at most --limit of them (50); odd lines are reported.
lots assigns the pairing numbers a round-robin pairs by (--by lottery needs --seed; rating ties are broken by the
lottery of --seed, 0 when not given); the seed is recorded in the file, so the same seed gives the same numbers.
playoff: after a round-robin league (ties for places 1–3, 1–4 with 12 players) or a QT (a tie for first), the knockout
playoffs its ties need, the round to play and the final places (standings place the players the same way);
--out writes that round's games (colours by nigiri) into the file's "playoffs" section, where their results go, or
onto a workbook's Bracket sheet (the workbook given as LEAGUE is updated in place), where they are typed.
pko: after the European Championship's Preliminary Knockout Tournaments (bracket egc-pko-24 or egc-pko-32), who they
qualify for the league; --emergency N: the N players the emergency rule adds when N qualified players could not come
(the smallest pairing numbers with exactly 2 PKO wins).
qualification: the European Championship's list for international tournaments: the league's players by final place
(ties by rating, then the lottery of the league's seed), then the Europeans of the congress McMahon ("egc": true) in
its qualification order; --out writes it to a workbook's Qualification sheet (other sheets kept).
series: the Czech series table over tournament files given in the order held; --as-of the table after tournament
N (a number from 1, or one of the files); --out writes the list and the table to a Series sheet, and a workbook
with a Series sheet given as the one FILE is read as its list of files.
--overwrite: replace the tournament sheets of an existing workbook named by --out, or any other existing file --out
names (the input file itself excepted); refused without. An option given twice is refused.
publish: the results site players follow on their phones — home, pairings by table and by name, standings, grid,
a page per player (his games, next table, place and why) and printable slips, table cards and wall chart with QR
codes of the pages at --base-url (where the folder will be uploaded, http:// or https://). --out DIR writes the
folder (a non-empty folder that is not a Tengen site only with --overwrite), SITE.zip the same as a zip, SITE.html
the site in one file. Pages are named by player ID (--url-key pin: by EGD PIN), never by name; names, clubs, ranks
and results only, ratings and PINs with --show-ratings, --show-pins.
check: every recorded round of FILE against the pairing rules — hard rules (repeated game, second bye, absent player
paired, a player at two tables; exit status 3 when one is broken), then score gaps, handicaps against the file's own
policy, colour balance, same club/city/family name, and how far each round is from Tengen's draw from the same state
(--no-compare leaves that out). A round it cannot judge (results missing, a player not listed) is named with why.
generate: a seeded random tournament as Tengen JSON (stdout, or --out): N players (40) with ranks spread over --ranks
(20k-5d), --rounds (5) each drawn by --system (optimal), absences at chance --absence (0.02), results by strength;
McMahon with --bar (two ranks below the strongest) unless --swiss; the same options give the same file.
A team tournament (settings.teams, docs/file-format.md): standings ranks the teams (team points, board wins, SOS;
--as-of, --json); pair draws team matches, board k against board k, and with an odd number of teams a team bye
(--round, --json, --out FILE.json or the workbook itself, --repair, --overwrite only).
`;
