import {
  canSeePage,
  canSeeTopic,
  localise,
  type ContentView,
  type Field,
  type FieldView,
  type Fragment,
  type FragmentView,
  type LocalisedText,
  type PageView,
  type TopicView,
  type Visibility,
} from '@portal/domain';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { OrganisationRecord } from './organisation-service';
import type { TopicCache } from './topic-cache';
import type { ViewerContext } from './viewer-service';

/** Content bodies longer than this are stored apart and fetched by the page on its own. */
export const INLINE_CONTENT_MAX = 4_000;

export const TOPIC_NOT_FOUND = 'Page not found, please select another topic to continue';

const isScored = (field: Field) => (field.scoreWeight ?? 0) > 0 && field.correctValue !== undefined;

function localiseDefault(value: unknown, locale: string): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return localise(value as LocalisedText, locale);
  return value;
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
        },
      };
  }
}

export class TopicService {
  constructor(
    private readonly db: Db,
    private readonly cache: TopicCache,
  ) {}

  /** Throws 404 for an unknown topic, 401 for a visitor and 403 for a learner without the grant. */
  private assertCanSee(
    viewer: ViewerContext,
    topic: { _id: string; visibility: Visibility },
  ): void {
    if (canSeeTopic(viewer, topic)) return;
    if (viewer.userId)
      throw new HttpError(403, 'This topic is for members of a group that has access to it.');
    throw new HttpError(401, 'Sign in to open this topic.');
  }

  async topic(
    org: OrganisationRecord,
    topicId: string,
    viewer: ViewerContext,
    locale: string,
  ): Promise<TopicView> {
    const k = this.db.kysely;
    const stored = await this.cache.load(org, topicId);
    if (!stored) throw new HttpError(404, TOPIC_NOT_FOUND);
    const { topic } = stored;
    const row = { is_general: stored.isGeneral ? 1 : 0 };
    this.assertCanSee(viewer, topic);

    const parent = await k
      .selectFrom('topic_group_topics')
      .innerJoin('topic_groups', (join) =>
        join
          .onRef('topic_groups.id', '=', 'topic_group_topics.group_id')
          .onRef('topic_groups.org_id', '=', 'topic_group_topics.org_id'),
      )
      .select(['topic_groups.id', 'topic_groups.visibility', 'topic_groups.data'])
      .where('topic_group_topics.org_id', '=', org.id)
      .where('topic_group_topics.topic_id', '=', topic._id)
      .orderBy('topic_groups.position')
      .executeTakeFirst();

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
      _id: row.is_general ? 'general' : topic._id,
      name: localise(topic.name, locale),
      description: localise(topic.description, locale),
      isGeneral: row.is_general === 1,
      visibility: topic.visibility,
      ...(topic.topicImage && {
        topicImage: topic.topicImage,
        imageUrl: topic.topicImage.secure_url,
      }),
      ...(parent && {
        parentTopicGroup: {
          _id: parent.id,
          name: localise(JSON.parse(parent.data).name, locale),
          visibility: parent.visibility as Visibility,
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
    viewer: ViewerContext,
    locale: string,
  ): Promise<ContentView> {
    let query = this.db.kysely
      .selectFrom('contents')
      .selectAll()
      .where('org_id', '=', org.id)
      .where('id', '=', id);
    if (pageId) query = query.where('page_id', '=', pageId);
    const row = await query.executeTakeFirst();
    if (!row) throw new HttpError(404, 'Content not found');
    this.assertCanSee(viewer, {
      _id: row.topic_id,
      visibility: row.topic_visibility as Visibility,
    });
    if (!canSeePage(viewer, row.topic_id, { visibility: row.page_visibility as Visibility }))
      this.assertCanSee(viewer, { _id: '', visibility: 'Private' });
    const body = JSON.parse(row.body) as LocalisedText;
    const usedLocale = typeof body === 'string' || body[locale] ? locale : 'en-US';
    return { body: localise(body, locale), locale: usedLocale };
  }
}
