import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workbooks')
    .addColumn('org_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workbooks_pk', ['org_id', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workbooks').execute();
}
