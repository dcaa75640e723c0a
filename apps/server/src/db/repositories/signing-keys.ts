import type { Executor } from './executor';

/** An organisation's signing key as the public may read it: no private half. */
export interface PublicSigningKey {
  kid: string;
  alg: string;
  /** The public JWK (no `d`). */
  publicJwk: Record<string, unknown>;
}

/** The current key with its private half (PKCS #8 PEM), for signing only. */
export interface SigningKeyRecord extends PublicSigningKey {
  privateKeyPem: string;
}

/**
 * Stores a new current key for the organisation unless it already has one (the partial unique
 * index `signing_keys_current`): true when this call stored it.
 */
export async function insertSigningKey(
  db: Executor,
  orgId: string,
  key: SigningKeyRecord & { createdAt: string },
): Promise<boolean> {
  const result = await db.kysely
    .insertInto('signing_keys')
    .values({
      kid: key.kid,
      org_id: orgId,
      alg: key.alg,
      public_jwk: JSON.stringify(key.publicJwk),
      private_key: key.privateKeyPem,
      created_at: key.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The organisation's current key, with its private half. */
export async function currentSigningKey(
  db: Executor,
  orgId: string,
): Promise<SigningKeyRecord | undefined> {
  const row = await db.kysely
    .selectFrom('signing_keys')
    .select(['kid', 'alg', 'public_jwk', 'private_key'])
    .where('org_id', '=', orgId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      kid: row.kid,
      alg: row.alg,
      publicJwk: JSON.parse(row.public_jwk) as Record<string, unknown>,
      privateKeyPem: row.private_key,
    }
  );
}

/** Every key of the organisation, retired ones too (what they signed still verifies), oldest first. */
export async function publicSigningKeys(db: Executor, orgId: string): Promise<PublicSigningKey[]> {
  const rows = await db.kysely
    .selectFrom('signing_keys')
    .select(['kid', 'alg', 'public_jwk'])
    .where('org_id', '=', orgId)
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
  return rows.map((r) => ({
    kid: r.kid,
    alg: r.alg,
    publicJwk: JSON.parse(r.public_jwk) as Record<string, unknown>,
  }));
}
