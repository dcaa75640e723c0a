import type { Kysely } from 'kysely';

/**
 * The store (docs/design.md §9): orders with amounts in cents, the payment events already
 * handled (idempotency: one row per provider event id), and invitations tied to their order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('bundle_id', 'varchar(64)', (c) => c.notNull())
    /** JSON: the bundle's localised name when the order was made. */
    .addColumn('bundle_name', 'text', (c) => c.notNull())
    .addColumn('user_group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_cents', 'integer', (c) => c.notNull())
    .addColumn('percent_off', 'double precision', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_session_id', 'varchar(255)')
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('fulfilled_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['org_id', 'user_id']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('invites').addColumn('order_id', 'varchar(64)').execute();
  await db.schema.alterTable('invites').addColumn('revoked_at', 'varchar(32)').execute();
  await db.schema.createIndex('invites_order').on('invites').column('order_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_order').execute();
  await db.schema.alterTable('invites').dropColumn('revoked_at').execute();
  await db.schema.alterTable('invites').dropColumn('order_id').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('orders').execute();
}
