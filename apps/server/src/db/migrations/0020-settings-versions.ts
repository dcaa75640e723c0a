import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: the organisation's own settings drafted and published in numbered versions, like a
 * topic (docs/design.md §14, §15).
 *
 * - `settings_versions` keeps every published version, immutable, with who published it (null:
 *   a pack import or the CLI) and when.
 * - `settings_drafts` holds the one draft the console edits; its `version` counts saves.
 * - `organisations.settings` stays what every reader reads; `settings_version` says which
 *   version it holds.
 *
 * Existing organisations' settings become their version 1, and their draft is equal to it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisations')
    .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('settings_versions')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('published_by', 'varchar(64)')
    .addColumn('note', 'text')
    .addPrimaryKeyConstraint('settings_versions_pk', ['org_id', 'version'])
    .execute();
  await db.schema
    .createTable('settings_drafts')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .execute();

  await sql`insert into settings_versions (org_id, version, document, published_at, published_by, note)
    select id, 1, settings, updated_at, null, null from organisations`.execute(db);
  await sql`insert into settings_drafts (org_id, document, version, updated_at, updated_by)
    select id, settings, 1, updated_at, null from organisations`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings_drafts').execute();
  await db.schema.dropTable('settings_versions').execute();
  await db.schema.alterTable('organisations').dropColumn('settings_version').execute();
}
