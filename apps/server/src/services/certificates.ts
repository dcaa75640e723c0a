import {
  adminCertificatesQuerySchema,
  localise,
  type AdminCertificateView,
  type AdminCertificatesQuery,
  type LocalisedText,
  type RouteAnswer,
  type Topic,
} from '@portal/domain';
import type { LogoReader } from '../adapters/certificates/logo';
import { renderCertificatePdf } from '../adapters/certificates/pdf';
import type { Db } from '../db/database';
import { findUser } from '../db/repositories/accounts';
import { insertAuditEvent } from '../db/repositories/audit-events';
import {
  certificateOf,
  certificatesOfUser,
  findCertificate,
  insertCertificate,
  listOrgCertificates,
  revokeCertificate,
  type CertificateRecord,
} from '../db/repositories/certificates';
import { inTransaction } from '../db/repositories/executor';
import { progressOf } from '../db/repositories/group-admin';
import { findOrganisationById, type OrganisationRecord } from '../db/repositories/organisations';
import { JOB_KINDS } from '../jobs/kinds';
import type { JobKind, JobRunner } from '../jobs/runner';
import { assertMayAdminister } from '../policies/admin';
import type { Viewer } from '../policies/viewer';
import { conflict, gone, invalid, notFound } from './errors';
import type { NotificationService } from './notifications';
import type { SiteLinks } from './site-links';
import type { TopicCache } from './topic-cache';
import { earnsCertificate, newCertificateId, type SheetProgress } from './certificate-rules';

export { earnsCertificate, newCertificateId, type SheetProgress };

/**
 * Certificates (docs/design.md §16). Progress written for a topic that offers one queues a
 * `certificate-issue` job, keyed by learner and topic (so queued once, however many saves); the
 * job checks the stored progress again and issues at most one certificate (a unique key). What
 * a certificate says is frozen at issue; anyone with its id reads it, on any host.
 */

export interface IssuePayload {
  orgId: string;
  userId: string;
  topicId: string;
  locale: string;
}

const fullName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

export class CertificateService {
  constructor(
    private readonly db: Db,
    private readonly topics: TopicCache,
    private readonly jobs: JobRunner,
    private readonly links: SiteLinks,
    private readonly logos: LogoReader,
    private readonly notifications: NotificationService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * After a learner's progress on a topic was written: queues the certificate's issue when one
   * of the worksheets earns it (once per learner and topic, whatever came before).
   */
  async noteProgress(
    org: OrganisationRecord,
    userId: string,
    locale: string,
    topic: Topic,
    sheets: readonly SheetProgress[],
  ): Promise<void> {
    if (!topic.certificate?.enabled || !sheets.some((s) => earnsCertificate(topic, s))) return;
    await this.jobs.enqueue(this.db, {
      kind: JOB_KINDS.certificateIssue,
      orgId: org.id,
      payload: { orgId: org.id, userId, topicId: topic._id, locale } satisfies IssuePayload,
      idempotencyKey: `certificate:${org.id}:${userId}:${topic._id}`,
    });
  }

  /** The job that issues: the stored progress checked again, one certificate at most. */
  issueJob(): JobKind<IssuePayload> {
    return {
      kind: JOB_KINDS.certificateIssue,
      maxAttempts: 6,
      handle: async (payload) => {
        await this.issue(payload);
      },
    };
  }

  /** Issues the certificate if the learner earned it and has none: the new one, else undefined. */
  async issue(payload: IssuePayload): Promise<CertificateRecord | undefined> {
    const org = await findOrganisationById(this.db, payload.orgId);
    if (!org) return undefined;
    const stored = await this.topics.load(org, payload.topicId);
    if (!stored || stored.isGeneral || !stored.topic.certificate?.enabled) return undefined;
    if (await certificateOf(this.db, org.id, payload.userId, payload.topicId)) return undefined;
    const sheets = await progressOf(this.db, org.id, [payload.userId], [payload.topicId]);
    if (!sheets.some((s) => earnsCertificate(stored.topic, s))) return undefined;
    const user = await findUser(this.db, org.id, payload.userId);
    if (!user || user.status === 'deactivated') return undefined;
    const locale = org.settings.locales.includes(payload.locale)
      ? payload.locale
      : (org.settings.locales[0] ?? 'en-US');
    const certificate = {
      id: newCertificateId(),
      orgId: org.id,
      userId: user.id,
      topicId: stored.topic._id,
      learnerName: fullName(user),
      topicName: stored.topic.name,
      organisationName: org.settings.name as LocalisedText,
      locale,
      issuedAt: this.now().toISOString(),
    };
    if (!(await insertCertificate(this.db, certificate))) return undefined;
    // Once per certificate (the notice's key): a retry of this job finds it issued and stops above.
    await this.notifications.certificateIssued(org, certificate, locale);
    return { ...certificate, revokedAt: null, revokedReason: null, revokedBy: null };
  }

  /** The public address of a certificate, on the organisation's own site. */
  verifyUrl(org: OrganisationRecord, id: string): string {
    return this.links.page(org, `/verify/${id}`);
  }

  /** What anyone with the link reads (no email, no answers), in `locale` when it has it. */
  async verify(id: string, locale: string | undefined): Promise<RouteAnswer<'verifyCertificate'>> {
    const c = await findCertificate(this.db, id);
    if (!c) throw notFound('certificateNotFound');
    const lang = locale ?? c.locale;
    return {
      certificate: {
        _id: c.id,
        learnerName: c.learnerName,
        topicName: localise(c.topicName, lang),
        organisationName: localise(c.organisationName, lang),
        issuedAt: c.issuedAt,
        valid: c.revokedAt === null,
        revokedAt: c.revokedAt,
        revokedReason: c.revokedReason,
        pdfUrl: c.revokedAt === null ? `/api/verify/${c.id}/pdf` : null,
        badgeUrl: c.revokedAt === null ? `/api/verify/${c.id}/badge` : null,
      },
    };
  }

  /**
   * A valid certificate as a PDF, in `locale` when the organisation offers it, else in the
   * certificate's own; a revoked one is gone (410).
   */
  async pdf(id: string, locale: string | undefined): Promise<{ filename: string; pdf: Buffer }> {
    const c = await findCertificate(this.db, id);
    if (!c) throw notFound('certificateNotFound');
    if (c.revokedAt) throw gone('certificateRevoked');
    const org = await findOrganisationById(this.db, c.orgId);
    if (!org) throw notFound('certificateNotFound');
    const lang = locale && org.settings.locales.includes(locale) ? locale : c.locale;
    const logo = await this.logos.read(org.settings.logoImage?.secure_url);
    const pdf = await renderCertificatePdf({
      locale: lang,
      learnerName: c.learnerName,
      topicName: localise(c.topicName, lang),
      organisationName: localise(c.organisationName, lang),
      issuedAt: c.issuedAt,
      verifyUrl: this.verifyUrl(org, c.id),
      certificateId: c.id,
      theme: org.settings.theme,
      logo: logo && { data: logo },
    });
    return { filename: `certificate-${c.topicId}-${c.id.slice(0, 8)}.pdf`, pdf };
  }

  /** The signed-in learner's certificates. */
  async mine(
    org: OrganisationRecord,
    userId: string,
    locale: string,
  ): Promise<RouteAnswer<'myCertificates'>> {
    const list = await certificatesOfUser(this.db, org.id, userId);
    return {
      certificates: list.map((c) => ({
        _id: c.id,
        topicId: c.topicId,
        topicName: localise(c.topicName, locale),
        issuedAt: c.issuedAt,
        valid: c.revokedAt === null,
        revokedReason: c.revokedReason,
        pdfUrl: c.revokedAt === null ? `/api/verify/${c.id}/pdf?locale=${locale}` : null,
        badgeUrl: c.revokedAt === null ? `/api/verify/${c.id}/badge?locale=${locale}` : null,
        verifyUrl: this.verifyUrl(org, c.id),
      })),
    };
  }

  private adminView(
    org: OrganisationRecord,
    c: CertificateRecord & { learner: { email: string } },
    locale: string,
  ): AdminCertificateView {
    return {
      _id: c.id,
      learner: { _id: c.userId, name: c.learnerName, email: c.learner.email },
      topicId: c.topicId,
      topicName: localise(c.topicName, locale),
      issuedAt: c.issuedAt,
      valid: c.revokedAt === null,
      revokedAt: c.revokedAt,
      revokedReason: c.revokedReason,
      verifyUrl: this.verifyUrl(org, c.id),
    };
  }

  /** The console's list: the organisation's certificates, newest first. */
  async list(
    org: OrganisationRecord,
    viewer: Viewer,
    query: AdminCertificatesQuery,
    locale: string,
  ): Promise<RouteAnswer<'adminCertificates'>> {
    assertMayAdminister(viewer);
    const q = adminCertificatesQuerySchema.parse(query);
    const rows = await listOrgCertificates(this.db, org.id, {
      ...(q.learner && { learner: q.learner }),
      ...(q.topic && { topic: q.topic }),
      ...(q.cursor && { after: positionOf(q.cursor) }),
      limit: q.limit,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      certificates: page.map((c) => this.adminView(org, c, locale)),
      next:
        rows.length > q.limit && last
          ? Buffer.from(`${last.issuedAt}|${last.id}`, 'utf8').toString('base64url')
          : null,
    };
  }

  /** Revokes one of the organisation's certificates with the reason its verify page shows. */
  async revoke(
    org: OrganisationRecord,
    viewer: Viewer,
    id: string,
    reason: string,
    locale: string,
  ): Promise<RouteAnswer<'revokeCertificate'>> {
    const actor = assertMayAdminister(viewer);
    const before = await findCertificate(this.db, id);
    if (!before || before.orgId !== org.id) throw notFound('certificateNotFound');
    if (before.revokedAt) throw conflict('certificateAlreadyRevoked');
    const at = this.now().toISOString();
    await inTransaction(this.db, async (tx) => {
      if (!(await revokeCertificate(tx, org.id, id, { reason, by: actor, at })))
        throw conflict('certificateAlreadyRevoked');
      await insertAuditEvent(tx, org.id, {
        actor,
        action: 'certificate.revoke',
        target: `certificate:${id}`,
        detail: { learner: before.userId, topic: before.topicId },
        before: { valid: true, revokedReason: null },
        after: { valid: false, revokedReason: reason },
        at,
      });
    });
    const user = await findUser(this.db, org.id, before.userId);
    return {
      certificate: this.adminView(
        org,
        {
          ...before,
          revokedAt: at,
          revokedReason: reason,
          revokedBy: actor,
          learner: { email: user?.email ?? '' },
        },
        locale,
      ),
    };
  }
}

function positionOf(cursor: string) {
  const [issuedAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!issuedAt || !id || rest.length > 0 || Number.isNaN(Date.parse(issuedAt)))
    throw invalid('peopleCursorInvalid', { cursor: 'notAuditCursor' });
  return { issuedAt, id };
}
