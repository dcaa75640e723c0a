import {
  knowRoutePaths,
  STUDIO_ROUTE_PATHS,
  type StudioCatalogueAnswer,
  type StudioSavedAnswer,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

// The studio's routes join the table here: no learner's first load carries their paths.
knowRoutePaths(STUDIO_ROUTE_PATHS);

type Topic = StudioSavedAnswer['topic'];

/**
 * The studio's query keys (design §14): every key names the organisation and the viewer, since
 * only authors and administrators may read these answers, and a sign-out must not show them to
 * the next person.
 */
export const studioKeys = {
  all: (org: string, viewer: string) => ['studio', org, viewer] as const,
  topics: (org: string, viewer: string) => ['studio', org, viewer, 'topics'] as const,
  catalogue: (org: string, viewer: string) => ['studio', org, viewer, 'catalogue'] as const,
  topic: (org: string, viewer: string, topicId: string) =>
    ['studio', org, viewer, 'topic', topicId] as const,
  versions: (org: string, viewer: string, topicId: string) =>
    ['studio', org, viewer, 'topic', topicId, 'versions'] as const,
  version: (org: string, viewer: string, topicId: string, version: number) =>
    ['studio', org, viewer, 'topic', topicId, 'versions', version] as const,
  presence: (org: string, viewer: string, topicId: string) =>
    ['studio', org, viewer, 'topic', topicId, 'presence'] as const,
  answers: (org: string, viewer: string, topicId: string) =>
    ['studio', org, viewer, 'topic', topicId, 'answers'] as const,
};

/** GET …/studio/topics: every topic with its draft state, archived ones included. */
export function studioTopicsQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: studioKeys.topics(org, viewer),
    queryFn: ({ signal }) => call('studioTopics', { params: { org }, signal }),
  });
}

/** GET …/studio/catalogue: topic groups, the topics' order and which user groups grant what. */
export function studioCatalogueQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: studioKeys.catalogue(org, viewer),
    queryFn: ({ signal }) => call('studioCatalogue', { params: { org }, signal }),
  });
}

/**
 * GET …/studio/topic/{topicId}: the draft as it was when the workspace opened. Never refetched
 * behind the author's back: from then on the autosave (lib/draft-saver.ts) holds the draft.
 */
export function studioTopicQuery(org: string, viewer: string, topicId: string) {
  return queryOptions({
    queryKey: studioKeys.topic(org, viewer, topicId),
    queryFn: ({ signal }) => call('studioTopic', { params: { org, topicId }, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** GET …/versions: the published versions, newest first. */
export function studioVersionsQuery(org: string, viewer: string, topicId: string) {
  return queryOptions({
    queryKey: studioKeys.versions(org, viewer, topicId),
    queryFn: ({ signal }) => call('studioTopicVersions', { params: { org, topicId }, signal }),
  });
}

/** GET …/versions/{version}: a published version as it was (immutable: cached for good). */
export function studioVersionQuery(org: string, viewer: string, topicId: string, version: number) {
  return queryOptions({
    queryKey: studioKeys.version(org, viewer, topicId, version),
    queryFn: ({ signal }) =>
      call('studioTopicVersion', { params: { org, topicId, version }, signal }),
    staleTime: Infinity,
  });
}

/**
 * GET …/answers: how many learners have an answer stored, by field id (the page editor asks
 * before a field with answers is removed or retyped). Read again when the workspace regains focus.
 */
export function studioAnswerCountsQuery(org: string, viewer: string, topicId: string) {
  return queryOptions({
    queryKey: studioKeys.answers(org, viewer, topicId),
    queryFn: ({ signal }) => call('studioAnswerCounts', { params: { org, topicId }, signal }),
    staleTime: 30_000,
  });
}

/** The heartbeat: 15 s (the server counts an author present for 45 s after one). */
export const PRESENCE_INTERVAL_MS = 15_000;

/** POST …/presence: says "I am here" and answers who else is. */
export function studioPresenceQuery(org: string, viewer: string, topicId: string) {
  return queryOptions({
    queryKey: studioKeys.presence(org, viewer, topicId),
    queryFn: ({ signal }) => call('studioPresence', { params: { org, topicId }, signal }),
    refetchInterval: PRESENCE_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function createStudioTopic(org: string, topic: Topic) {
  return call('createStudioTopic', { params: { org }, body: { topic } });
}

export function saveStudioTopic(
  org: string,
  topicId: string,
  topic: Topic,
  version: number,
  signal?: AbortSignal,
) {
  return call('saveStudioTopic', { params: { org, topicId }, body: { topic, version }, signal });
}

export function publishStudioTopic(org: string, topicId: string, note: string) {
  const trimmed = note.trim();
  return call('publishStudioTopic', {
    params: { org, topicId },
    body: trimmed ? { note: trimmed } : {},
  });
}

export function restoreStudioTopic(org: string, topicId: string, version: number) {
  return call('restoreStudioTopic', { params: { org, topicId }, body: { version } });
}

export function archiveStudioTopic(org: string, topicId: string, archived: boolean) {
  return call('archiveStudioTopic', { params: { org, topicId }, body: { archived } });
}

/** The catalogue as PUT takes it: the grants by user group, from the answer's user groups. */
export function catalogueBody(catalogue: StudioCatalogueAnswer) {
  return {
    topicGroups: catalogue.topicGroups,
    order: catalogue.order,
    grants: Object.fromEntries(catalogue.userGroups.map((group) => [group._id, group.topics])),
    version: catalogue.version,
  };
}

/** PUT …/studio/catalogue: 409 when someone saved it since it was read. */
export function saveStudioCatalogue(org: string, catalogue: StudioCatalogueAnswer) {
  return call('saveStudioCatalogue', { params: { org }, body: catalogueBody(catalogue) });
}
