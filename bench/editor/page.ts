// The page `npm run bench editor` types into: about 5,000 words of author HTML in content
// fragments, with 40 field fragments between them (five of each of the eight field types), in
// the shape of a content pack's page (packages/domain/src/content-pack.ts). Deterministic: the
// same page on every run.
import { FIELD_TYPES, type Field, type Fragment, type Page } from '@portal/domain';

export const LOCALES = ['en-US', 'fr-CA'] as const;

/** Words the editor underlines, as an organisation's glossary would hold them. */
export const GLOSSARY = [
  { word: 'budget', definition: { 'en-US': 'A plan for money.', 'fr-CA': 'Un plan.' } },
  { word: 'interest', definition: 'What borrowing money costs.' },
  { word: 'saving', definition: 'Money kept for later.' },
  { word: 'income', definition: 'Money coming in.' },
  { word: 'expense', definition: 'Money going out.' },
  { word: 'compound interest', definition: 'Interest on interest.' },
];

const WORDS = (
  'the a of to and in for on with as by at from that this which each your our their money ' +
  'budget interest saving income expense account payment month year week plan goal cost ' +
  'price rent food transport loan credit card bank rate balance total share part amount ' +
  'keep spend save borrow lend pay earn track compare choose list write check count add ' +
  'simple careful weekly monthly yearly fixed variable small large usual early late next ' +
  'every most some many few more less often always never first last'
).split(' ');

/** A small, seeded generator (mulberry32), so the page is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIELD_COUNT = 40;
export const WORD_COUNT = 5_000;

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** A paragraph of `words` words, a few of them bold, italic or a link. */
function paragraph(next: () => number, words: number): string {
  const parts: string[] = [];
  let left = words;
  while (left > 0) {
    const n = Math.min(left, 6 + Math.floor(next() * 10));
    let s = sentence(next, n);
    const r = next();
    if (r < 0.12) s = `<strong>${s}</strong>`;
    else if (r < 0.2) s = `<em>${s}</em>`;
    else if (r < 0.24) s = `<a href="https://example.org/help">${s}</a>`;
    parts.push(s);
    left -= n;
  }
  return `<p>${parts.join(' ')}</p>`;
}

/** One content fragment's HTML holding `words` words: a heading now and then, paragraphs, a list. */
function contentHtml(next: () => number, index: number, words: number): string {
  const blocks: string[] = [];
  let left = words;
  if (index % 4 === 0) {
    blocks.push(`<h2>${sentence(next, 4)}</h2>`);
    left -= 4;
  }
  if (index % 5 === 2 && left > 30) {
    const items = [1, 2, 3].map(() => `<li><p>${sentence(next, 6)}</p></li>`);
    blocks.push(`<ul>${items.join('')}</ul>`);
    left -= 18;
  }
  while (left > 0) {
    const n = Math.min(left, 50 + Math.floor(next() * 30));
    blocks.push(paragraph(next, n));
    left -= n;
  }
  return blocks.join('');
}

function field(type: (typeof FIELD_TYPES)[number], n: number): Field {
  const base = {
    _id: `f${n}`,
    name: { 'en-US': `Question ${n}`, 'fr-CA': `Question ${n}` },
    question: `<p>How much of your <strong>budget</strong> goes to item ${n} each month?</p>`,
  };
  const pickList = ['Rent', 'Food', 'Transport'].map((label, i) => ({
    _id: `f${n}p${i}`,
    value: label.toLowerCase(),
    label: { 'en-US': label, 'fr-CA': label },
  }));
  switch (type) {
    case 'select':
    case 'radio':
      return { ...base, type, pickList, scoreWeight: 1, correctValue: 'food' };
    case 'number':
      return {
        ...base,
        type,
        minValue: 0,
        maxValue: 5_000,
        defaultValue: 100,
        scoreWeight: 2,
        correctValue: 420,
        tolerance: 5,
      };
    case 'slider':
      return { ...base, type, minValue: 0, maxValue: 10, defaultValue: 5 };
    case 'string':
      return { ...base, type, height: 3, scoreWeight: 1, correctValue: ['rent', 'the rent'] };
    case 'boolean':
      return { ...base, type, defaultValue: false, scoreWeight: 1, correctValue: true };
    case 'table':
      return {
        ...base,
        type,
        rowCount: 3,
        columnCount: 3,
        cells: [0, 1, 2].map((r) =>
          [0, 1, 2].map((c) =>
            r === 0
              ? { value: `Column ${c + 1}`, isReadOnly: true }
              : { defaultValue: c === 0 ? `Row ${r}` : '' },
          ),
        ),
      };
    case 'file':
      return { ...base, type };
  }
}

/** The page: 41 content fragments (every third one translated) around 40 field fragments. */
export function benchPage(): Page {
  const next = random(26);
  const blocks = FIELD_COUNT + 1;
  const fragments: Fragment[] = [];
  let left = WORD_COUNT;
  for (let i = 0; i < blocks; i++) {
    const words = i === blocks - 1 ? left : Math.round(WORD_COUNT / blocks);
    left -= words;
    const en = contentHtml(next, i, words);
    fragments.push({
      _id: `c${i}`,
      type: 'content',
      // A third of the blocks translated (a short French version), the rest marked untranslated.
      content: i % 3 === 0 ? { 'en-US': en, 'fr-CA': contentHtml(next, i, 40) } : en,
    });
    if (i < FIELD_COUNT) {
      const type = FIELD_TYPES[i % FIELD_TYPES.length]!;
      fragments.push({ _id: `b${i}`, type: 'field', field: field(type, i) });
    }
  }
  return { _id: 'bench-page', name: 'Bench page', visibility: 'Public', fragments };
}

/** Words of text in the default locale (what "a page of 5,000 words" counts). */
export function countWords(page: Page): number {
  let words = 0;
  for (const f of page.fragments) {
    if (f.type !== 'content') continue;
    const html = typeof f.content === 'string' ? f.content : (f.content['en-US'] ?? '');
    words += html
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter((w) => /\p{L}/u.test(w)).length;
  }
  return words;
}
