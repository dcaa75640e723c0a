import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Text as packs hold it: one string, or one per locale. */
export type Text = string | Record<string, string>;

export interface Theme {
  primaryColor: string;
  secondaryColor: string;
  tertiaryColor: string;
  primaryBackgroundColor: string;
  secondaryBackgroundColor: string;
  tertiaryBackgroundColor: string;
}

/** The parts of a content pack (../../content/*.json) these tests read. */
export interface Pack {
  organisation: {
    alias: string;
    name: Text;
    hosts?: string[];
    locales: string[];
    theme: Theme;
    logoImage?: { secure_url: string };
    supportEmail?: string;
    homePage: {
      title: Text;
      subtitle: Text;
      heroImage?: {
        secure_url: string;
        unsplashAttribution?: { photographerName: string; photographerHandle: string };
      };
      promos: { _id: string; title: Text; description: Text }[];
      showSiteMap: boolean;
    };
    contact: {
      enabled: boolean;
      name?: string;
      email?: string;
      website?: string;
      phone1?: string;
      phone2?: string;
      address?: Partial<Record<'line1' | 'line2' | 'city' | 'state' | 'country' | 'zip', string>>;
    };
    disableSelfSignup: boolean;
  };
  topicGroups?: { _id: string; name: Text; description?: Text; topics: string[] }[];
  topics?: { _id: string; name: Text; visibility?: 'Public' | 'Private' }[];
  bundles?: unknown[];
}

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');

export function readPack(alias: 'doughmain' | 'acme'): Pack {
  return JSON.parse(fs.readFileSync(path.join(contentDir, `${alias}.json`), 'utf8')) as Pack;
}

/** The text for `locale`, falling back to en-US as the server does. */
export function text(value: Text | undefined, locale = 'en-US'): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value[locale] ?? value['en-US'] ?? Object.values(value)[0] ?? '';
}

/** "#1a4d8f" → "rgb(26, 77, 143)", the form getComputedStyle gives. */
export function rgb(hex: string): string {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = Number.parseInt(h, 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
