import type { Kysely } from 'kysely';

/**
 * Issue 25 (background jobs in one runner): `jobs` is the durable queue every piece of background
 * work goes through (payment events, receipts, mail). A job is claimed by one runner at a time
 * (`locked_by`, `lease_until`: a conditional UPDATE), retried with backoff until `max_attempts`,
 * and picked up again by any runner once the lease of a runner that died has run out. An
 * optional `idempotency_key` (unique; NULLs are distinct on both databases) makes enqueueing the
 * same work twice a no-op. `mail_deliveries` records each mail before it is sent, under its
 * job's key, so that no mail goes out twice (jobs/mail.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(64)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.unique())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // What a runner asks for: due jobs (queued, by run_at) and jobs whose lease ran out.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_claimed').on('jobs').columns(['locked_by']).execute();
  await db.schema
    .createTable('mail_deliveries')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_deliveries').execute();
  await db.schema.dropTable('jobs').execute();
}
