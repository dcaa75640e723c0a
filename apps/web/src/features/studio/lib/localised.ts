import { isUntranslated, type LocalisedText } from '../../../lib/localised-text';
import type { DraftTopic } from './draft-saver';

export {
  displayText,
  isUntranslated,
  languageName,
  textIn,
  withText,
  type LocalisedText,
} from '../../../lib/localised-text';

/** One text of a topic, keyed by the ids around it (stable when pages move). */
export interface TopicText {
  key: string;
  /** The page it is on, if any. */
  pageId?: string;
  value: LocalisedText;
}

/** Every text a person reads in a topic (for the untranslated count and the comparisons). */
export function topicTexts(topic: DraftTopic): TopicText[] {
  const texts: TopicText[] = [];
  const add = (key: string, value: LocalisedText | undefined, pageId?: string) => {
    if (value !== undefined) texts.push({ key, value, pageId });
  };
  add('name', topic.name);
  add('description', topic.description);
  for (const page of topic.pages) {
    const on = (key: string, value: LocalisedText | undefined) =>
      add(`${page._id}/${key}`, value, page._id);
    on('name', page.name);
    for (const fragment of page.fragments) {
      const at = fragment._id;
      switch (fragment.type) {
        case 'content':
          on(`${at}/content`, fragment.content);
          break;
        case 'field':
          on(`${at}/name`, fragment.field.name);
          on(`${at}/question`, fragment.field.question);
          fragment.field.pickList?.forEach((entry) => on(`${at}/${entry._id}`, entry.label));
          break;
        case 'attachment':
          on(`${at}/name`, fragment.attachment.name);
          on(`${at}/description`, fragment.attachment.description);
          break;
        case 'formula':
          on(`${at}/name`, fragment.formula.name);
          on(`${at}/description`, fragment.formula.description);
          break;
      }
    }
  }
  return texts;
}

/** How many of the topic's texts are missing in one of `locales`. */
export function untranslatedCount(topic: DraftTopic, locales: readonly string[]): number {
  return topicTexts(topic).filter(({ value }) => isUntranslated(value, locales)).length;
}
