import { sql, type Kysely } from 'kysely';

/**
 * Issue 25: topics stored one by one with a draft and numbered published versions
 * (docs/design.md §14).
 *
 * - `topic_versions` keeps every published version of a topic, immutable, with who published it
 *   and when (null: a pack import).
 * - `topic_drafts` holds the one draft per topic that authors edit; its `version` counts saves.
 * - `topics` stays what every reader reads (learners included): the published topic, with the
 *   columns queries need; `published_version` says which version it holds.
 *
 * Existing topics become their version 1, published when their organisation was last imported,
 * and their draft is equal to it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('topics')
    .addColumn('published_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('topic_versions')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(64)')
    .addPrimaryKeyConstraint('topic_versions_pk', ['org_id', 'topic_id', 'version'])
    .execute();
  await db.schema
    .createTable('topic_drafts')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_general', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addPrimaryKeyConstraint('topic_drafts_pk', ['org_id', 'topic_id'])
    .execute();

  await sql`insert into topic_versions (org_id, topic_id, version, document, published_at, published_by)
    select topics.org_id, topics.id, 1, topics.data, organisations.updated_at, null
    from topics inner join organisations on organisations.id = topics.org_id`.execute(db);
  await sql`insert into topic_drafts (org_id, topic_id, is_general, document, version, updated_at, updated_by)
    select topics.org_id, topics.id, topics.is_general, topics.data, 1, organisations.updated_at, null
    from topics inner join organisations on organisations.id = topics.org_id`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_drafts').execute();
  await db.schema.dropTable('topic_versions').execute();
  await db.schema.alterTable('topics').dropColumn('published_version').execute();
}
