import type { Kysely } from 'kysely';

/**
 * Issue 26 (the studio's preview, docs/design.md §14): an author's preview answers live in
 * `preview_workbooks`, one per author and organisation, never in `workbooks`, so nothing an
 * author tries in a preview reaches a learner's workbook, the group administrators' progress or
 * the studio's answer counts. Same columns as `workbooks`: the same merge writes both.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('preview_workbooks')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('preview_workbooks_pk', ['org_id', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('preview_workbooks').execute();
}
