import type { Kysely } from 'kysely';

/**
 * Group administrators (docs/design.md §12): each learner's progress per topic and worksheet,
 * kept up to date after each save (services/progress-service.ts) so that a group's page reads
 * it instead of grading every workbook; and the invitations of a group, looked up by group.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('worksheet_progress')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('topic_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('worksheet_index', 'integer', (c) => c.notNull())
    .addColumn('completed_pages', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('total', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('worksheet_progress_pk', [
      'org_id',
      'user_id',
      'topic_id',
      'worksheet_index',
    ])
    .execute();
  await db.schema
    .createIndex('invites_group')
    .on('invites')
    .columns(['org_id', 'group_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_group').execute();
  await db.schema.dropTable('worksheet_progress').execute();
}
