import type { Kysely } from 'kysely';

/**
 * Issue 26 (the authoring studio, docs/design.md §13-14):
 *
 * - `users.roles`: the account's roles in its organisation beyond learner (JSON text, `[]`).
 * - `topic_versions.note`: what the author said when publishing (null: none, or a pack import).
 * - `topic_drafts.archived` and `topics.archived`: an archived topic is hidden from learners
 *   (its answers stay); the draft row holds it for the studio, the published row for readers.
 * - `organisations.catalogue_version`: counts changes of topic groups, order and grants, so that a
 *   stale save of the catalogue is refused.
 * - `studio_presence`: which author was last seen on which topic (a heartbeat).
 * - `audit_events`: every change made in the studio, by whom and when.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('topic_versions').addColumn('note', 'text').execute();
  await db.schema
    .alterTable('topic_drafts')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('topics')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('organisations')
    .addColumn('catalogue_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('studio_presence')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('since', 'varchar(32)', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_presence_pk', ['org_id', 'topic_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(255)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_by_org')
    .on('audit_events')
    .columns(['org_id', 'at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await db.schema.dropTable('studio_presence').execute();
  await db.schema.alterTable('organisations').dropColumn('catalogue_version').execute();
  await db.schema.alterTable('topics').dropColumn('archived').execute();
  await db.schema.alterTable('topic_drafts').dropColumn('archived').execute();
  await db.schema.alterTable('topic_versions').dropColumn('note').execute();
  await db.schema.alterTable('users').dropColumn('roles').execute();
}
