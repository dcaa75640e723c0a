import type { Topic } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { studioTopicsQuery, studioVersionQuery } from '../api/studio-api';

/**
 * The organisation's general topic as published (formulas of every topic may read its fields'
 * answers, and the server checks a publish against the published one): null when there is none,
 * it is not published, or it is the topic being edited (its own fields are the topic's);
 * undefined while it loads. When it cannot be loaded, null: the server has the last word.
 */
export function useGeneralTopic(topicId: string): Topic | null | undefined {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const topics = useQuery(studioTopicsQuery(org.alias, viewer));
  const generalId = topics.data?.general ?? null;
  const published =
    generalId === null || generalId === topicId
      ? null
      : (topics.data?.topics.find((each) => each._id === generalId)?.publishedVersion ?? null);
  const version = useQuery({
    ...studioVersionQuery(org.alias, viewer, generalId ?? '', published ?? 0),
    enabled: published !== null,
  });
  if (topics.isPending) return undefined;
  if (published === null) return null;
  if (version.isPending) return undefined;
  return version.data?.topic ?? null;
}
