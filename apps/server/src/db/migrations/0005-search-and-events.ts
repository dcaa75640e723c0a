import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    // One row per topic and locale; the vector weighs the name (A) over the description (B)
    // and the pages' names and text (C), stemmed with the locale's own configuration.
    await db.schema
      .createTable('topic_search')
      .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('locale', 'varchar(16)', (c) => c.notNull())
      .addColumn('visibility', 'varchar(16)', (c) => c.notNull())
      .addColumn('document', sql`tsvector`, (c) => c.notNull())
      .addPrimaryKeyConstraint('topic_search_pk', ['org_id', 'topic_id', 'locale'])
      .execute();
    await sql`create index topic_search_document on topic_search using gin (document)`.execute(db);
  } else {
    await sql`create virtual table topic_search using fts5(
      org_id unindexed, topic_id unindexed, locale unindexed, visibility unindexed,
      name, description, pages,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  }

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('category', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_org')
    .on('analytics_events')
    .columns(['org_id', 'name', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('topic_search').execute();
}
