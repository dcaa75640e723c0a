import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Search documents per audience (issue 16 F3): a public topic with private pages gets one
 * document of its public pages and one of every page, so that words of a private page find the
 * topic only for those who may open that page.
 *
 * The index is derived data: this migration empties it, and the server rebuilds it from the
 * stored topics right after the migrations that need it (services/search-index.ts,
 * rebuildSearchIndexAfter), with the indexer of the code it ships with.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = await isPostgres(db);
  if (postgres) {
    await sql`delete from topic_search`.execute(db);
    await sql`alter table topic_search drop constraint topic_search_pk`.execute(db);
    await sql`alter table topic_search add column audience varchar(16) not null`.execute(db);
    await sql`alter table topic_search add constraint topic_search_pk
      primary key (org_id, topic_id, locale, audience)`.execute(db);
  } else {
    // FTS5 tables take no new column: the table is made again.
    await sql`drop table topic_search`.execute(db);
    await sql`create virtual table topic_search using fts5(
      org_id unindexed, topic_id unindexed, locale unindexed, visibility unindexed,
      audience unindexed, name, description, pages,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The documents of every page ('everyone', 'granted') are those of before; the others go.
  if (await isPostgres(db)) {
    await sql`delete from topic_search where audience = 'public'`.execute(db);
    await sql`alter table topic_search drop constraint topic_search_pk`.execute(db);
    await sql`alter table topic_search drop column audience`.execute(db);
    await sql`alter table topic_search add constraint topic_search_pk
      primary key (org_id, topic_id, locale)`.execute(db);
    return;
  }
  await sql`alter table topic_search rename to topic_search_by_audience`.execute(db);
  await sql`create virtual table topic_search using fts5(
    org_id unindexed, topic_id unindexed, locale unindexed, visibility unindexed,
    name, description, pages,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`insert into topic_search (org_id, topic_id, locale, visibility, name, description, pages)
    select org_id, topic_id, locale, visibility, name, description, pages
    from topic_search_by_audience where audience <> 'public'`.execute(db);
  await sql`drop table topic_search_by_audience`.execute(db);
}
