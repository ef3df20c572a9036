/**
 * Characters that must not appear in a name, a club or any other text of a tournament: they move the cursor, ring
 * the bell, recolour the terminal or reorder what follows them, so a name holding one could forge a line of the
 * printed standings or pairing sheet. C0 and C1 controls (tab and line breaks included: a name is one line), DEL,
 * the Unicode line and paragraph separators, and the bidirectional formatting characters (LRM, RLM, ALM, the
 * embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069). Readers refuse them; whatever shows text
 * from outside (an error quoting it) shows them escaped.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is this module's purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROL_GLOBAL = new RegExp(CONTROL.source, 'g');
/** Everything in CONTROL but the line feed: for text that is meant to hold several lines. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_NEWLINE_GLOBAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** "U+000A", the code point as a director can look it up. */
export function codePoint(c: string): string {
  return `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first control character of `text`, or undefined. */
export function firstControlCharacter(text: string): string | undefined {
  return CONTROL.exec(text)?.[0];
}

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every control character written as an escape (`\n`, `\u001b`), so that it prints as one plain line. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_GLOBAL, escapeOne);
}

/** The same, keeping line feeds: for whole messages and tables, whose lines are Tengen's own. */
export function escapeControlCharactersButNewlines(text: string): string {
  return text.replace(CONTROL_BUT_NEWLINE_GLOBAL, escapeOne);
}

function escapeOne(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
