import type { Field, FieldType, Topic } from '../content-pack';
import type { ReferenceUse } from '../formula';
import { extractReferences } from '../formula/tokenizer';
import { isScoredField } from '../grading';
import { localise } from '../locale';

/**
 * What a formula of a topic may refer to, for the studio's completion and its checks
 * (docs/design.md §7): the topic's fields, pages and formulas, `topic` itself, and the general
 * topic's fields (their answers are read when the worksheet has none).
 */

export type ReferableKind = 'field' | 'page' | 'topic' | 'formula';

export interface Referable {
  id: string;
  kind: ReferableKind;
  /** What the author reads: a field's question (as text) or its name, a page's or formula's name. */
  label: string;
  /** The `data-use` a reference to it may carry; empty when it cannot be used at all (tables, files). */
  uses: readonly ReferenceUse[];
  /** The page it stands on (fields and formulas of this topic). */
  pageId?: string;
  fieldType?: FieldType;
  /** A field of the general topic. */
  isGeneral?: boolean;
}

export interface ReferableOptions {
  /** The organisation's general topic, whose fields' answers formulas read too. */
  general?: Topic | null;
}

const TAG = /<[^>]*>/g;
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/** Text of author HTML, for a label: tags go, the common entities are decoded, spaces fold. */
export function htmlToText(html: string): string {
  return html
    .replace(TAG, ' ')
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (_, name: string) =>
      name === '#39' ? "'" : (ENTITY[name] ?? ''),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

function fieldUses(field: Field): ReferenceUse[] {
  // A table or a file has no value a formula can read (the evaluator refuses them).
  if (field.type === 'table' || field.type === 'file') return [];
  return isScoredField(field) ? ['value', 'score', 'max'] : ['value'];
}

function fieldLabel(field: Field, locale: string): string {
  return htmlToText(localise(field.question, locale)) || localise(field.name, locale) || field._id;
}

/** Every referable thing of `topic`, in page order: `topic` first, then each page and what it holds. */
export function referableThings(
  topic: Topic,
  locale: string,
  options: ReferableOptions = {},
): Referable[] {
  const found: Referable[] = [
    { id: 'topic', kind: 'topic', label: localise(topic.name, locale), uses: ['score', 'max'] },
  ];
  for (const page of topic.pages) {
    found.push({
      id: page._id,
      kind: 'page',
      label: localise(page.name, locale) || page._id,
      uses: ['score', 'max'],
    });
    for (const fragment of page.fragments) {
      if (fragment.type === 'field')
        found.push({
          id: fragment.field._id,
          kind: 'field',
          label: fieldLabel(fragment.field, locale),
          uses: fieldUses(fragment.field),
          pageId: page._id,
          fieldType: fragment.field.type,
        });
      else if (fragment.type === 'formula')
        found.push({
          id: fragment.formula._id,
          kind: 'formula',
          label: localise(fragment.formula.name, locale) || fragment.formula._id,
          uses: ['value'],
          pageId: page._id,
        });
    }
  }
  const general = options.general;
  if (general && general._id !== topic._id) {
    const own = new Set(found.map((r) => r.id));
    for (const page of general.pages)
      for (const fragment of page.fragments)
        if (fragment.type === 'field' && !own.has(fragment.field._id))
          found.push({
            id: fragment.field._id,
            kind: 'field',
            label: fieldLabel(fragment.field, locale),
            // The general topic's scores are not this topic's: only its answers can be read.
            uses: fieldUses(fragment.field).filter((use) => use === 'value'),
            fieldType: fragment.field.type,
            isGeneral: true,
          });
  }
  return found;
}

/** The formula bodies of a topic by formula id. */
export function topicFormulaBodies(topic: Pick<Topic, 'pages'>): Record<string, string> {
  const bodies: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const page of topic.pages)
    for (const fragment of page.fragments)
      if (fragment.type === 'formula') bodies[fragment.formula._id] = fragment.formula.body;
  return bodies;
}

/** The references of a body, in order, with their use; read even when the body does not parse. */
export function bodyReferences(body: string): { id: string; use: ReferenceUse }[] {
  try {
    return extractReferences(body).refs;
  } catch {
    return [];
  }
}

/**
 * The fields of the topic whose answers a body depends on, in page order: those it reads (value
 * or score), those of the pages whose score it reads, every scored field for `topic`, and so on
 * through the formulas it uses. A test case gives answers to these.
 */
export function formulaInputFields(
  topic: Topic,
  body: string,
  options: { formulaId?: string } = {},
): Field[] {
  const formulas = topicFormulaBodies(topic);
  if (options.formulaId !== undefined) formulas[options.formulaId] = body;
  const wanted = new Set<string>();
  const pagesWanted = new Set<string>();
  let wantsAllScored = false;
  const seen = new Set<string>();
  const visit = (text: string) => {
    for (const ref of bodyReferences(text)) {
      if (ref.use === 'value' && Object.hasOwn(formulas, ref.id)) {
        if (seen.has(ref.id)) continue;
        seen.add(ref.id);
        visit(formulas[ref.id]!);
      } else if (ref.id === 'topic' && ref.use !== 'value') wantsAllScored = true;
      else {
        wanted.add(ref.id);
        if (ref.use !== 'value') pagesWanted.add(ref.id);
      }
    }
  };
  if (options.formulaId !== undefined) seen.add(options.formulaId);
  visit(body);
  const fields: Field[] = [];
  for (const page of topic.pages)
    for (const fragment of page.fragments) {
      if (fragment.type !== 'field') continue;
      const field = fragment.field;
      const scored = isScoredField(field);
      if (wanted.has(field._id) || (scored && (wantsAllScored || pagesWanted.has(page._id))))
        fields.push(field);
    }
  return fields;
}
