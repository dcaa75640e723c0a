import { sql } from 'kysely';
import type { LocalisedText } from '@portal/domain';
import type { Executor } from './executor';

/** A certificate as stored (docs/design.md §16), its texts parsed. */
export interface CertificateRecord {
  id: string;
  orgId: string;
  userId: string;
  topicId: string;
  learnerName: string;
  topicName: LocalisedText;
  organisationName: LocalisedText;
  locale: string;
  issuedAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
  revokedBy: string | null;
}

type Row = {
  id: string;
  org_id: string;
  user_id: string;
  topic_id: string;
  learner_name: string;
  topic_name: string;
  organisation_name: string;
  locale: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  revoked_by: string | null;
};

const record = (r: Row): CertificateRecord => ({
  id: r.id,
  orgId: r.org_id,
  userId: r.user_id,
  topicId: r.topic_id,
  learnerName: r.learner_name,
  topicName: JSON.parse(r.topic_name) as LocalisedText,
  organisationName: JSON.parse(r.organisation_name) as LocalisedText,
  locale: r.locale,
  issuedAt: r.issued_at,
  revokedAt: r.revoked_at,
  revokedReason: r.revoked_reason,
  revokedBy: r.revoked_by,
});

/**
 * Issues the certificate unless the learner has one for the topic already (the unique
 * (org, user, topic)): true when this call made it.
 */
export async function insertCertificate(
  db: Executor,
  c: Omit<CertificateRecord, 'revokedAt' | 'revokedReason' | 'revokedBy'>,
): Promise<boolean> {
  const result = await db.kysely
    .insertInto('certificates')
    .values({
      id: c.id,
      org_id: c.orgId,
      user_id: c.userId,
      topic_id: c.topicId,
      learner_name: c.learnerName,
      topic_name: JSON.stringify(c.topicName),
      organisation_name: JSON.stringify(c.organisationName),
      locale: c.locale,
      issued_at: c.issuedAt,
    })
    .onConflict((oc) => oc.columns(['org_id', 'user_id', 'topic_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A certificate by its id, whatever its organisation (the verify page reads it on any host). */
export async function findCertificate(
  db: Executor,
  id: string,
): Promise<CertificateRecord | undefined> {
  const row = await db.kysely
    .selectFrom('certificates')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && record(row);
}

/** The learner's certificate of a topic, if issued. */
export async function certificateOf(
  db: Executor,
  orgId: string,
  userId: string,
  topicId: string,
): Promise<CertificateRecord | undefined> {
  const row = await db.kysely
    .selectFrom('certificates')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return row && record(row);
}

/** The learner's certificates, newest first. */
export async function certificatesOfUser(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<CertificateRecord[]> {
  const rows = await db.kysely
    .selectFrom('certificates')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(record);
}

export interface OrgCertificateRow extends CertificateRecord {
  learner: { email: string; username: string };
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The organisation's certificates, newest first, one page (limit + 1 rows: the caller pages). */
export async function listOrgCertificates(
  db: Executor,
  orgId: string,
  filter: {
    learner?: string;
    topic?: string;
    after?: { issuedAt: string; id: string };
    limit: number;
  },
): Promise<OrgCertificateRow[]> {
  let q = db.kysely
    .selectFrom('certificates as c')
    .innerJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'c.user_id').onRef('u.org_id', '=', 'c.org_id'),
    )
    .selectAll('c')
    .select(['u.email', 'u.username'])
    .where('c.org_id', '=', orgId);
  if (filter.topic) q = q.where('c.topic_id', '=', filter.topic);
  if (filter.learner) {
    const pattern = likePattern(filter.learner);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(c.learner_name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(u.email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(u.username)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const after = filter.after;
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('c.issued_at', '<', after.issuedAt),
        eb.and([eb('c.issued_at', '=', after.issuedAt), eb('c.id', '<', after.id)]),
      ]),
    );
  const rows = await q
    .orderBy('c.issued_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  return rows.map((r) => ({ ...record(r), learner: { email: r.email, username: r.username } }));
}

/** Revokes the organisation's certificate unless it already is: true when this call did. */
export async function revokeCertificate(
  tx: Executor,
  orgId: string,
  id: string,
  revocation: { reason: string; by: string; at: string },
): Promise<boolean> {
  const result = await tx.kysely
    .updateTable('certificates')
    .set({
      revoked_at: revocation.at,
      revoked_reason: revocation.reason,
      revoked_by: revocation.by,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
