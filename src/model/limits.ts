/**
 * The limits of a tournament Tengen reads, writes and pairs, each stated once and checked by every reader (through
 * `validateTournament`) before any work, so that a value beyond them is a clear error, never a crash, a wrap-around
 * or an hour of computing. docs/file-format.md ("Limits") states them for directors.
 */

/**
 * The paper grid (src/workbook/sheets/grid.ts) puts each round in three columns (opponent, colour, result) after the five
 * columns ID | Name | City/Club | Rank | Section, and two more after the last round (Victories, Place): a tournament of
 * `r` rounds needs 5 + 3r + 2 columns, and a sheet has 16,384 (XFD). So r ≤ ⌊(16,384 − 7) / 3⌋ = 5,459.
 * test/workbook/grid.test.ts checks this against `gridLayout`.
 */
export const SHEET_COLUMNS = 16384;
export const GRID_COLUMNS_BEFORE_ROUNDS = 5;
export const GRID_COLUMNS_AFTER_ROUNDS = 2;
export const MAX_ROUNDS = Math.floor((SHEET_COLUMNS - GRID_COLUMNS_BEFORE_ROUNDS - GRID_COLUMNS_AFTER_ROUNDS) / 3);

/**
 * The grid gives each player two rows below its 15 rows of title and header, and a sheet has 1,048,576 rows:
 * ⌊(1,048,576 − 15) / 2⌋ = 524,280 players. Player IDs, table numbers, places and board numbers stay below it too.
 */
export const SHEET_ROWS = 1048576;
export const GRID_ROWS_BEFORE_PLAYERS = 15;
export const MAX_PLAYERS = Math.floor((SHEET_ROWS - GRID_ROWS_BEFORE_PLAYERS) / 2);

/** A McMahon score (initial MMS of a player or a section): whole or half points, −1000 to 1000. */
export const MAX_SCORE = 1000;

/** A rating (EGF GoR runs about −900 to 3000, AGA ratings −50 to 10): −10000 to 10000. */
export const MAX_RATING = 10000;

/** Komi: whole or half points, −100 to 100. */
export const MAX_KOMI = 100;

/** Handicap stones (a game's, the policy's ceiling): 0 to 30 (a 19×19 board has room for no more on star points). */
export const MAX_HANDICAP = 30;

/** A prize's sum: 0 to a thousand million in its unit. */
export const MAX_PRIZE_AMOUNT = 1_000_000_000;

/** OpenGotha's free points for an absence or a bye, in half points (its "2Value"): 0, ½ or 1 point. */
export const MAX_OPENGOTHA_HALVES = 2;

/** How deep JSON arrays and objects, or XML elements, may nest (Tengen's own files nest 5 deep: teams, a team, its boards, a board; OpenGotha's 5). */
export const MAX_NESTING = 100;

/**
 * The largest tournament file a reader takes: 256 MiB. Tengen's own JSON of the largest tournament it holds (524,280
 * players, 5 rounds) is about 150 MiB; a bigger input, or an endless one (/dev/zero, a pipe that never closes), is
 * refused when this much has been read, before memory runs out.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;
