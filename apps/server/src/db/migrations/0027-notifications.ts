import type { Kysely } from 'kysely';

/**
 * Issue 28 (mail notices, docs/design.md §17):
 * - `notification_preferences`: what a person wants mailed, by subject: an account's id, or
 *   `email:{address}` for an invitee who has no account yet (an invitation's unsubscribe link);
 *   the language the notices are written in (the last one the learner used on the profile).
 * - `notification_secrets`: each organisation's key for the HMAC of its unsubscribe links, made
 *   on first need (random, 32 bytes): a link of one organisation means nothing to another.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    /** JSON: NotificationPreferences. */
    .addColumn('prefs', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(16)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['org_id', 'subject'])
    .execute();
  await db.schema
    .createTable('notification_secrets')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.primaryKey().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_secrets').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
