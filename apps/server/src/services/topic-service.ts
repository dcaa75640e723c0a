import { localise, type ContentView, type TopicView } from '@portal/domain';
import type { Caches, NamedCache } from '../cache';
import type { Db } from '../db/database';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { findContent, parentGroupOf, type ParentGroup } from '../db/repositories/topics';
import {
  assertCanSeePage,
  assertCanSeeTopic,
  canSeePage,
  canSeeTopicGroupCard,
  topicAudienceKey,
  type Viewer,
} from '../policies';
import { presentTopicView } from '../presenters/topic-view';
import { CachedText } from './cached-text';
import { notFound } from './errors';
import { contentOf, type TopicCache } from './topic-cache';

interface AnswerArgs {
  org: OrganisationRecord;
  topicId: string;
  viewer: Viewer;
  locale: string;
  /** What of the topic the viewer may see (viewers who see the same share one answer). */
  audience: string;
}

export class TopicService {
  /** Serialised answers by organisation, topic, locale and audience; bounded in bytes. */
  private readonly answers: NamedCache<AnswerArgs, CachedText>;
  /** Each topic's first topic group, by organisation and topic. */
  private readonly parents: NamedCache<
    { org: OrganisationRecord; topicId: string },
    { parent: ParentGroup | null }
  >;

  constructor(
    private readonly db: Db,
    private readonly cache: TopicCache,
    caches: Caches,
  ) {
    this.answers = caches.define('topic-answers', {
      maxSize: 32 * 1024 * 1024,
      sizeOf: (answer) => answer.text.length * 2,
      key: ({ org, topicId, locale, audience }) =>
        `${org.id}\u0000${topicId}\u0000${locale}\u0000${audience}`,
      load: async ({ org, topicId, viewer, locale }) =>
        new CachedText(JSON.stringify({ topic: await this.topic(org, topicId, viewer, locale) })),
      // Its group's name too, which is the organisation's content rather than the topic's.
      dependsOn: ({ org, topicId }) => [contentOf(org, topicId)],
    });
    this.parents = caches.define('topic-parents', {
      max: 10_000,
      key: ({ org, topicId }) => `${org.id}\u0000${topicId}`,
      load: async ({ org, topicId }) => ({ parent: await parentGroupOf(db, org.id, topicId) }),
      dependsOn: ({ org, topicId }) => [{ content: { org: org.id, topic: topicId } }],
    });
  }

  /**
   * The topic group a topic is shown in, when the viewer may see that group: a private group's
   * name is not shown to those who cannot open it (issue 16 F10).
   */
  private async visibleParent(
    org: OrganisationRecord,
    topicId: string,
    viewer: Viewer,
  ): Promise<ParentGroup | null> {
    const parent = (await this.parents.get({ org, topicId }))?.parent ?? null;
    return parent && canSeeTopicGroupCard(viewer, parent) ? parent : null;
  }

  /**
   * The topic answer (`{topic}`) as JSON text, cached: viewers who see the same of the topic
   * share one serialised answer. Access is checked on every request, before the cache.
   */
  async topicAnswer(
    org: OrganisationRecord,
    topicId: string,
    viewer: Viewer,
    locale: string,
  ): Promise<CachedText> {
    const stored = await this.cache.load(org, topicId);
    if (!stored) throw notFound('topicNotFound');
    assertCanSeeTopic(viewer, stored.topic);
    const parent = await this.visibleParent(org, stored.topic._id, viewer);
    const audience = this.audience(viewer, stored.topic._id, parent !== null);
    const answer = await this.answers.get({ org, topicId, viewer, locale, audience });
    if (!answer) throw new Error('a topic answer was not made');
    return answer;
  }

  /**
   * `topicAnswer` at once when all it reads is fresh in this process (the hot path of a topic:
   * no promise), with the same checks in the same order; undefined when something must be read
   * first (then `topicAnswer`).
   */
  freshTopicAnswer(
    org: OrganisationRecord,
    topicId: string,
    viewer: Viewer,
    locale: string,
  ): CachedText | undefined {
    const stored = this.cache.fresh(org, topicId);
    if (stored === undefined) return undefined;
    if (!stored) throw notFound('topicNotFound');
    assertCanSeeTopic(viewer, stored.topic);
    const known = this.parents.fresh({ org, topicId: stored.topic._id });
    if (!known) return undefined;
    const seesParent = known.parent !== null && canSeeTopicGroupCard(viewer, known.parent);
    const audience = this.audience(viewer, stored.topic._id, seesParent);
    return this.answers.fresh({ org, topicId, viewer, locale, audience });
  }

  /** Who sees the same answer of a topic: its audience, and whether they see its group. */
  private audience(viewer: Viewer, topicId: string, seesParent: boolean): string {
    return `${topicAudienceKey(viewer, topicId)}${seesParent ? '+group' : ''}`;
  }

  async topic(
    org: OrganisationRecord,
    topicId: string,
    viewer: Viewer,
    locale: string,
  ): Promise<TopicView> {
    const stored = await this.cache.load(org, topicId);
    if (!stored) throw notFound('topicNotFound');
    const { topic, isGeneral } = stored;
    assertCanSeeTopic(viewer, topic);
    const parent = await this.visibleParent(org, topic._id, viewer);

    return presentTopicView({
      topic,
      isGeneral,
      pages: topic.pages.filter((page) => canSeePage(viewer, topic._id, page)),
      parent,
      locale,
    });
  }

  /** One content fragment of page `pageId`, localised, if the viewer may see it. */
  async content(
    org: OrganisationRecord,
    id: string,
    pageId: string | undefined,
    viewer: Viewer,
    locale: string,
  ): Promise<ContentView> {
    const stored = await findContent(this.db, org.id, id, pageId);
    if (!stored) throw notFound('contentNotFound');
    assertCanSeeTopic(viewer, { _id: stored.topicId, visibility: stored.topicVisibility });
    assertCanSeePage(viewer, stored.topicId, { visibility: stored.pageVisibility });
    const body = stored.body;
    const usedLocale = typeof body === 'string' || body[locale] ? locale : 'en-US';
    return { body: localise(body, locale), locale: usedLocale };
  }
}
