import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CertificatePdfInput } from '../adapters/certificates/pdf';

/** The demo organisation (content/doughmain.json) as a certificate shows it: for tests and the bench. */
const repo = path.resolve(import.meta.dirname, '../../../..');

export async function demoOrganisation(): Promise<{
  theme: CertificatePdfInput['theme'];
  name: Record<'en-US' | 'fr-CA', string>;
  /** Its SVG logo as the PNG an upload would be (an SVG itself is left out of the PDF). */
  logo: { data: Buffer };
}> {
  const pack = JSON.parse(await readFile(path.join(repo, 'content/doughmain.json'), 'utf8'));
  const svg = await readFile(path.join(repo, 'content/media/doughmain/logo.svg'));
  const data = await sharp(svg, { density: 288 }).png().toBuffer();
  return { theme: pack.organisation.theme, name: pack.organisation.name, logo: { data } };
}
