/**
 * The site as one zip (JSZip, already the project's zip library): what the page downloads and `tengen publish --zip`
 * writes. The files sit in a folder named after the tournament, in path order, with a fixed date, so the same site
 * gives the same bytes.
 */
import JSZip from 'jszip';

const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

export async function siteZip(files: ReadonlyMap<string, string>, folder: string): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const path of [...files.keys()].sort()) zip.file(`${folder}/${path}`, files.get(path)!, { date: FIXED_DATE, createFolders: false });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/** A folder name from the tournament's name: letters, digits and dashes. */
export function siteFolderName(name: string): string {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
  return plain.slice(0, 60) || 'tournament';
}
