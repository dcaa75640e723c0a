import type { DraftTopic } from '../lib/draft-saver';
import { displayText, textIn, topicTexts } from '../lib/localised';

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
