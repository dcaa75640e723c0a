import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as it is now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('alias', 'varchar(63)', (c) => c.notNull().unique())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_hosts')
    .addColumn('host', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .execute();

  const tenantTable = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('org_id', 'varchar(64)', (c) =>
        c.notNull().references('organisations.id').onDelete('cascade'),
      );

  await tenantTable('topics')
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_general', 'integer', (c) => c.notNull())
    .addColumn('visibility', 'varchar(16)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('topics_pk', ['org_id', 'id'])
    .execute();

  await tenantTable('topic_groups')
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('visibility', 'varchar(16)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_groups_pk', ['org_id', 'id'])
    .execute();

  await tenantTable('topic_group_topics')
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_group_topics_pk', ['org_id', 'group_id', 'topic_id'])
    .execute();

  await tenantTable('user_groups')
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_groups_pk', ['org_id', 'id'])
    .execute();

  await tenantTable('user_group_topics')
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_group_topics_pk', ['org_id', 'group_id', 'topic_id'])
    .execute();

  await tenantTable('bundles')
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundles_pk', ['org_id', 'id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('from_pack', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('users_org_username', ['org_id', 'username_key'])
    .addUniqueConstraint('users_org_email', ['org_id', 'email_key'])
    .execute();

  await tenantTable('user_group_members')
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_group_members_pk', ['org_id', 'group_id', 'user_id'])
    .execute();

  await db.schema
    .createIndex('user_group_members_user')
    .on('user_group_members')
    .column('user_id')
    .execute();
  await db.schema.createIndex('org_hosts_org').on('org_hosts').column('org_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'user_group_members',
    'users',
    'bundles',
    'user_group_topics',
    'user_groups',
    'topic_group_topics',
    'topic_groups',
    'topics',
    'org_hosts',
    'organisations',
  ])
    await db.schema.dropTable(table).execute();
}
