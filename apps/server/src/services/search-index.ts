import { localise, type ContentPack, type Topic } from '@portal/domain';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';

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

/**
 * Letters without their accents ("épargne" → "epargne"), so a search finds a word however it is
 * typed, as SQLite's `remove_diacritics` does; PostgreSQL's `unaccent` would need an extension.
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** PostgreSQL's text-search configuration for a locale: stemming in the learner's language. */
export function searchConfig(locale: string): 'english' | 'french' | 'simple' {
  if (locale.startsWith('en')) return 'english';
  if (locale.startsWith('fr')) return 'french';
  return 'simple';
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

/** Rewrites the search index of one organisation, in the import's transaction. */
export async function indexTopics(
  trx: Kysely<Database>,
  dialect: Dialect,
  orgId: string,
  pack: ContentPack,
): Promise<void> {
  await sql`delete from topic_search where org_id = ${orgId}`.execute(trx);
  for (const topic of pack.topics)
    for (const locale of pack.organisation.locales) {
      const doc = documentOf(topic, locale);
      if (dialect === 'postgres') {
        const config = searchConfig(locale);
        const [name, description, pages] = [doc.name, doc.description, doc.pages].map(foldAccents);
        await sql`insert into topic_search (org_id, topic_id, locale, visibility, document) values (
          ${orgId}, ${topic._id}, ${locale}, ${topic.visibility},
          setweight(to_tsvector(${config}::regconfig, ${name}), 'A') ||
          setweight(to_tsvector(${config}::regconfig, ${description}), 'B') ||
          setweight(to_tsvector(${config}::regconfig, ${pages}), 'C'))`.execute(trx);
      } else {
        await sql`insert into topic_search (org_id, topic_id, locale, visibility, name, description, pages)
          values (${orgId}, ${topic._id}, ${locale}, ${topic.visibility}, ${doc.name}, ${doc.description}, ${doc.pages})`.execute(
          trx,
        );
      }
    }
}
