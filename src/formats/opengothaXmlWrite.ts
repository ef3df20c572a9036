/** Writing OpenGotha's XML: one element a line, attributes sorted and escaped (tournament.dtd holds no text nodes). */

export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

export function element(name: string, attributes: Readonly<Record<string, string>>): string {
  const attrs = Object.keys(attributes)
    .sort()
    .map((k) => ` ${k}="${escapeAttribute(attributes[k])}"`)
    .join('');
  return `<${name}${attrs}/>`;
}
