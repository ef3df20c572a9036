/**
 * ASCII transliteration of names, for the formats that take ASCII only (the EGD's results: "The rating program
 * processes the tournament tables written in the form of ASCII text files"). Accents are dropped (é → e), letters
 * without a decomposition are spelt out (ß → ss, Ł → L, ø → o, æ → ae); anything else becomes "?", as OpenGotha's
 * Gotha.forceToASCII does. Tengen's own file keeps the original spelling.
 */
const SPELT_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  '\u2019': "'",
  '\u2018': "'",
  '\u2013': '-',
  '\u2014': '-',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u201c': '"',
  '\u201d': '"',
};

export function toAscii(text: string): string {
  let out = '';
  for (const c of text.normalize('NFD')) {
    if (/[\u0300-\u036f]/.test(c)) continue;
    if (c.charCodeAt(0) < 128) out += c;
    else out += SPELT_OUT[c] ?? '?';
  }
  return out;
}

export function isAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** True when ASCII cannot spell `text`: its transliteration holds a "?" the text did not (a Chinese name). */
export function unspellableInAscii(text: string): boolean {
  const marks = (s: string) => s.split('?').length - 1;
  return marks(toAscii(text)) > marks(text);
}
