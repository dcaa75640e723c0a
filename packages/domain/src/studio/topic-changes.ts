import { diffWords } from 'diff';
import type { Field, Fragment, Page, Topic } from '../content-pack';
import { localise, type LocalisedText } from '../locale';
import { htmlText } from './html-scan';

/**
 * A readable difference between two versions of a topic (a published version and the draft,
 * say): what the studio's history shows before a restore or a publish. Deterministic: the
 * same two topics always give the same entries, in the order of the newer topic.
 */

export const TOPIC_CHANGE_KINDS = [
  'topicChanged',
  'pageAdded',
  'pageRemoved',
  'pageRenamed',
  'pageMoved',
  'pageChanged',
  'fragmentAdded',
  'fragmentRemoved',
  'fragmentMoved',
  'fragmentChanged',
] as const;
export type TopicChangeKind = (typeof TOPIC_CHANGE_KINDS)[number];

/** What changed in a topic, a page or a fragment (the web names each one). */
export const TOPIC_CHANGE_PROPERTIES = [
  // texts (with a word difference)
  'name',
  'description',
  'content',
  'question',
  'choiceLabel',
  'formulaBody',
  // values (with from and to)
  'visibility',
  'image',
  'settings',
  'showCondition',
  'type',
  'fieldId',
  'scoring',
  'entries',
  'default',
  'bounds',
  'cells',
  'url',
  'captions',
  'format',
  'formulaId',
] as const;
export type TopicChangeProperty = (typeof TOPIC_CHANGE_PROPERTIES)[number];

export interface WordChange {
  text: string;
  change: 'same' | 'added' | 'removed';
}

export interface TopicChange {
  kind: TopicChangeKind;
  pageId: string | null;
  fragmentId: string | null;
  /** The page's name in the locale asked for (the newer one's, or the removed page's). */
  pageName: string | null;
  /** What the fragment is (content, field, attachment, formula) and its name or first words. */
  fragmentType?: Fragment['type'];
  fragmentName?: string;
  property?: TopicChangeProperty;
  /** The locale of a text change; absent for one text shared by every locale. */
  locale?: string;
  /** A text's difference, word by word (HTML as the reader sees it). */
  words?: WordChange[];
  /** The markup of HTML changed, not its words. */
  isFormattingOnly?: boolean;
  /** Values before and after (a type, scoring, pick-list values…), as stored. */
  from?: unknown;
  to?: unknown;
  /** Positions (0-based) of a moved page or fragment. */
  fromIndex?: number;
  toIndex?: number;
  /** The page a fragment moved from, when it left its page. */
  fromPageId?: string;
  fromPageName?: string;
  /** Choice entries added or removed (their labels in the locale), and a relabelled entry's id. */
  added?: string[];
  removed?: string[];
  entryId?: string;
}

export function describeTopicChanges(before: Topic, after: Topic, locale: string): TopicChange[] {
  const changes: TopicChange[] = [];
  const name = (text: LocalisedText | undefined) => localise(text, locale);
  const base = { pageId: null, fragmentId: null, pageName: null };

  for (const text of textChanges(before.name, after.name))
    changes.push({ kind: 'topicChanged', ...base, property: 'name', ...text });
  for (const text of textChanges(before.description, after.description, true))
    changes.push({ kind: 'topicChanged', ...base, property: 'description', ...text });
  const value = (property: TopicChangeProperty, from: unknown, to: unknown) => {
    if (!isSame(from, to)) changes.push({ kind: 'topicChanged', ...base, property, from, to });
  };
  value('visibility', before.visibility, after.visibility);
  value('image', before.topicImage?.secure_url, after.topicImage?.secure_url);
  value(
    'settings',
    { allowMultiWorksheets: before.allowMultiWorksheets, showGradeReport: before.showGradeReport },
    { allowMultiWorksheets: after.allowMultiWorksheets, showGradeReport: after.showGradeReport },
  );

  const beforePages = new Map(before.pages.map((page, i) => [page._id, { page, index: i }]));
  const afterPageIds = new Set(after.pages.map((page) => page._id));
  const movedPages = movedIds(
    before.pages.map((p) => p._id),
    after.pages.map((p) => p._id),
  );
  // Where each fragment stood before, to tell a fragment moved to another page from a new one.
  const fragmentsBefore = new Map<string, { fragment: Fragment; page: Page; index: number }>();
  for (const page of before.pages)
    page.fragments.forEach((fragment, index) =>
      fragmentsBefore.set(fragment._id, { fragment, page, index }),
    );
  const fragmentIdsAfter = new Set(after.pages.flatMap((p) => p.fragments.map((f) => f._id)));

  after.pages.forEach((page, index) => {
    const pageBase = { pageId: page._id, fragmentId: null, pageName: name(page.name) };
    const old = beforePages.get(page._id);
    if (!old) changes.push({ kind: 'pageAdded', ...pageBase, toIndex: index });
    else {
      for (const text of textChanges(old.page.name, page.name))
        changes.push({ kind: 'pageRenamed', ...pageBase, property: 'name', ...text });
      if (movedPages.has(page._id))
        changes.push({ kind: 'pageMoved', ...pageBase, fromIndex: old.index, toIndex: index });
      if (old.page.visibility !== page.visibility)
        changes.push({
          kind: 'pageChanged',
          ...pageBase,
          property: 'visibility',
          from: old.page.visibility,
          to: page.visibility,
        });
      if (!isSame(old.page.showCondition, page.showCondition))
        changes.push({
          kind: 'pageChanged',
          ...pageBase,
          property: 'showCondition',
          from: old.page.showCondition,
          to: page.showCondition,
        });
    }

    const keptHere = old
      ? movedIds(
          old.page.fragments
            .map((f) => f._id)
            .filter((id) => page.fragments.some((f) => f._id === id)),
          page.fragments
            .map((f) => f._id)
            .filter((id) => old.page.fragments.some((f) => f._id === id)),
        )
      : new Set<string>();
    page.fragments.forEach((fragment, f) => {
      const fragmentBase = {
        ...pageBase,
        fragmentId: fragment._id,
        fragmentType: fragment.type,
        fragmentName: fragmentName(fragment, locale),
      };
      const was = fragmentsBefore.get(fragment._id);
      if (!was) {
        changes.push({ kind: 'fragmentAdded', ...fragmentBase, toIndex: f });
        return;
      }
      if (was.page._id !== page._id)
        changes.push({
          kind: 'fragmentMoved',
          ...fragmentBase,
          fromPageId: was.page._id,
          fromPageName: name(was.page.name),
          fromIndex: was.index,
          toIndex: f,
        });
      else if (keptHere.has(fragment._id))
        changes.push({ kind: 'fragmentMoved', ...fragmentBase, fromIndex: was.index, toIndex: f });
      for (const change of fragmentChanges(was.fragment, fragment, locale))
        changes.push({ kind: 'fragmentChanged', ...fragmentBase, ...change });
    });
    // Fragments gone from this page (and from the topic) are named with it.
    old?.page.fragments.forEach((fragment, f) => {
      if (!fragmentIdsAfter.has(fragment._id))
        changes.push({
          kind: 'fragmentRemoved',
          ...pageBase,
          fragmentId: fragment._id,
          fragmentType: fragment.type,
          fragmentName: fragmentName(fragment, locale),
          fromIndex: f,
        });
    });
  });

  before.pages.forEach((page, index) => {
    if (afterPageIds.has(page._id)) return;
    const pageBase = { pageId: page._id, fragmentId: null, pageName: name(page.name) };
    changes.push({ kind: 'pageRemoved', ...pageBase, fromIndex: index });
    // Its fragments that went nowhere else.
    page.fragments.forEach((fragment, f) => {
      if (!fragmentIdsAfter.has(fragment._id))
        changes.push({
          kind: 'fragmentRemoved',
          ...pageBase,
          fragmentId: fragment._id,
          fragmentType: fragment.type,
          fragmentName: fragmentName(fragment, locale),
          fromIndex: f,
        });
    });
  });
  return changes;
}

type Detail = Omit<TopicChange, 'kind' | 'pageId' | 'fragmentId' | 'pageName'>;

function fragmentChanges(before: Fragment, after: Fragment, locale: string): Detail[] {
  const details: Detail[] = [];
  const value = (property: TopicChangeProperty, from: unknown, to: unknown) => {
    if (!isSame(from, to)) details.push({ property, from, to });
  };
  const text = (
    property: TopicChangeProperty,
    from: LocalisedText | undefined,
    to: LocalisedText | undefined,
    isHtml = false,
  ) => {
    for (const change of textChanges(from, to, isHtml)) details.push({ property, ...change });
  };
  if (before.type !== after.type) {
    value('type', before.type, after.type);
    return details;
  }
  value('showCondition', before.showCondition, after.showCondition);
  if (before.type === 'content' && after.type === 'content')
    text('content', before.content, after.content, true);
  if (before.type === 'field' && after.type === 'field')
    details.push(...fieldChanges(before.field, after.field, locale));
  if (before.type === 'attachment' && after.type === 'attachment') {
    const [a, b] = [before.attachment, after.attachment];
    text('name', a.name, b.name);
    text('description', a.description, b.description);
    value('url', a.url, b.url);
    value('captions', a.captions, b.captions);
  }
  if (before.type === 'formula' && after.type === 'formula') {
    const [a, b] = [before.formula, after.formula];
    value('formulaId', a._id, b._id);
    text('name', a.name, b.name);
    text('description', a.description, b.description);
    text('formulaBody', a.body, b.body);
    value('format', a.format ?? 'number', b.format ?? 'number');
  }
  return details;
}

function fieldChanges(a: Field, b: Field, locale: string): Detail[] {
  const details: Detail[] = [];
  const value = (property: TopicChangeProperty, from: unknown, to: unknown) => {
    if (!isSame(from, to)) details.push({ property, from, to });
  };
  value('fieldId', a._id, b._id);
  for (const change of textChanges(a.name, b.name)) details.push({ property: 'name', ...change });
  for (const change of textChanges(a.question, b.question, true))
    details.push({ property: 'question', ...change });
  value('type', a.type, b.type);
  const scoring = (f: Field) => ({
    scoreWeight: f.scoreWeight,
    correctValue: f.correctValue,
    tolerance: f.tolerance,
  });
  value('scoring', scoring(a), scoring(b));

  const entriesBefore = new Map((a.pickList ?? []).map((e) => [e._id, e]));
  const entryIdsAfter = new Set((b.pickList ?? []).map((e) => e._id));
  const added = (b.pickList ?? []).filter((e) => !entriesBefore.has(e._id));
  const removed = (a.pickList ?? []).filter((e) => !entryIdsAfter.has(e._id));
  const values = (f: Field) => f.pickList?.map((e) => e.value);
  if (added.length || removed.length || !isSame(values(a), values(b)))
    details.push({
      property: 'entries',
      added: added.map((e) => localise(e.label, locale)),
      removed: removed.map((e) => localise(e.label, locale)),
      from: values(a),
      to: values(b),
    });
  for (const entry of b.pickList ?? []) {
    const old = entriesBefore.get(entry._id);
    if (old)
      for (const change of textChanges(old.label, entry.label))
        details.push({ property: 'choiceLabel', entryId: entry._id, ...change });
  }
  value('default', a.defaultValue, b.defaultValue);
  const bounds = (f: Field) => ({
    minValue: f.minValue,
    maxValue: f.maxValue,
    height: f.height,
    rowCount: f.rowCount,
    columnCount: f.columnCount,
  });
  value('bounds', bounds(a), bounds(b));
  value('cells', a.cells, b.cells);
  return details;
}

/** A text's differences, one per locale whose text changed (one for a text shared by all). */
function textChanges(
  before: LocalisedText | undefined,
  after: LocalisedText | undefined,
  isHtml = false,
): Pick<TopicChange, 'locale' | 'words' | 'isFormattingOnly'>[] {
  if (isSame(before, after)) return [];
  const isShared = (v: LocalisedText | undefined) => v === undefined || typeof v === 'string';
  const textIn = (v: LocalisedText | undefined, locale: string | null) =>
    v === undefined ? '' : typeof v === 'string' ? v : locale === null ? '' : (v[locale] ?? '');
  const locales: (string | null)[] =
    isShared(before) && isShared(after)
      ? [null]
      : [
          ...new Set(
            [before, after].flatMap((v) => (v && typeof v !== 'string' ? Object.keys(v) : [])),
          ),
        ].sort();
  const changes: Pick<TopicChange, 'locale' | 'words' | 'isFormattingOnly'>[] = [];
  for (const locale of locales) {
    const from = textIn(before, locale);
    const to = textIn(after, locale);
    if (from === to) continue;
    const plainFrom = isHtml ? htmlText(from) : from;
    const plainTo = isHtml ? htmlText(to) : to;
    changes.push({
      ...(locale !== null && { locale }),
      words: wordDiff(plainFrom, plainTo),
      ...(plainFrom === plainTo && { isFormattingOnly: true }),
    });
  }
  return changes;
}

function wordDiff(from: string, to: string): WordChange[] {
  if (from === to) return from ? [{ text: from, change: 'same' }] : [];
  return diffWords(from, to).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}

/**
 * The ids kept in both orders that changed place: those outside a longest common subsequence,
 * so moving one page down names that page, not every page it passed.
 */
export function movedIds(before: readonly string[], after: readonly string[]): Set<string> {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  const a = before.filter((id) => inAfter.has(id));
  const b = after.filter((id) => inBefore.has(id));
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j]
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
      // On a tie the later one in the new order moved (a page dragged up names that page).
    } else if (lengths[i]![j + 1]! >= lengths[i + 1]![j]!) j++;
    else i++;
  }
  return new Set(b.filter((id) => !kept.has(id)));
}

function fragmentName(fragment: Fragment, locale: string): string {
  switch (fragment.type) {
    case 'field':
      return localise(fragment.field.name, locale);
    case 'formula':
      return localise(fragment.formula.name, locale);
    case 'attachment':
      return localise(fragment.attachment.name, locale);
    case 'content': {
      const text = htmlText(localise(fragment.content, locale));
      return text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text;
    }
  }
}

/** Equal as JSON values, whatever the order of object keys. */
function isSame(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
