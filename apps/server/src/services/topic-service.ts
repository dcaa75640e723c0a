import {
  DEFAULT_LOCALE,
  localise,
  type ContentView,
  type Field,
  type FieldDefaultValue,
  type FieldView,
  type Fragment,
  type FragmentView,
  type LocalisedText,
  type PageView,
  type TopicView,
} from '@portal/domain';
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
import { CachedText } from './cached-text';
import { notFound } from './errors';
import { contentOf, type TopicCache } from './topic-cache';

/** Content bodies longer than this are stored apart and fetched by the page on its own. */
export const INLINE_CONTENT_MAX = 4_000;

const isScored = (field: Field) => (field.scoreWeight ?? 0) > 0 && field.correctValue !== undefined;

/** A default value by locale (text fields) becomes the learner's; any other default is as it is. */
function localiseDefault(value: unknown, locale: string): FieldDefaultValue {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return localise(value as LocalisedText, locale);
  return value as FieldDefaultValue;
}

/** A field without its correct answer or tolerance: what a learner may see. */
function presentField(field: Field, locale: string): FieldView {
  return {
    _id: field._id,
    name: localise(field.name, locale),
    question: localise(field.question, locale),
    type: field.type,
    ...(field.defaultValue !== undefined && {
      defaultValue: localiseDefault(field.defaultValue, locale),
    }),
    ...(field.pickList && {
      pickList: field.pickList.map((p) => ({
        _id: p._id,
        value: p.value,
        label: localise(p.label, locale),
      })),
    }),
    ...(field.height !== undefined && { height: field.height }),
    ...(field.minValue !== undefined && { minValue: field.minValue }),
    ...(field.maxValue !== undefined && { maxValue: field.maxValue }),
    ...(field.rowCount !== undefined && { rowCount: field.rowCount }),
    ...(field.columnCount !== undefined && { columnCount: field.columnCount }),
    ...(field.cells && {
      cells: field.cells.map((row) =>
        row.map((cell) => ({
          ...(cell.value !== undefined && { value: cell.value }),
          ...(cell.defaultValue !== undefined && {
            defaultValue: localise(cell.defaultValue, locale),
          }),
          ...(cell.isReadOnly !== undefined && { isReadOnly: cell.isReadOnly }),
        })),
      ),
    }),
    ...(isScored(field) && { scoreWeight: field.scoreWeight }),
    isScored: isScored(field),
  };
}

/** A video's captions in `locale`: its own file, else the pack's default locale's, else any. */
function captionsIn(
  captions: string | Record<string, string> | undefined,
  locale: string,
): { captions?: { url: string; locale: string } } {
  if (!captions) return {};
  if (typeof captions === 'string') return { captions: { url: captions, locale } };
  const found = [locale, DEFAULT_LOCALE, ...Object.keys(captions)].find((l) => captions[l]);
  return found ? { captions: { url: captions[found]!, locale: found } } : {};
}

function presentFragment(fragment: Fragment, locale: string): FragmentView {
  const base = {
    _id: fragment._id,
    ...(fragment.showCondition && { showCondition: fragment.showCondition }),
  };
  switch (fragment.type) {
    case 'content': {
      const body = localise(fragment.content, locale);
      return {
        ...base,
        type: 'content',
        content: body.length > INLINE_CONTENT_MAX ? { contentId: fragment._id } : { body },
      };
    }
    case 'field':
      return { ...base, type: 'field', field: presentField(fragment.field, locale) };
    case 'attachment':
      return {
        ...base,
        type: 'attachment',
        attachment: {
          url: fragment.attachment.url,
          name: localise(fragment.attachment.name, locale),
          description: localise(fragment.attachment.description, locale),
          ...captionsIn(fragment.attachment.captions, locale),
        },
      };
    case 'formula':
      return {
        ...base,
        type: 'formula',
        formula: {
          _id: fragment.formula._id,
          name: localise(fragment.formula.name, locale),
          description: localise(fragment.formula.description, locale),
          body: fragment.formula.body,
          ...(fragment.formula.format && { format: fragment.formula.format }),
        },
      };
  }
}

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
    const seesParent = (await this.visibleParent(org, stored.topic._id, viewer)) !== null;
    const audience = `${topicAudienceKey(viewer, stored.topic._id)}${seesParent ? '+group' : ''}`;
    const answer = await this.answers.get({ org, topicId, viewer, locale, audience });
    if (!answer) throw new Error('a topic answer was not made');
    return answer;
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

    const pages: PageView[] = topic.pages
      .filter((page) => canSeePage(viewer, topic._id, page))
      .map((page) => {
        const fragments = page.fragments.map((f) => presentFragment(f, locale));
        return {
          _id: page._id,
          name: localise(page.name, locale),
          visibility: page.visibility,
          ...(page.showCondition && { showCondition: page.showCondition }),
          fragments,
          hasScoredFields: fragments.some((f) => f.type === 'field' && f.field.isScored),
        };
      });
    return {
      _id: isGeneral ? 'general' : topic._id,
      name: localise(topic.name, locale),
      description: localise(topic.description, locale),
      isGeneral,
      visibility: topic.visibility,
      ...(topic.topicImage && {
        topicImage: topic.topicImage,
        imageUrl: topic.topicImage.secure_url,
      }),
      ...(parent && {
        parentTopicGroup: {
          _id: parent.id,
          name: localise(parent.name, locale),
          visibility: parent.visibility,
        },
      }),
      allowMultiWorksheets: topic.allowMultiWorksheets,
      showGradeReport: topic.showGradeReport,
      hasScoredFields: pages.some((p) => p.hasScoredFields),
      pages,
    };
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
