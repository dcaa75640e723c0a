import type { Kysely } from 'kysely';

/**
 * Issue 24 (account basics, upload limits): uploads in progress hold their bytes against the
 * hourly quotas (`upload_reservations`); uploads remember the address they came from (the quota
 * per address across accounts); a change of email waits for the link mailed to the new address
 * (`email_changes`, only the token's hash stored, as for password resets).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('address', 'varchar(64)').execute();
  await db.schema
    .createIndex('uploads_org_address')
    .on('uploads')
    .columns(['org_id', 'address', 'created_at'])
    .execute();
  await db.schema
    .createTable('upload_reservations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_reservations_user')
    .on('upload_reservations')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropTable('upload_reservations').execute();
  await db.schema.dropIndex('uploads_org_address').execute();
  await db.schema.alterTable('uploads').dropColumn('address').execute();
}
