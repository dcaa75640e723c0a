import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 27 (the audit log, docs/design.md §15): an event says what its target was before the
 * change and what it became (`before`, `after`, JSON; null when there was nothing), beside what
 * the change carried (`detail`). The log is filtered by actor, action and target over time, and
 * read newest first: an index for each. An event is never changed: the database refuses an
 * UPDATE of `audit_events` (a trigger on either database); rows go only with their organisation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('before', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('after', 'text').execute();
  for (const column of ['actor_id', 'action', 'target'])
    await db.schema
      .createIndex(`audit_events_by_${column}`)
      .on('audit_events')
      .columns(['org_id', column, 'at'])
      .execute();
  if (await isPostgres(db)) {
    await sql`create function audit_events_unchanged() returns trigger language plpgsql as $$
      begin raise exception 'audit events are never changed'; end $$`.execute(db);
    await sql`create trigger audit_events_no_update before update on audit_events
      for each row execute function audit_events_unchanged()`.execute(db);
  } else {
    await sql`create trigger audit_events_no_update before update on audit_events
      begin select raise(abort, 'audit events are never changed'); end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists audit_events_no_update on audit_events`.execute(db);
    await sql`drop function if exists audit_events_unchanged()`.execute(db);
  } else await sql`drop trigger if exists audit_events_no_update`.execute(db);
  for (const column of ['actor_id', 'action', 'target'])
    await db.schema.dropIndex(`audit_events_by_${column}`).execute();
  await db.schema.alterTable('audit_events').dropColumn('after').execute();
  await db.schema.alterTable('audit_events').dropColumn('before').execute();
}
