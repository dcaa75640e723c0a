import type { Kysely } from 'kysely';

// Content fragment bodies, stored apart from their topic: the page fetches long ones on its own
// (GET /{org}/{id}/content), and search reads page text from here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contents')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('page_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic_visibility', 'varchar(16)', (c) => c.notNull())
    .addColumn('page_visibility', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contents_pk', ['org_id', 'id'])
    .execute();
  await db.schema
    .createIndex('contents_topic')
    .on('contents')
    .columns(['org_id', 'topic_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contents').execute();
}
