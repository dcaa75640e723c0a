import type { Kysely } from 'kysely';

/**
 * Issue 28 (certificates, docs/design.md §16): one certificate per learner and topic, with what
 * it says frozen at issue (the learner's name, the topic's and the organisation's names in every
 * locale), and its revocation (when, why, by whom). The id is random (128 bits) and unique on
 * the whole server: the verify page reads it on any host.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic_id', 'varchar(128)', (c) => c.notNull())
    /** The learner's name as printed. */
    .addColumn('learner_name', 'varchar(512)', (c) => c.notNull())
    /** JSON: the topic's name in every locale it had. */
    .addColumn('topic_name', 'text', (c) => c.notNull())
    /** JSON: the organisation's name in every locale it had. */
    .addColumn('organisation_name', 'text', (c) => c.notNull())
    /** The learner's language at issue (the PDF's, unless another is asked for). */
    .addColumn('locale', 'varchar(16)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'varchar(512)')
    .addColumn('revoked_by', 'varchar(64)')
    .addUniqueConstraint('certificates_once', ['org_id', 'user_id', 'topic_id'])
    .execute();
  await db.schema
    .createIndex('certificates_by_org')
    .on('certificates')
    .columns(['org_id', 'issued_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
}
