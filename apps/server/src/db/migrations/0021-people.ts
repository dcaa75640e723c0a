import type { Kysely } from 'kysely';

/**
 * Issue 27 (the console's People screen, docs/design.md §15): an account's status (`active`,
 * `invited` until its password is chosen, `deactivated`: it cannot sign in, its data stays), an
 * index to list the organisation's accounts by status in email order (the unique
 * (org_id, email_key) serves the unfiltered list), and the CSV imports with their progress.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema
    .createIndex('users_by_status')
    .on('users')
    .columns(['org_id', 'status', 'email_key', 'id'])
    .execute();
  await db.schema
    .createTable('people_imports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('actor_id', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** JSON: the checked rows ({email, first, last, groups, roles}[]). */
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('people_imports_org')
    .on('people_imports')
    .columns(['org_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('people_imports').execute();
  await db.schema.dropIndex('users_by_status').execute();
  await db.schema.alterTable('users').dropColumn('status').execute();
}
