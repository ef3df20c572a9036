/**
 * The text of a tournament file's bytes. Tengen's JSON is UTF-8 (RFC 8259: "JSON text exchanged between systems
 * that are not part of a closed ecosystem MUST be encoded using UTF-8"); an XML file says its encoding in its
 * declaration (XML 1.0 §4.3.3, "<?xml version="1.0" encoding="ISO-8859-1"?>") or by a byte-order mark, UTF-8 when
 * it says nothing. OpenGotha writes UTF-8, but older files and other tools write ISO-8859-1 or windows-1252, and a
 * text editor may save UTF-16. Bytes that are not what the file declares are an error naming the line: never a name
 * silently turned into "L\uFFFDa".
 */
import { failed, ok, type Parsed } from '../model/errors';

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
 * The text of a tournament file: a byte-order mark decides (UTF-8, UTF-16 LE or BE), else for XML the declared
 * encoding, else UTF-8. An encoding Tengen cannot read is an error naming it.
 */
export function decodeTournamentFile(bytes: Uint8Array, file: string, kind: 'json' | 'xml' | 'unknown'): Parsed<string> {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode(bytes.subarray(3), 'utf-8', file, 'UTF-8 (a byte-order mark)');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode(bytes.subarray(2), 'utf-16le', file, 'UTF-16 (a byte-order mark)');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode(bytes.subarray(2), 'utf-16be', file, 'UTF-16 (a byte-order mark)');
  const wide = utf16WithoutMark(bytes);
  if (wide) return decode(bytes, wide, file, 'UTF-16');
  const declared = kind === 'json' ? undefined : declaredEncoding(bytes);
  if (declared === undefined) return decode(bytes, 'utf-8', file, '');
  let label: string;
  try {
    label = new TextDecoder(declared).encoding;
  } catch {
    return failed([{ file, line: 1, message: `the declared encoding "${declared}" is one Tengen cannot read: save the file as UTF-8` }]);
  }
  // A file declaring UTF-16 whose bytes are 8-bit (the declaration copied from elsewhere): read as what it is.
  if (label === 'utf-16le' || label === 'utf-16be') return decode(bytes, 'utf-8', file, declared);
  return decode(bytes, label, file, declared);
}
