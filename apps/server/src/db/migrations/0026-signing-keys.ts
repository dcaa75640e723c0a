import { sql, type Kysely } from 'kysely';

/**
 * Issue 28, beyond the anchors (docs/design.md §16): each organisation's key that signs its
 * certificates as Open Badges 3.0 credentials, made the first time one is needed. `kid` is the
 * key's RFC 7638 thumbprint; the public half is published at `/.well-known/jwks.json`, the
 * private half (PKCS #8) never leaves the server. A retired key stays published so that what it
 * signed still verifies; at most one key of an organisation is current (a partial unique index,
 * so two processes making the first key keep one).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(64)', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    /** The JWS algorithm (ES256). */
    .addColumn('alg', 'varchar(16)', (c) => c.notNull())
    /** JSON: the public key as a JWK (no `d`). */
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    /** The private key, PKCS #8 PEM. */
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('retired_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('signing_keys_current')
    .on('signing_keys')
    .column('org_id')
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
}
