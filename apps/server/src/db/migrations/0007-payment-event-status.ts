import type { Kysely } from 'kysely';

/**
 * Payment events are recorded before they are fulfilled (docs/decisions.md, Store): the webhook
 * answers once the event is durably `received`, and a worker moves it to `done` in the
 * fulfilment's own transaction. Events recorded before this migration were handled in the same
 * transaction as their fulfilment: `done`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_events')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('done'))
    .execute();
  await db.schema
    .createIndex('payment_events_status')
    .on('payment_events')
    .columns(['status', 'received_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_events_status').execute();
  await db.schema.alterTable('payment_events').dropColumn('status').execute();
}
