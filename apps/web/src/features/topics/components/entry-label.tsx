import { FormattedMessage } from 'react-intl';
import type { TopicEntry } from '../lib/topic-entries';

const SPECIAL_LABELS = {
  home: 'topic.home',
  reportcard: 'topic.reportCard',
  others: 'topic.otherTopics',
} as const;

/** An entry's name: the page's own, or Home, Report Card, Other Topics. */
export function EntryLabel({ entry }: { entry: TopicEntry }) {
  if (entry.kind === 'page') return <>{entry.pageName}</>;
  return <FormattedMessage id={SPECIAL_LABELS[entry.kind]} />;
}
