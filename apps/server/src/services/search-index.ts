import { localise, type ContentPack, type Page, type Topic } from '@portal/domain';
import {
  replaceSearchDocuments,
  type SearchAudience,
  type SearchDocument,
} from '../db/repositories/content-packs';
import { inTransaction, type Executor } from '../db/repositories/executor';
import {
  foldAccents,
  organisationsToIndex,
  searchConfig,
  topicsToIndex,
} from '../db/repositories/search';

/** Text of author HTML for the index: tags dropped, entities of the sanitiser decoded. */
export function plainText(html: string): string {
  return (
    html
      // Block tags separate words; inline ones (strong, em, a, span…) sit inside them.
      .replace(
        /<\/?(p|br|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|div|blockquote|pre|hr|figure|figcaption)\b[^>]*>/gi,
        ' ',
      )
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function documentOf(topic: Topic, shownPages: readonly Page[], locale: string) {
  const pages = shownPages
    .map((page) =>
      [
        localise(page.name, locale),
        ...page.fragments.map((f) => {
          if (f.type === 'content') return plainText(localise(f.content, locale));
          if (f.type === 'field')
            return `${localise(f.field.name, locale)} ${plainText(localise(f.field.question, locale))}`;
          if (f.type === 'attachment')
            return `${localise(f.attachment.name, locale)} ${localise(f.attachment.description, locale)}`;
          return localise(f.formula.name, locale);
        }),
      ].join(' '),
    )
    .join(' ');
  return {
    name: localise(topic.name, locale),
    description: plainText(localise(topic.description, locale)),
    pages,
  };
}

/**
 * What of a topic each audience may open, as search documents: a private topic is for those
 * granted it; a public topic with private pages has one document of its public pages for
 * everyone else and one of all its pages for those granted it, so that no word of a private
 * page finds a topic for a viewer who may not open that page (issue 16 F3).
 */
function audiencesOf(topic: Topic): Array<{ audience: SearchAudience; pages: readonly Page[] }> {
  if (topic.visibility === 'Private') return [{ audience: 'granted', pages: topic.pages }];
  const publicPages = topic.pages.filter((page) => page.visibility !== 'Private');
  if (publicPages.length === topic.pages.length)
    return [{ audience: 'everyone', pages: topic.pages }];
  return [
    { audience: 'public', pages: publicPages },
    { audience: 'granted', pages: topic.pages },
  ];
}

/**
 * The search documents of an organisation's topics (the general topic is not searched): one per
 * topic, locale and audience (audiencesOf). Accents are folded here for PostgreSQL, as
 * `unaccent` would need an extension; SQLite's FTS5 folds them itself (`remove_diacritics`).
 */
export function searchDocuments(
  pack: { organisation: { locales: readonly string[] }; topics: readonly Topic[] },
  dialect: Executor['dialect'],
): SearchDocument[] {
  const documents: SearchDocument[] = [];
  const text = dialect === 'postgres' ? foldAccents : (s: string) => s;
  for (const topic of pack.topics)
    for (const { audience, pages } of audiencesOf(topic))
      for (const locale of pack.organisation.locales) {
        const doc = documentOf(topic, pages, locale);
        documents.push({
          topicId: topic._id,
          locale,
          visibility: topic.visibility,
          audience,
          name: text(doc.name),
          description: text(doc.description),
          pages: text(doc.pages),
          config: searchConfig(locale),
        });
      }
  return documents;
}

/** Rewrites the search index of one organisation, in the import's transaction. */
export async function indexTopics(tx: Executor, orgId: string, pack: ContentPack): Promise<void> {
  await replaceSearchDocuments(tx, orgId, searchDocuments(pack, tx.dialect));
}

/**
 * Rewrites the search index of every organisation from its stored topics (a migration that
 * changes what the index holds runs it: topics are stored whole, so nothing needs re-importing).
 */
export async function reindexStoredTopics(tx: Executor): Promise<void> {
  for (const org of await organisationsToIndex(tx)) {
    const topics = await topicsToIndex(tx, org.id);
    await replaceSearchDocuments(
      tx,
      org.id,
      searchDocuments({ organisation: { locales: org.locales }, topics }, tx.dialect),
    );
  }
}

/**
 * Rewrites one organisation's search index from its stored topics (a studio publish or archive
 * changed what learners can find), in the caller's transaction.
 */
export async function reindexOrganisation(
  tx: Executor,
  org: { id: string; locales: readonly string[] },
): Promise<void> {
  const topics = await topicsToIndex(tx, org.id);
  await replaceSearchDocuments(
    tx,
    org.id,
    searchDocuments({ organisation: { locales: org.locales }, topics }, tx.dialect),
  );
}

/** Migrations that empty the search index, which is then rebuilt from the stored topics. */
const REINDEXING_MIGRATIONS = new Set(['0010-search-audience']);

/** Rebuilds the search index when one of the migrations just `applied` emptied it. */
export async function rebuildSearchIndexAfter(
  db: Executor,
  applied: readonly string[],
): Promise<void> {
  if (applied.some((name) => REINDEXING_MIGRATIONS.has(name)))
    await inTransaction(db, (tx) => reindexStoredTopics(tx));
}
