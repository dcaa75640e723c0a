import {
  ACCOUNT_EXPORT_FORMAT,
  FRESH_SIGN_IN_MS,
  localise,
  type AccountExport,
  type EraseAccountBody,
  type LocalisedText,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../adapters/storage/storage';
import type { Caches } from '../cache';
import type { Change } from '../cache/dependencies';
import type { Db } from '../db/database';
import { findUser as findAnyUser } from '../db/repositories/accounts';
import { countActiveAdmins } from '../db/repositories/admin-people';
import { insertAuditEvent } from '../db/repositories/audit-events';
import { inTransaction, type Executor } from '../db/repositories/executor';
import type { OrganisationRecord } from '../db/repositories/organisations';
import {
  ERASED,
  erasePerson,
  personalRows,
  sessionStartedAt,
  type PersonalRows,
} from '../db/repositories/personal-data';
import { parseRoles } from '../db/repositories/roles';
import type { UserRow } from '../db/schema';
import { assertMayAdminister, type Viewer } from '../policies';
import { conflict, forbidden, invalid, notFound, unauthenticated } from './errors';
import { hashToken } from './tokens';

export interface PrivacyDeps {
  db: Db;
  caches: Caches;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /**
   * Checks the password of `userId` (AccountService.confirmPassword): a wrong one counts as a
   * guess at the account and slows the next ones down, as at sign-in.
   */
  confirmPassword: (userId: string, hash: string | null, password: string) => Promise<boolean>;
  now?: () => Date;
}

/** The account of `id`, unless it was erased. */
async function findUser(db: Executor, orgId: string, id: string) {
  const user = await findAnyUser(db, orgId, id);
  return user && user.status !== ERASED ? user : undefined;
}

const json = (text: string | null | undefined): unknown => {
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The export document of `rows` (the shape of `accountExportSchema`). */
function exportDocument(
  org: OrganisationRecord,
  user: UserRow,
  rows: PersonalRows,
  at: string,
): AccountExport {
  const text = (t: LocalisedText | undefined) => localise(t, 'en-US');
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: at,
    organisation: { id: org.id, alias: org.alias, name: text(org.settings.name) },
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      name: { first: user.first_name, last: user.last_name },
      phone: user.phone,
      company: user.company,
      employeeId: user.employee_id,
      profilePicture: user.profile_picture,
      roles: parseRoles(user.roles),
      status: user.status,
      signsInWith: user.oauth_group_id ? 'singleSignOn' : 'password',
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    groups: rows.groups.map((g) => ({
      id: g.id,
      name: text((json(g.data) as { name?: LocalisedText } | null)?.name),
      role: g.role,
    })),
    workbook: rows.workbook
      ? {
          data: json(rows.workbook.data),
          version: Number(rows.workbook.version),
          updatedAt: rows.workbook.updated_at,
        }
      : null,
    progress: rows.progress.map((p) => ({
      topicId: p.topic_id,
      worksheet: Number(p.worksheet_index),
      completedPages: Number(p.completed_pages),
      pages: Number(p.pages),
      score: Number(p.score),
      total: Number(p.total),
      updatedAt: p.updated_at,
    })),
    messages: rows.messages.map((m) => ({
      id: m.id,
      groupId: m.group_id,
      body: m.body,
      isPrivate: Number(m.is_private) === 1,
      createdAt: m.created_at,
    })),
    orders: rows.orders.map((o) => ({
      id: o.id,
      bundleId: o.bundle_id,
      bundleName: o.bundle_name,
      quantity: Number(o.quantity),
      unitCents: Number(o.unit_cents),
      percentOff: Number(o.percent_off),
      totalCents: Number(o.total_cents),
      currency: o.currency,
      status: o.status,
      createdAt: o.created_at,
      fulfilledAt: o.fulfilled_at,
    })),
    certificates: rows.certificates.map((c) => ({
      id: c.id,
      topicId: c.topic_id,
      topicName: c.topic_name,
      learnerName: c.learner_name,
      issuedAt: c.issued_at,
      revokedAt: c.revoked_at,
    })),
    uploads: rows.uploads.map((u) => ({
      url: u.url,
      filename: u.original_filename,
      contentType: u.content_type,
      size: Number(u.size),
      createdAt: u.created_at,
    })),
    notificationPreferences: json(rows.notifications?.prefs),
    singleSignOn: rows.identities.map((i) => ({
      issuer: i.issuer,
      subject: i.subject,
      createdAt: i.created_at,
    })),
    sessions: rows.sessions.map((s) => ({
      createdAt: s.created_at,
      expiresAt: s.expires_at,
      revokedAt: s.revoked_at,
    })),
    invitations: rows.invitations.map((i) => ({ groupId: i.group_id, usedAt: i.used_at })),
    pendingEmailChanges: rows.emailChanges.map((e) => ({
      newEmail: e.new_email,
      createdAt: e.created_at,
    })),
    analyticsEvents: rows.analytics.map((e) => ({
      name: e.name,
      category: e.category,
      payload: json(e.payload),
      createdAt: e.created_at,
    })),
  };
}

/**
 * A person's data (docs/design.md §18): the learner's own export and erasure, and an
 * administrator's of a person of the organisation (audited: person.export, person.erase).
 */
export class PrivacyService {
  constructor(private readonly deps: PrivacyDeps) {}

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  /** Everything the portal holds about the account, read in one snapshot. */
  async exportOf(org: OrganisationRecord, userId: string): Promise<AccountExport> {
    const at = this.now().toISOString();
    return inTransaction(this.deps.db, async (tx) => {
      const user = await findUser(tx, org.id, userId);
      if (!user) throw notFound('personNotFound');
      return exportDocument(org, user, await personalRows(tx, org.id, user), at);
    });
  }

  /** An administrator's copy of a person's data; the reading is audited. */
  async adminExport(org: OrganisationRecord, viewer: Viewer, id: string): Promise<AccountExport> {
    const actor = assertMayAdminister(viewer);
    const document = await this.exportOf(org, id);
    await insertAuditEvent(this.deps.db, org.id, {
      actor,
      action: 'person.export',
      target: `person:${id}`,
      detail: {},
      at: document.exportedAt,
    });
    return document;
  }

  /** The signed-in learner erases their own account (their password, or a fresh sign-in). */
  async eraseSelf(
    org: OrganisationRecord,
    userId: string,
    token: string,
    body: EraseAccountBody,
  ): Promise<void> {
    await this.confirm(org, userId, token, body);
    await this.erase(org, userId, userId, 'account.erase');
  }

  /** An administrator erases a person of the organisation, confirming with their own proof. */
  async adminErase(
    org: OrganisationRecord,
    viewer: Viewer,
    token: string,
    id: string,
    body: EraseAccountBody,
  ): Promise<void> {
    const actor = assertMayAdminister(viewer);
    if (id === actor) throw conflict('cannotEraseSelfHere');
    if (!(await findUser(this.deps.db, org.id, id))) throw notFound('personNotFound');
    await this.confirm(org, actor, token, body);
    await this.erase(org, actor, id, 'person.erase');
  }

  /**
   * The proof erasing asks of `userId` (who erases): their password, or a session begun within
   * FRESH_SIGN_IN_MS (what an account of a single sign-on can give).
   */
  private async confirm(
    org: OrganisationRecord,
    userId: string,
    token: string,
    body: EraseAccountBody,
  ): Promise<void> {
    const user = await findUser(this.deps.db, org.id, userId);
    if (!user) throw unauthenticated('sessionEnded');
    if (body.password !== undefined) {
      if (!(await this.deps.confirmPassword(user.id, user.password_hash, body.password)))
        throw invalid('erasePasswordWrong', { password: 'isNotRight' });
      return;
    }
    const began = await sessionStartedAt(this.deps.db, hashToken(token));
    if (!began || this.now().getTime() - Date.parse(began) > FRESH_SIGN_IN_MS)
      throw forbidden('passwordOrFreshSignIn');
  }

  private async erase(
    org: OrganisationRecord,
    actor: string,
    id: string,
    action: 'account.erase' | 'person.erase',
  ): Promise<void> {
    const at = this.now().toISOString();
    const erased = await inTransaction(this.deps.db, async (tx) => {
      const user = await findUser(tx, org.id, id);
      if (!user) throw notFound('personNotFound');
      if (
        parseRoles(user.roles).includes('admin') &&
        user.status === 'active' &&
        (await countActiveAdmins(tx, org.id)) <= 1
      )
        throw conflict('lastAdministrator');
      const done = await erasePerson(tx, org.id, user);
      // Names no one: the account id alone, which no longer exists.
      await insertAuditEvent(tx, org.id, {
        actor,
        action,
        target: `person:${id}`,
        detail: { uploads: done.storageKeys.length },
        at,
      });
      return done;
    });
    const changes: Change[] = [
      { account: { user: id } },
      { viewer: { org: org.id, user: id } },
      ...erased.groups.flatMap((group): Change[] => [
        { group: { org: org.id, group } },
        { messages: { org: org.id, group } },
      ]),
    ];
    await this.deps.caches.changed(...changes);
    // The files go once the rows naming them are gone; one that cannot be removed is logged by key.
    for (const key of erased.storageKeys)
      await this.deps.storage.remove(key).catch((err: unknown) => {
        this.deps.log.error(
          { key, err: (err as Error).message },
          'an erased account’s file could not be removed',
        );
      });
  }
}
