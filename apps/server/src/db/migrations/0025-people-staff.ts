import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: the People screen filtered by a role beyond learner (author, admin) reads the
 * organisation's staff only, in email order, instead of every account: a partial index of the
 * accounts whose stored roles are not empty. The query repeats its condition (`roles <> '[]'`)
 * so that both databases may use it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_staff')
    .on('users')
    .columns(['org_id', 'email_key', 'id'])
    .where(sql.ref('roles'), '<>', '[]')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_staff').execute();
}
