import type { Kysely } from 'kysely';

/**
 * Single sign-on (docs/decisions.md, "Single sign-on"): the sign-ins under way, kept
 * server-side, used once and good for ten minutes; and which provider identity (issuer and
 * subject) is which account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_flows')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('state', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('invite_id', 'varchar(100)')
    .addColumn('redirect_uri', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_flows_created').on('sso_flows').column('created_at').execute();

  await db.schema
    .createTable('sso_identities')
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['org_id', 'issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('sso_identities_user')
    .on('sso_identities')
    .column('user_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.dropTable('sso_flows').execute();
}
