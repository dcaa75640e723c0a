import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, size] of [
    ['phone', 50],
    ['company', 200],
    ['employee_id', 100],
  ] as const)
    await db.schema
      .alterTable('users')
      .addColumn(name, `varchar(${size})`, (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema.alterTable('users').addColumn('profile_picture', 'text').execute();
  await db.schema.alterTable('users').addColumn('oauth_group_id', 'varchar(64)').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('public_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('original_filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').column('user_id').execute();

  // Seat invites (docs/design.md §9): made by purchases; an invited email may sign up where self
  // signup is disabled, and joins the group.
  await db.schema
    .createTable('invites')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(254)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_by', 'varchar(64)')
    .addColumn('used_at', 'varchar(32)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['invites', 'uploads', 'password_resets', 'sessions'])
    await db.schema.dropTable(table).execute();
  for (const column of ['oauth_group_id', 'profile_picture', 'employee_id', 'company', 'phone'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
