import type { Topic } from '@portal/domain';

/**
 * Every id a topic uses (pages, blocks, fields, their choices, formulas): pasted questions get
 * others, so no answer is ever stored under an id that already means something else.
 */
export function topicIds(topic: Topic): Set<string> {
  const ids = new Set<string>([topic._id]);
  for (const page of topic.pages) {
    ids.add(page._id);
    for (const fragment of page.fragments) {
      ids.add(fragment._id);
      if (fragment.type === 'field') {
        ids.add(fragment.field._id);
        for (const entry of fragment.field.pickList ?? []) ids.add(entry._id);
      }
      if (fragment.type === 'formula') ids.add(fragment.formula._id);
    }
  }
  return ids;
}
