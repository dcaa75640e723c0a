import { randomBytes } from 'node:crypto';
import { cohortName } from '@portal/domain';
import { sql, type Kysely } from 'kysely';

/**
 * Seats belong to their buyer (docs/design.md §9, §10; issue 23).
 *
 * - A user group may be a **cohort**: `parent_id` names the group whose topics it shares,
 *   `owner_id` the buyer it belongs to, `origin` whether a pack declared it or a purchase made
 *   it (an import never removes what a purchase made). One cohort per buyer and parent.
 * - An order's seats live in the buyer's cohort (`orders.cohort_id`).
 * - Private messages are threads (`messages.thread_id`, the member's account id; '' for group
 *   messages); `message_threads` keeps each thread's (and each group's) last message, so that
 *   unread counts look only where something is new; read markers are per thread.
 * - An address holds at most one open invitation per group (a unique partial index).
 *
 * Existing data moves: each buyer of two or more seats who administers the bundle's shared group
 * becomes the owner of a cohort under it, holding the seats they bought and the people who joined
 * through them (with their private threads), and stops administering the shared group (unless a
 * content pack names them: a pack's roles are the organisation's, and its next import sets them
 * again). A buyer of one seat
 * becomes a member of the group; the seat the old model also gave them, still open, is theirs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_groups').addColumn('parent_id', 'varchar(64)').execute();
  await db.schema.alterTable('user_groups').addColumn('owner_id', 'varchar(64)').execute();
  await db.schema
    .alterTable('user_groups')
    .addColumn('origin', 'varchar(16)', (c) => c.notNull().defaultTo('pack'))
    .execute();
  await db.schema
    .createIndex('user_groups_parent')
    .on('user_groups')
    .columns(['org_id', 'parent_id'])
    .execute();
  // NULLs are distinct in a unique index on both databases: groups without an owner never clash.
  await db.schema
    .createIndex('user_groups_owner')
    .unique()
    .on('user_groups')
    .columns(['org_id', 'owner_id', 'parent_id'])
    .execute();
  await db.schema.alterTable('orders').addColumn('cohort_id', 'varchar(64)').execute();
  await db.schema
    .createIndex('orders_cohort')
    .on('orders')
    .columns(['org_id', 'cohort_id'])
    .execute();

  await db.schema
    .alterTable('messages')
    .addColumn('thread_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('messages')
    .set({ thread_id: sql`author_id` })
    .where('is_private', '=', 1)
    .execute();
  await db.schema
    .createIndex('messages_thread_time')
    .on('messages')
    .columns(['org_id', 'group_id', 'thread_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_threads')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('thread_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_threads_pk', ['org_id', 'group_id', 'thread_id'])
    .execute();
  await sql`
    INSERT INTO message_threads (org_id, group_id, thread_id, last_at)
    SELECT org_id, group_id, thread_id, MAX(created_at) FROM messages
    GROUP BY org_id, group_id, thread_id
  `.execute(db);

  await db.schema
    .createTable('message_reads_by_thread')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('thread_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_thread_pk', [
      'org_id',
      'account_id',
      'group_id',
      'thread_id',
    ])
    .execute();
  // A group's read marker covered its private messages too: it now marks the group's messages and
  // every thread the reader could read then (their own; every one for an administrator).
  await sql`
    INSERT INTO message_reads_by_thread (org_id, account_id, group_id, thread_id, read_at)
    SELECT org_id, account_id, group_id, '', read_at FROM message_reads
  `.execute(db);
  await sql`
    INSERT INTO message_reads_by_thread (org_id, account_id, group_id, thread_id, read_at)
    SELECT r.org_id, r.account_id, r.group_id, t.thread_id, r.read_at
    FROM message_reads r
    JOIN message_threads t ON t.org_id = r.org_id AND t.group_id = r.group_id AND t.thread_id <> ''
    LEFT JOIN user_group_members m
      ON m.org_id = r.org_id AND m.group_id = r.group_id AND m.user_id = r.account_id
    WHERE t.thread_id = r.account_id OR m.role = 'admin'
  `.execute(db);
  await db.schema.dropTable('message_reads').execute();
  await db.schema.alterTable('message_reads_by_thread').renameTo('message_reads').execute();

  await moveBuyersToCohorts(db);
  // Threads moved with their members: each group's and thread's last message, read again.
  await db.deleteFrom('message_threads').execute();
  await sql`
    INSERT INTO message_threads (org_id, group_id, thread_id, last_at)
    SELECT org_id, group_id, thread_id, MAX(created_at) FROM messages
    GROUP BY org_id, group_id, thread_id
  `.execute(db);

  // One open invitation per address and group: a second one the old model let through goes back
  // to being an open seat (nothing is lost), then the index keeps it so.
  const duplicates = await sql<{ id: string }>`
    SELECT i.id FROM invites i
    WHERE i.used_by IS NULL AND i.revoked_at IS NULL AND i.email_key IS NOT NULL
      AND EXISTS (
        SELECT 1 FROM invites o
        WHERE o.org_id = i.org_id AND o.group_id = i.group_id AND o.email_key = i.email_key
          AND o.used_by IS NULL AND o.revoked_at IS NULL
          AND (o.created_at < i.created_at OR (o.created_at = i.created_at AND o.id < i.id))
      )
  `.execute(db);
  for (const { id } of duplicates.rows)
    await db.updateTable('invites').set({ email_key: null }).where('id', '=', id).execute();
  await db.schema
    .createIndex('invites_open_address')
    .unique()
    .on('invites')
    .columns(['org_id', 'group_id', 'email_key'])
    .where(sql.ref('used_by'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

interface OrderRow {
  id: string;
  org_id: string;
  user_id: string;
  user_group_id: string;
  quantity: number | string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function moveBuyersToCohorts(db: Kysely<any>): Promise<void> {
  const orders = (await db
    .selectFrom('orders')
    .select(['id', 'org_id', 'user_id', 'user_group_id', 'quantity'])
    .where('status', '=', 'fulfilled')
    .orderBy('fulfilled_at')
    .orderBy('id')
    .execute()) as OrderRow[];
  const buyers = new Map<string, OrderRow[]>();
  for (const order of orders) {
    const key = `${order.org_id}\u0000${order.user_group_id}\u0000${order.user_id}`;
    buyers.set(key, [...(buyers.get(key) ?? []), order]);
  }
  let position = 1_000_000;
  const at = new Date().toISOString();
  for (const bought of buyers.values()) {
    const { org_id: orgId, user_group_id: groupId, user_id: userId } = bought[0]!;
    const parent = await db
      .selectFrom('user_groups')
      .select(['data'])
      .where('org_id', '=', orgId)
      .where('id', '=', groupId)
      .executeTakeFirst();
    const buyer = await db
      .selectFrom('users')
      .select(['company', 'first_name', 'last_name', 'username', 'from_pack'])
      .where('org_id', '=', orgId)
      .where('id', '=', userId)
      .executeTakeFirst();
    // An order of a group or an account that is gone moves nowhere.
    if (!parent || !buyer) continue;
    const membership = await db
      .selectFrom('user_group_members')
      .select('role')
      .where('org_id', '=', orgId)
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const multi = bought.filter((o) => Number(o.quantity) >= 2).map((o) => o.id);
    const single = bought.filter((o) => Number(o.quantity) < 2).map((o) => o.id);

    if (multi.length) {
      const cohortId = `cohort-${randomBytes(12).toString('base64url')}`;
      const name = cohortName(
        {
          company: buyer.company ?? '',
          first: buyer.first_name,
          last: buyer.last_name,
          username: buyer.username,
        },
        (JSON.parse(parent.data) as { name: string | Record<string, string> }).name,
      );
      await db
        .insertInto('user_groups')
        .values({
          org_id: orgId,
          id: cohortId,
          position: position++,
          data: JSON.stringify({ _id: cohortId, name }),
          parent_id: groupId,
          owner_id: userId,
          origin: 'purchase',
        })
        .execute();
      await db
        .updateTable('orders')
        .set({ cohort_id: cohortId })
        .where('id', 'in', multi)
        .execute();
      await db
        .updateTable('invites')
        .set({ group_id: cohortId })
        .where('org_id', '=', orgId)
        .where('order_id', 'in', multi)
        .execute();
      // The people who joined through these seats move with them.
      const takers = await db
        .selectFrom('invites')
        .select('used_by')
        .distinct()
        .where('org_id', '=', orgId)
        .where('group_id', '=', cohortId)
        .where('used_by', 'is not', null)
        .where('revoked_at', 'is', null)
        .execute();
      for (const { used_by: taker } of takers as { used_by: string }[]) {
        if (taker === userId) continue;
        const moved = await db
          .deleteFrom('user_group_members')
          .where('org_id', '=', orgId)
          .where('group_id', '=', groupId)
          .where('user_id', '=', taker)
          .where('role', '=', 'member')
          .executeTakeFirst();
        // Not a member of the shared group (any more, or as one of its administrators): left be.
        if (Number(moved.numDeletedRows) === 0) continue;
        await db
          .insertInto('user_group_members')
          .values({ org_id: orgId, group_id: cohortId, user_id: taker, role: 'member' })
          .execute();
        // Their private thread goes with them: read by their buyer and the group's coach now,
        // no longer by every buyer of the shared group.
        for (const table of ['messages', 'message_reads'] as const)
          await db
            .updateTable(table)
            .set({ group_id: cohortId })
            .where('org_id', '=', orgId)
            .where('group_id', '=', groupId)
            .where('thread_id', '=', taker)
            .execute();
      }
      await db
        .insertInto('user_group_members')
        .values({ org_id: orgId, group_id: cohortId, user_id: userId, role: 'admin' })
        .execute();
    }

    if (single.length) {
      // The old model gave a buyer of one seat an invitation as well: the seat is the buyer's.
      await db
        .updateTable('invites')
        .set({ revoked_at: at })
        .where('org_id', '=', orgId)
        .where('order_id', 'in', single)
        .where('used_by', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
    }
    if (membership?.role === 'admin' && Number(buyer.from_pack) !== 1) {
      if (single.length)
        await db
          .updateTable('user_group_members')
          .set({ role: 'member' })
          .where('org_id', '=', orgId)
          .where('group_id', '=', groupId)
          .where('user_id', '=', userId)
          .execute();
      else
        await db
          .deleteFrom('user_group_members')
          .where('org_id', '=', orgId)
          .where('group_id', '=', groupId)
          .where('user_id', '=', userId)
          .execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_open_address').execute();
  await db.schema
    .createTable('message_reads_by_group')
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['org_id', 'account_id', 'group_id'])
    .execute();
  await sql`
    INSERT INTO message_reads_by_group (org_id, account_id, group_id, read_at)
    SELECT org_id, account_id, group_id, read_at FROM message_reads WHERE thread_id = ''
  `.execute(db);
  await db.schema.dropTable('message_reads').execute();
  await db.schema.alterTable('message_reads_by_group').renameTo('message_reads').execute();
  await db.schema.dropTable('message_threads').execute();
  await db.schema.dropIndex('messages_thread_time').execute();
  await db.schema.alterTable('messages').dropColumn('thread_id').execute();
  await db.schema.dropIndex('orders_cohort').execute();
  await db.schema.alterTable('orders').dropColumn('cohort_id').execute();
  await db.schema.dropIndex('user_groups_owner').execute();
  await db.schema.dropIndex('user_groups_parent').execute();
  await db.schema.alterTable('user_groups').dropColumn('origin').execute();
  await db.schema.alterTable('user_groups').dropColumn('owner_id').execute();
  await db.schema.alterTable('user_groups').dropColumn('parent_id').execute();
}
