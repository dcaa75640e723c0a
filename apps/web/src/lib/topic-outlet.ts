import type { PageView, Scores, TopicView } from '@portal/domain';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useOutletContext } from 'react-router';
import { fetchGrades, gradeKeys, GRADES_STALE_TIME } from './api/grades';
import { fetchTopic, topicKeys } from './api/topics';
import { paths } from './paths';

/**
 * What the topic layout (features/topics) hands the screen in its <Outlet />: the topic home,
 * a page (features/page), the report card or the other topics. Features never import each
 * other, so this contract lives here.
 */
export interface TopicOutletContext {
  /** The topic id as it appears in the address ("general" for the general topic). */
  topicId: string;
  topic: TopicView;
  /** The pages this learner sees, in order. */
  pages: readonly PageView[];
}

export function useTopicOutlet(): TopicOutletContext {
  return useOutletContext<TopicOutletContext>();
}

/*
 * The topic source: where the screens of a topic (the topic layout, its home, pages and report
 * card, the print view, the workbook's scores) read the topic and its scores, and where their
 * links lead: the learner's published topic at /topic/{id}… by default, or what the app provides
 * instead (the studio's preview of a draft, at /studio/topic/{id}/preview…). Beside the outlet
 * contract, in one small module the topic screens share; the workbook's own source is in
 * lib/workbook.ts.
 */

/** The links between the screens of one topic. */
export interface TopicPaths {
  /** Where a dead end leads (a saved history that points nowhere). */
  home: string;
  /** The subheader's "Topics" link. */
  topics: string;
  topic: (topicId: string) => string;
  page: (topicId: string, pageId: string) => string;
  reportCard: (topicId: string) => string;
  others: (topicId: string) => string;
  othersGroup: (topicId: string, groupId: string) => string;
  print: (topicId: string) => string;
}

/** A query's key and function (TanStack Query), as a source gives them. */
export interface SourceQuery<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  staleTime?: number;
}

export interface TopicSource {
  paths: TopicPaths;
  /**
   * Whether the learning events of these screens (field answered, page and topic completed,
   * worksheet added, file uploaded) go to the organisation's analytics: a preview's do not.
   */
  recordsLearning: boolean;
  /**
   * The topic as a learner reads it. The key's items 2 and 4 are the topic id and the viewer
   * (the topic layout keeps a topic on screen while another locale loads).
   */
  topic: (alias: string, topicId: string, locale: string, viewer: string) => SourceQuery<TopicView>;
  /** The scores of one worksheet (the report card, and formulas that read scores). */
  grades: (
    alias: string,
    topicId: string,
    worksheetIndex: number,
    viewer: string,
  ) => SourceQuery<Scores>;
}

export const LEARNER_TOPIC_PATHS: TopicPaths = {
  home: paths.home,
  topics: paths.topics,
  topic: paths.topic,
  page: paths.topicPage,
  reportCard: paths.topicReportCard,
  others: paths.topicOthers,
  othersGroup: paths.topicOthersGroup,
  print: paths.printTopic,
};

/** The learner's published topics and their scores (GET /topic/{id}, …/grade). */
export const LEARNER_TOPIC_SOURCE: TopicSource = {
  paths: LEARNER_TOPIC_PATHS,
  recordsLearning: true,
  topic: (alias, topicId, locale, viewer) => ({
    queryKey: topicKeys.detail(alias, topicId, locale, viewer),
    queryFn: ({ signal }) => fetchTopic(alias, topicId, locale, signal),
  }),
  grades: (alias, topicId, worksheetIndex, viewer) => ({
    queryKey: gradeKeys.detail(alias, topicId, worksheetIndex, viewer),
    queryFn: ({ signal }) => fetchGrades(alias, topicId, worksheetIndex, signal),
    staleTime: GRADES_STALE_TIME,
  }),
};

export const TopicSourceContext = createContext<TopicSource>(LEARNER_TOPIC_SOURCE);

/** Where the topic on screen comes from: the learner's by default. */
export function useTopicSource(): TopicSource {
  return useContext(TopicSourceContext);
}
