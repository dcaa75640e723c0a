import { knowRoutePaths, STUDIO_ROUTE_PATHS, type Workbook } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/api/client';
import { normaliseWorkbook } from '../../../../lib/api/workbook';
import { noteServerTime } from '../../../../lib/server-clock';
import type { TopicPaths, TopicSource } from '../../../../lib/topic-outlet';
import type { WorkbookSource } from '../../../../lib/workbook';

// The studio's routes join the table here: no learner's first load carries their paths.
knowRoutePaths(STUDIO_ROUTE_PATHS);

/**
 * The studio's preview (docs/design.md §14): the draft of a topic in the learner's screens, its
 * answers in the author's preview workbook (GET, PUT, DELETE /studio/preview/workbook), graded
 * on the draft. Never the learner's topic, workbook or scores: its own query keys.
 */
export const previewKeys = {
  all: (alias: string) => ['studio-preview', alias] as const,
  /** Items 2 and 4 are the topic id and the viewer, as the topic layout expects of a topic key. */
  topic: (alias: string, topicId: string, locale: string, viewer: string) =>
    ['studio-preview', alias, topicId, locale, viewer, 'topic'] as const,
  grades: (alias: string) => ['studio-preview', alias, 'grades'] as const,
  gradesOf: (alias: string, topicId: string, worksheetIndex: number, viewer: string) =>
    ['studio-preview', alias, 'grades', topicId, worksheetIndex, viewer] as const,
  workbook: (alias: string, viewer: string) =>
    ['studio-preview', alias, 'workbook', viewer] as const,
};

const encode = encodeURIComponent;

/** The editor of a topic in the studio, where "Back to the editor" leads. */
export const studioTopicPath = (topicId: string) => `/studio/topic/${encode(topicId)}`;

/** /studio/topic/{id}/preview…: the learner's screens of the draft. */
export const previewPath = (topicId: string) => `${studioTopicPath(topicId)}/preview`;

export function previewPaths(topicId: string): TopicPaths {
  return {
    home: previewPath(topicId),
    topics: '/studio',
    topic: previewPath,
    page: (id, pageId) => `${previewPath(id)}/page/${encode(pageId)}`,
    reportCard: (id) => `${previewPath(id)}/reportcard`,
    others: (id) => `${previewPath(id)}/others`,
    othersGroup: (id, groupId) => `${previewPath(id)}/others/group/${encode(groupId)}`,
    print: (id) => `${previewPath(id)}/print`,
  };
}

/** The topic source of the preview of `topicId`: the draft and its scores on the preview workbook. */
export function previewTopicSource(topicId: string): TopicSource {
  return {
    paths: previewPaths(topicId),
    recordsLearning: false,
    topic: (alias, id, locale, viewer) => ({
      queryKey: previewKeys.topic(alias, id, locale, viewer),
      queryFn: async ({ signal }) => {
        const { topic } = await call('studioPreviewTopic', {
          params: { org: alias, topicId: id },
          query: { locale },
          signal,
        });
        return topic;
      },
      // The draft changes in the editor: a preview opened again asks again.
      staleTime: 0,
    }),
    grades: (alias, id, worksheetIndex, viewer) => ({
      queryKey: previewKeys.gradesOf(alias, id, worksheetIndex, viewer),
      queryFn: async ({ signal }) => {
        const { scores } = await call('studioPreviewGrade', {
          params: { org: alias, topicId: id, index: worksheetIndex },
          signal,
        });
        return scores;
      },
      staleTime: 0,
    }),
  };
}

/** GET /studio/preview/workbook: the author's preview workbook. */
export function previewWorkbookQuery(alias: string, viewer: string) {
  return queryOptions({
    queryKey: previewKeys.workbook(alias, viewer),
    queryFn: async ({ signal }): Promise<Workbook> => {
      const sentAt = Date.now();
      const { workbook } = await call('studioPreviewWorkbook', { params: { org: alias }, signal });
      noteServerTime(workbook.serverTime, sentAt, Date.now());
      return normaliseWorkbook(workbook.workbook);
    },
    // It changes through the preview's own edits, which update this entry.
    staleTime: Infinity,
  });
}

/** DELETE /studio/preview/workbook: the preview's answers, all gone; the empty workbook. */
export async function resetPreviewWorkbook(alias: string): Promise<Workbook> {
  const answer = await call('resetStudioPreviewWorkbook', { params: { org: alias } });
  return normaliseWorkbook(answer.workbook.workbook);
}

/** Where the preview's workbook provider keeps answers; `generation` grows with each reset. */
export function previewWorkbookSource(generation: number): WorkbookSource {
  return {
    name: 'studio-preview',
    generation,
    key: previewKeys.workbook,
    save: async (alias, workbook) => {
      const sentAt = Date.now();
      const answer = await call('saveStudioPreviewWorkbook', {
        params: { org: alias },
        body: { workbook },
      });
      noteServerTime(answer.workbook.serverTime, sentAt, Date.now());
      return normaliseWorkbook(answer.workbook.workbook);
    },
    savedKey: previewKeys.grades,
  };
}
