/**
 * Errors about a director's input carry the address of what is wrong — file and line, an element or JSON path,
 * a sheet!cell, the player — and what would be right. Parsers return them; they never log and return null.
 */
export interface InputError {
  /** What is wrong and what was expected. */
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  /** An element, JSON path or sheet!cell inside the file. */
  readonly where?: string;
  /** The player concerned, as the director knows him: "12 (Minieri, Davide)". */
  readonly player?: string;
}

/**
 * A reader's answer: the value, or every error found. `notes` are what the director should read about a value read
 * as the format defines it though the file did not say it outright (a default of the format, a peer's known way of
 * writing a result): "a default only where the format defines it, and then said" — the CLI prints them on stderr.
 */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T; readonly notes?: readonly string[] }
  | { readonly ok: false; readonly errors: readonly InputError[] };

export function ok<T>(value: T, notes: readonly string[] = []): Parsed<T> {
  return notes.length > 0 ? { ok: true, value, notes } : { ok: true, value };
}

export function failed<T>(errors: readonly InputError[]): Parsed<T> {
  return { ok: false, errors };
}

/** One line a director can act on: `juvisy.xml:25: <Game roundNumber="1">: player 12 (Minieri, Davide): …`. */
export function formatInputError(e: InputError): string {
  // A line without a file (a pasted list, a scratch pad) says "line 6", not a bare "6".
  const line = e.line === undefined ? undefined : e.file ? String(e.line) : `line ${e.line}`;
  const place = [e.file, line].filter(Boolean).join(':');
  const parts = [place, e.where, e.player ? `player ${e.player}` : undefined, e.message].filter(
    (p): p is string => Boolean(p),
  );
  return parts.join(': ');
}

/** Thrown only where an exception is the caller's contract (the CLI, custom functions); carries the input errors. */
export class TengenInputError extends Error {
  constructor(readonly errors: readonly InputError[]) {
    super(errors.map(formatInputError).join('\n'));
    this.name = 'TengenInputError';
  }
}
