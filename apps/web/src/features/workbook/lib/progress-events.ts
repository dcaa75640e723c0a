import type { LearningEventData, ShowConditionView, TopicView } from '@portal/domain';

export type ProgressEvent =
  | ['PAGE_COMPLETED', LearningEventData<'PAGE_COMPLETED'>]
  | ['TOPIC_COMPLETED', LearningEventData<'TOPIC_COMPLETED'>];

/**
 * The analytics events of completing `pageId` (issue 15, point 23): PAGE_COMPLETED the first
 * time only, and TOPIC_COMPLETED when it completes the last page of the topic the learner can
 * see (pages hidden by their show condition do not count).
 */
export function completionEvents(
  topicId: string,
  topic: Pick<TopicView, 'pages'>,
  completed: ReadonlySet<string>,
  pageId: string,
  isShown: (item: { showCondition?: ShowConditionView }) => boolean,
): ProgressEvent[] {
  if (completed.has(pageId)) return [];
  const events: ProgressEvent[] = [['PAGE_COMPLETED', { topicId, pageId }]];
  const shown = topic.pages.filter((page) => isShown(page));
  const isTopicDone =
    shown.some((page) => page._id === pageId) &&
    shown.every((page) => page._id === pageId || completed.has(page._id));
  if (isTopicDone) events.push(['TOPIC_COMPLETED', { topicId }]);
  return events;
}
