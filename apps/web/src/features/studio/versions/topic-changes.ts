import type { DraftTopic } from '../lib/draft-saver';
import { displayText, textIn, topicTexts } from '../lib/localised';

/** A change between two versions of a topic, as the author reads it. */
export type TopicChange =
  | { kind: 'setting'; setting: TopicSetting }
  | { kind: 'pageAdded' | 'pageRemoved' | 'pageChanged'; page: string }
  | { kind: 'pagesReordered' };

export const TOPIC_SETTINGS = [
  'name',
  'description',
  'visibility',
  'topicImage',
  'allowMultiWorksheets',
  'showGradeReport',
] as const;
export type TopicSetting = (typeof TOPIC_SETTINGS)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed from `before` to `after`: the settings, then the pages added, removed or changed
 * (by id, so a moved page is not "changed"), and whether the pages' order changed. Until the
 * domain's fuller description lands, this is the studio's readable difference.
 */
export function describeTopicChanges(
  before: DraftTopic,
  after: DraftTopic,
  locale: string,
): TopicChange[] {
  const changes: TopicChange[] = TOPIC_SETTINGS.filter(
    (setting) => !same(before[setting], after[setting]),
  ).map((setting) => ({ kind: 'setting', setting }));
  const beforePages = new Map(before.pages.map((page) => [page._id, page]));
  const afterIds = new Set(after.pages.map((page) => page._id));
  const name = (page: DraftTopic['pages'][number]) => displayText(page.name, locale, page._id);
  for (const page of after.pages) {
    const old = beforePages.get(page._id);
    if (!old) changes.push({ kind: 'pageAdded', page: name(page) });
    else if (!same(old, page)) changes.push({ kind: 'pageChanged', page: name(page) });
  }
  for (const page of before.pages)
    if (!afterIds.has(page._id)) changes.push({ kind: 'pageRemoved', page: name(page) });
  const kept = (pages: DraftTopic['pages']) =>
    pages.map((page) => page._id).filter((id) => beforePages.has(id) && afterIds.has(id));
  if (!same(kept(before.pages), kept(after.pages))) changes.push({ kind: 'pagesReordered' });
  return changes;
}

/** A text that differs between two versions, in `locale`: for the conflict view. */
export interface TextDifference {
  key: string;
  page: string | null;
  mine: string;
  theirs: string;
}

export function textDifferences(
  mine: DraftTopic,
  theirs: DraftTopic,
  locale: string,
): TextDifference[] {
  const theirTexts = new Map(topicTexts(theirs).map((text) => [text.key, text.value]));
  const myTexts = new Map(topicTexts(mine).map((text) => [text.key, text.value]));
  const pageName = (id: string | undefined) => {
    const page =
      mine.pages.find((each) => each._id === id) ?? theirs.pages.find((each) => each._id === id);
    return page ? displayText(page.name, locale, page._id) : null;
  };
  const keys = new Set([...myTexts.keys(), ...theirTexts.keys()]);
  const pageOf = new Map(
    [...topicTexts(mine), ...topicTexts(theirs)].map((text) => [text.key, text.pageId]),
  );
  const differences: TextDifference[] = [];
  for (const key of keys) {
    const a = textIn(myTexts.get(key), locale);
    const b = textIn(theirTexts.get(key), locale);
    if (a !== b) differences.push({ key, page: pageName(pageOf.get(key)), mine: a, theirs: b });
  }
  return differences;
}
