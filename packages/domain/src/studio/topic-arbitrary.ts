/**
 * Test support, never shipped: a fast-check arbitrary of valid topics in the content-pack shape
 * (output shape: every default written out, so `topicSchema.parse(topic)` equals `topic`).
 * It draws all eight field types with and without scoring, tables with header cells, formulas
 * and show conditions that refer to the topic's own fields, pages and formulas (never in a
 * loop), texts in en-US and fr-CA (sometimes one text for both, sometimes one locale missing),
 * and author HTML that the server's sanitiser keeps as it is. Only tests import this file:
 * `import { topicArbitrary } from '@portal/domain/studio/topic-arbitrary'` (not in the index, so
 * fast-check never reaches a bundle).
 */
import fc from 'fast-check';
import {
  FIELD_TYPES,
  FORMULA_FORMATS,
  RESERVED_IDS,
  type Field,
  type FieldType,
  type Fragment,
  type Page,
  type Topic,
} from '../content-pack';

export interface TopicArbitraryOptions {
  /**
   * Put before every id, so that several topics drawn for one pack never share one (a pack
   * wants page, field and formula ids unique across its topics). A valid id start, ≤ 40 chars.
   */
  idPrefix?: string;
  maxPages?: number;
  maxFragmentsPerPage?: number;
}

type Gen = fc.GeneratorValue;
/** Text in the pack's shape: one string, or one per locale. */
type PackText = string | Record<string, string>;

// Built once: an arbitrary from a regular expression is slow to make, quick to draw from.
const wordArbitrary = fc.stringMatching(/^[A-Za-zÀÉÈÊÇàéèêçôû]{1,10}$/);
const idArbitrary = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,11}$/);
const suffixArbitrary = fc.stringMatching(/^[a-z]{0,4}$/);

/** Words and the punctuation sanitize-html leaves alone (no & < > "). */
function words(g: Gen, max = 6): string {
  const list = g(() => fc.array(wordArbitrary, { minLength: 1, maxLength: max }));
  const end = g(() => fc.constantFrom('', '.', '?', '!', ','));
  return list.join(' ') + end;
}

/** A text in both locales, one string for both, or (sometimes) en-US only. */
function text(g: Gen, max = 6): PackText {
  const shape = g(() => fc.constantFrom('both', 'both', 'both', 'shared', 'enOnly'));
  if (shape === 'shared') return words(g, max);
  if (shape === 'enOnly') return { 'en-US': words(g, max) };
  return { 'en-US': words(g, max), 'fr-CA': words(g, max) };
}

/** Author HTML as the sanitiser writes it back unchanged. */
function htmlIn(g: Gen): string {
  const blocks = g(() => fc.integer({ min: 1, max: 3 }));
  let html = '';
  for (let i = 0; i < blocks; i++) {
    const kind = g(() => fc.constantFrom('p', 'h2', 'h3', 'strong', 'list', 'img'));
    if (kind === 'p') html += `<p>${words(g)}</p>`;
    else if (kind === 'h2' || kind === 'h3') html += `<${kind}>${words(g, 3)}</${kind}>`;
    else if (kind === 'strong') html += `<p><strong>${words(g, 2)}</strong> ${words(g)}</p>`;
    else if (kind === 'list') html += `<ul><li>${words(g, 3)}</li><li>${words(g, 3)}</li></ul>`;
    else html += `<p><img src="/media/photo.jpg" alt="${words(g, 3)}" /></p>`;
  }
  return html;
}

function html(g: Gen): PackText {
  const shape = g(() => fc.constantFrom('both', 'both', 'shared', 'enOnly'));
  if (shape === 'shared') return htmlIn(g);
  if (shape === 'enOnly') return { 'en-US': htmlIn(g) };
  return { 'en-US': htmlIn(g), 'fr-CA': htmlIn(g) };
}

/** Ids unique in the topic (also without regard to case) and never a reserved word. */
function idMaker(g: Gen, prefix: string) {
  const taken = new Set<string>(RESERVED_IDS);
  let counter = 0;
  return () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = prefix + g(() => idArbitrary);
      if (!taken.has(id.toLowerCase())) {
        taken.add(id.toLowerCase());
        return id;
      }
    }
    const id = `${prefix}id${++counter}x`;
    taken.add(id.toLowerCase());
    return id;
  };
}

/** What formulas and conditions of a page may refer to: fields and formulas before them, pages. */
interface Refs {
  fields: { id: string; isScored: boolean }[];
  formulas: string[];
  pages: string[];
}

function formulaBody(g: Gen, refs: Refs): string {
  const terms: string[] = [];
  const count = g(() => fc.integer({ min: 1, max: 3 }));
  for (let i = 0; i < count; i++) {
    const kind = g(() => fc.constantFrom('number', 'field', 'formula', 'page', 'score'));
    const pick = (ids: string[]) => ids[g(() => fc.nat({ max: ids.length - 1 }))];
    const field = refs.fields.length ? pick(refs.fields.map((f) => f.id)) : undefined;
    const formula = refs.formulas.length ? pick(refs.formulas) : undefined;
    const page = refs.pages.length ? pick(refs.pages) : undefined;
    if (kind === 'field' && field) terms.push(`<span data-ref="${field}"></span>`);
    else if (kind === 'formula' && formula) terms.push(`<span data-ref="${formula}"></span>`);
    else if (kind === 'page' && page) {
      const use = g(() => fc.constantFrom('score', 'max'));
      terms.push(`<span data-ref="${page}" data-use="${use}"></span>`);
    } else if (kind === 'score') terms.push('<span data-ref="topic" data-use="score"></span>');
    else terms.push(String(g(() => fc.integer({ min: 0, max: 100 }))));
  }
  const operators = terms.slice(1).map(() => g(() => fc.constantFrom(' + ', ' - ', ' * ')));
  return terms.reduce((body, term, i) => body + (i ? operators[i - 1] : '') + term, '');
}

function showCondition(g: Gen, refs: Refs) {
  return {
    enabled: g(() => fc.boolean()),
    formula: { body: `${formulaBody(g, refs)} >= ${g(() => fc.integer({ min: 0, max: 10 }))}` },
  };
}

function field(g: Gen, newId: () => string, type: FieldType): Field {
  const base = {
    _id: newId(),
    name: text(g, 4),
    ...(g(() => fc.boolean()) && { question: html(g) }),
    type,
  };
  const scored = g(() => fc.boolean());
  const weight = g(() => fc.integer({ min: 1, max: 10 }));
  const many = <T>(values: T[]): T | T[] => (values.length === 1 ? (values[0] as T) : values);
  switch (type) {
    case 'select':
    case 'radio': {
      const count = g(() => fc.integer({ min: 1, max: 5 }));
      const pickList = Array.from({ length: count }, (_, i) => ({
        _id: newId(),
        value: `v${i}${g(() => suffixArbitrary)}`,
        label: text(g, 3),
      }));
      const values = pickList.map((p) => p.value);
      const subset = g(() => fc.subarray(values, { minLength: 1 }));
      return {
        ...base,
        pickList,
        ...(g(() => fc.boolean()) && { defaultValue: g(() => fc.constantFrom(...values)) }),
        ...(scored && { scoreWeight: weight, correctValue: many(subset) }),
      };
    }
    case 'number':
    case 'slider': {
      const min = g(() => fc.integer({ min: -100, max: 100 }));
      const max = min + g(() => fc.integer({ min: 0, max: 200 }));
      const hasBounds = type === 'slider' || g(() => fc.boolean());
      const inside = () => g(() => fc.integer({ min, max })) / (type === 'number' ? 4 : 1);
      return {
        ...base,
        ...(hasBounds && { minValue: min, maxValue: max }),
        ...(hasBounds &&
          g(() => fc.boolean()) && { defaultValue: Math.max(min, Math.min(max, inside())) }),
        ...(scored && {
          scoreWeight: weight,
          correctValue: many(
            g(() => fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 3 })),
          ),
          ...(g(() => fc.boolean()) && {
            tolerance: g(() => fc.integer({ min: 0, max: 20 })) / 10,
          }),
        }),
      };
    }
    case 'string':
      return {
        ...base,
        ...(g(() => fc.boolean()) && { height: g(() => fc.integer({ min: 1, max: 50 })) }),
        ...(g(() => fc.boolean()) && { defaultValue: text(g, 3) }),
        ...(scored && {
          scoreWeight: weight,
          correctValue: many(g(() => fc.array(wordArbitrary, { minLength: 1, maxLength: 3 }))),
        }),
      };
    case 'boolean':
      return {
        ...base,
        ...(g(() => fc.boolean()) && { defaultValue: g(() => fc.boolean()) }),
        ...(scored && { scoreWeight: weight, correctValue: g(() => fc.boolean()) }),
      };
    case 'table': {
      const rowCount = g(() => fc.integer({ min: 1, max: 4 }));
      const columnCount = g(() => fc.integer({ min: 1, max: 4 }));
      const withCells = g(() => fc.boolean());
      const cells = Array.from({ length: rowCount }, (_, r) =>
        Array.from({ length: columnCount }, (_, c) => {
          // Headers in the first row and column, as authors write them.
          if (r === 0 || c === 0) return { isReadOnly: true, defaultValue: text(g, 2) };
          const kind = g(() => fc.constantFrom('empty', 'value', 'default', 'readOnly'));
          if (kind === 'value') return { value: words(g, 2) };
          if (kind === 'default') return { defaultValue: text(g, 2) };
          if (kind === 'readOnly') return { isReadOnly: true, value: words(g, 2) };
          return {};
        }),
      );
      return { ...base, rowCount, columnCount, ...(withCells && { cells }) };
    }
    case 'file':
      return base;
  }
}

function fragment(
  g: Gen,
  newId: () => string,
  refs: Refs,
  type: Exclude<Fragment['type'], 'field'> | FieldType,
): Fragment {
  const common = {
    _id: newId(),
    ...(refs.fields.length && g(() => fc.boolean()) && { showCondition: showCondition(g, refs) }),
  };
  if (type === 'content') return { ...common, type: 'content', content: html(g) };
  if (type === 'attachment') {
    const isVideo = g(() => fc.boolean());
    const captions = isVideo
      ? g(() =>
          fc.constantFrom<Record<string, string> | string | undefined>(
            '/media/captions.vtt',
            { 'en-US': '/media/en.vtt', 'fr-CA': '/media/fr.vtt' },
            { 'en-US': '/media/en.vtt' },
            undefined,
          ),
        )
      : undefined;
    return {
      ...common,
      type: 'attachment',
      attachment: {
        url: isVideo ? '/media/lesson.mp4' : 'https://files.example.com/recipe.pdf',
        name: text(g, 3),
        ...(g(() => fc.boolean()) && { description: text(g) }),
        ...(captions !== undefined && { captions }),
      },
    };
  }
  if (type === 'formula') {
    const body = formulaBody(g, refs);
    const formula = {
      _id: newId(),
      name: text(g, 3),
      ...(g(() => fc.boolean()) && { description: text(g) }),
      body,
      ...(g(() => fc.boolean()) && { format: g(() => fc.constantFrom(...FORMULA_FORMATS)) }),
    };
    refs.formulas.push(formula._id);
    return { ...common, type: 'formula', formula };
  }
  const drawn = field(g, newId, type);
  refs.fields.push({ id: drawn._id, isScored: drawn.correctValue !== undefined });
  return { ...common, type: 'field', field: drawn };
}

const FRAGMENT_KINDS = ['content', 'attachment', 'formula', ...FIELD_TYPES] as const;

/**
 * Valid topics. Every field type appears in each topic (the first page holds one of each), so
 * a property over a handful of topics covers them all.
 */
export function topicArbitrary(options: TopicArbitraryOptions = {}): fc.Arbitrary<Topic> {
  const prefix = options.idPrefix ?? '';
  const maxPages = options.maxPages ?? 3;
  const maxFragments = options.maxFragmentsPerPage ?? 6;
  return fc.gen().map((g) => {
    const newId = idMaker(g, prefix);
    const refs: Refs = { fields: [], formulas: [], pages: [] };
    const pageCount = g(() => fc.integer({ min: 1, max: maxPages }));
    const pageIds = Array.from({ length: pageCount }, () => newId());
    refs.pages.push(...pageIds);
    const pages: Page[] = pageIds.map((_id, p) => {
      const kinds =
        p === 0
          ? g(() => fc.shuffledSubarray([...FIELD_TYPES], { minLength: FIELD_TYPES.length }))
          : [];
      const extra = g(() =>
        fc.array(fc.constantFrom(...FRAGMENT_KINDS), { maxLength: maxFragments }),
      );
      const fragments = [...kinds, ...extra].map((kind) => fragment(g, newId, refs, kind));
      return {
        _id,
        name: text(g, 3),
        visibility: g(() => fc.constantFrom('Public' as const, 'Private' as const)),
        ...(refs.fields.length &&
          g(() => fc.boolean()) && { showCondition: showCondition(g, refs) }),
        fragments,
      };
    });
    const topic: Topic = {
      _id: newId(),
      name: text(g, 4),
      ...(g(() => fc.boolean()) && { description: html(g) }),
      visibility: g(() => fc.constantFrom('Public' as const, 'Private' as const)),
      ...(g(() => fc.boolean()) && {
        topicImage: { secure_url: 'https://images.example.com/bread.jpg' },
      }),
      allowMultiWorksheets: g(() => fc.boolean()),
      showGradeReport: g(() => fc.boolean()),
      pages,
    };
    return topic;
  });
}
