import type { Kysely } from 'kysely';

/**
 * Messages of user groups (docs/design.md §10) and each learner's read marker per group (for the
 * unread counts). Times are ISO 8601 strings with milliseconds, as everywhere: they sort as text
 * on both databases.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('author_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('is_private', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_group_time')
    .on('messages')
    .columns(['org_id', 'group_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_reads')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['org_id', 'account_id', 'group_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_reads').execute();
  await db.schema.dropIndex('messages_group_time').execute();
  await db.schema.dropTable('messages').execute();
}
