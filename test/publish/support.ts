/** What the publishing tests share: loading a file, reading a published page's parts back as text. */
import * as path from 'node:path';
import { loadTournament } from '../../src/workbook/load';
import type { Tournament } from '../../src/model/tournament';
import { corpusPath } from '../support/corpus';

export const QUEBEC = path.join(__dirname, '..', '..', 'examples', 'quebec-open-mini.json');
export const EGC_2024 = corpusPath('opengotha-pairings', 'malavasi', 'malavasi.geobug.xml');

export async function load(file: string): Promise<Tournament> {
  const parsed = await loadTournament(file);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** HTML text back to the text it shows (the site escapes only these five). */
export function unescape(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);
}

/** The sentences of a player's page's "why this place" block. */
export function whyLines(page: string): string[] {
  const block = /<div class="why"[^>]*>(.*?)<\/div>/s.exec(page);
  if (!block) return [];
  return [...block[1].matchAll(/<p>(.*?)<\/p>/gs)].map((m) => unescape(m[1]));
}

/** The place a player's page shows, or undefined. */
export function shownPlace(page: string): number | undefined {
  const m = /data-place="(\d+)"/.exec(page);
  return m ? Number(m[1]) : undefined;
}

/** The page's `<h1>`, as text. */
export function heading(page: string): string {
  return unescape(/<h1>(.*?)<\/h1>/s.exec(page)![1]);
}

/**
 * A QR code's SVG (src/publish/qr.ts: one path of `M x y hW v1 h-W z` runs of dark modules) drawn into RGBA pixels,
 * `scale` pixels a module: what a phone's camera would see of the printed square.
 */
export function rasteriseQr(svg: string, scale = 4): { data: Uint8ClampedArray; width: number; height: number } {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const d = /<path fill="#000" d="([^"]*)"/.exec(svg)![1];
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-?\d+z/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let py = y * scale; py < (y + 1) * scale; py++) {
      for (let px = x * scale; px < (x + w) * scale; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width, height: width };
}
