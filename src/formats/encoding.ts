/**
 * The text of a tournament file's bytes. Tengen's JSON is UTF-8 (RFC 8259: "JSON text exchanged between systems
 * that are not part of a closed ecosystem MUST be encoded using UTF-8"); an XML file says its encoding in its
 * declaration (XML 1.0 §4.3.3, "<?xml version="1.0" encoding="ISO-8859-1"?>") or by a byte-order mark, UTF-8 when
 * it says nothing. OpenGotha writes UTF-8, but older files and other tools write ISO-8859-1 or windows-1252, and a
 * text editor may save UTF-16. Bytes that are not what the file declares are an error naming the line: never a name
 * silently turned into "L\uFFFDa".
 */
import { failed, ok, type InputError, type Parsed } from '../model/errors';

/** The encoding named in an XML declaration at the start of `bytes` (read as ASCII), or undefined. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  return /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head)?.[1];
}

/** The 1-based line of byte `offset`, counting line feeds (every encoding read here writes them as one 0x0A byte). */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset && k < bytes.length; k++) if (bytes[k] === 0x0a) line++;
  return line;
}

/** The first byte offset where `bytes` stop being valid UTF-8. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Bisect on prefixes that end at a line break: cheap, and precise enough to name the line.
  let good = 0;
  let start = 0;
  for (let k = 0; k <= bytes.length; k++) {
    if (k === bytes.length || bytes[k] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, k));
      } catch {
        return start;
      }
      good = k;
      start = k + 1;
    }
  }
  return good;
}

function decode(bytes: Uint8Array, label: string, file: string, declared: string): Parsed<string> {
  try {
    return ok(new TextDecoder(label, { fatal: true }).decode(bytes));
  } catch {
    if (label === 'utf-8') {
      const line = lineOfByte(bytes, firstInvalidUtf8(bytes));
      return failed([
        {
          file,
          line,
          message: `the file is not valid UTF-8 here${declared ? ` (its declaration says ${declared})` : ''}: save it as UTF-8, or declare the encoding it was written in (<?xml version="1.0" encoding="ISO-8859-1"?>)`,
        },
      ]);
    }
    return failed([{ file, line: 1, message: `the file's bytes are not valid ${declared}: save it as UTF-8` }]);
  }
}

/** UTF-16 without a byte-order mark shows as every other byte zero in its first characters ("<\0?\0" or "\0<\0?"). */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'utf-16le';
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return 'utf-16be';
  return undefined;
}

/**
 * Windows-1252's characters for the bytes 0x80–0x9F (WHATWG Encoding: "windows-1252", which TextDecoder uses for a
 * declared ISO-8859-1), so that UTF-8 read as either shows as the same pair of characters.
 */
const CP1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
/** A UTF-8 lead byte of a 2-byte character (0xC2–0xDF) read as one character, then a continuation byte (0x80–0xBF). */
const MOJIBAKE = new RegExp(`[\u00C2-\u00DF][\u00A0-\u00BF${CP1252_HIGH}]`, 'u');

/** The bytes a character stood for in windows-1252 (or ISO-8859-1), or undefined. */
function cp1252Byte(c: string): number | undefined {
  const code = c.charCodeAt(0);
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  const k = CP1252_HIGH.indexOf(c);
  return k >= 0 ? 0x80 + k : undefined;
}

/**
 * Text read in the wrong encoding (issue 27: "NovÃ¡k", "MontrÃ©al"): UTF-8 bytes decoded as ISO-8859-1 or
 * windows-1252, by Tengen (a file declaring ISO-8859-1 that holds UTF-8) or by the tool that wrote the file. Refused
 * naming the line and the word, with what it most likely was, never kept as a name. `declared`: the file's declared
 * single-byte encoding, when Tengen decoded it so.
 */
export function mojibakeError(text: string, file: string, declared?: string): InputError | undefined {
  const m = MOJIBAKE.exec(text);
  if (!m) return undefined;
  const line = text.slice(0, m.index).split('\n').length;
  const start = Math.max(text.lastIndexOf(' ', m.index), text.lastIndexOf('"', m.index), text.lastIndexOf('\n', m.index), text.lastIndexOf('>', m.index), text.lastIndexOf('\t', m.index)) + 1;
  const endMatch = /[\s"<\t]/.exec(text.slice(m.index));
  const word = text.slice(start, endMatch ? m.index + endMatch.index : text.length).slice(0, 60);
  const bytes = [...word].map(cp1252Byte);
  let meant: string | undefined;
  if (bytes.every((b) => b !== undefined)) {
    try {
      meant = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes as number[]));
    } catch {
      meant = undefined;
    }
  }
  const reading = meant ? `"${word}" is "${meant}" written in UTF-8 and read as Latin-1` : `"${word}" looks like UTF-8 text read as Latin-1`;
  const fix = declared
    ? `the file declares ${declared} but holds UTF-8: change its declaration to encoding="UTF-8"`
    : 'the file was converted in the wrong encoding once: correct the names (the first is here), or export the file again from the program that made it, as UTF-8';
  return { file, line, message: `${reading}; ${fix}` };
}

/**
 * The text of a tournament file: a byte-order mark decides (UTF-8, UTF-16 LE or BE), else for XML the declared
 * encoding, else UTF-8. An encoding Tengen cannot read is an error naming it.
 */
export function decodeTournamentFile(bytes: Uint8Array, file: string, kind: 'json' | 'xml' | 'unknown'): Parsed<string> {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return checked(decode(bytes.subarray(3), 'utf-8', file, 'UTF-8 (a byte-order mark)'), file);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode(bytes.subarray(2), 'utf-16le', file, 'UTF-16 (a byte-order mark)');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode(bytes.subarray(2), 'utf-16be', file, 'UTF-16 (a byte-order mark)');
  const wide = utf16WithoutMark(bytes);
  if (wide) return decode(bytes, wide, file, 'UTF-16');
  const declared = kind === 'json' ? undefined : declaredEncoding(bytes);
  if (declared === undefined) return checked(decode(bytes, 'utf-8', file, ''), file);
  let label: string;
  try {
    label = new TextDecoder(declared).encoding;
  } catch {
    return failed([{ file, line: 1, message: `the declared encoding "${declared}" is one Tengen cannot read: save the file as UTF-8` }]);
  }
  // A file declaring UTF-16 whose bytes are 8-bit (the declaration copied from elsewhere): read as what it is.
  if (label === 'utf-16le' || label === 'utf-16be') return checked(decode(bytes, 'utf-8', file, declared), file);
  return checked(decode(bytes, label, file, declared), file, label === 'utf-8' ? undefined : declared);
}

/** Decoded text refused when it shows text read in the wrong encoding (`mojibakeError`). */
function checked(text: Parsed<string>, file: string, declared?: string): Parsed<string> {
  if (!text.ok) return text;
  const wrong = mojibakeError(text.value, file, declared);
  return wrong ? failed([wrong]) : text;
}
