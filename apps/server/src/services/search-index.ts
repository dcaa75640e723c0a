import { localise, type ContentPack, type Topic } from '@portal/domain';
import { replaceSearchDocuments, type SearchDocument } from '../db/repositories/content-packs';
import type { Executor } from '../db/repositories/executor';
import { foldAccents, searchConfig } from '../db/repositories/search';

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

function documentOf(topic: Topic, locale: string) {
  const pages = topic.pages
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
 * The search documents of a pack: one per topic and locale (the general topic is not searched).
 * Accents are folded here for PostgreSQL, as `unaccent` would need an extension; SQLite's FTS5
 * folds them itself (`remove_diacritics`).
 */
export function searchDocuments(pack: ContentPack, dialect: Executor['dialect']): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const topic of pack.topics)
    for (const locale of pack.organisation.locales) {
      const doc = documentOf(topic, locale);
      const text = dialect === 'postgres' ? foldAccents : (s: string) => s;
      documents.push({
        topicId: topic._id,
        locale,
        visibility: topic.visibility,
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
