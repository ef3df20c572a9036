/**
 * Offline validation of an add-in manifest against the XSDs in ../shared/schemas/office-addin-manifest/patched, with
 * xmllint-wasm (a devDependency, so it works wherever `npm ci` ran).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { SHARED_DIR } from '../support/corpus';

export const SCHEMA_DIR = path.join(SHARED_DIR, 'schemas', 'office-addin-manifest', 'patched');
export const HAS_SCHEMAS = existsSync(path.join(SCHEMA_DIR, 'OfficeAppManifestV1_1.xsd'));

export interface ManifestCheck {
  readonly valid: boolean;
  /** xmllint's messages, each with its line. */
  readonly errors: readonly string[];
}

export async function validateManifest(xml: string): Promise<ManifestCheck> {
  const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.xsd'));
  const load = (f: string) => ({ fileName: f, contents: readFileSync(path.join(SCHEMA_DIR, f), 'utf8') });
  const result = await validateXML({
    xml: { fileName: 'manifest.xml', contents: xml },
    schema: load('OfficeAppManifestV1_1.xsd'),
    preload: files.filter((f) => f !== 'OfficeAppManifestV1_1.xsd').map(load),
  });
  return { valid: result.valid, errors: result.errors.map((e) => `${e.loc ? `line ${e.loc.lineNumber}: ` : ''}${e.message}`) };
}
