import { createHash, randomUUID } from 'node:crypto';
import { insertAuditEvent } from '../db/repositories/audit-events';
import {
  CONTENT_PACK_FORMAT,
  checkContentPack,
  type ContentPack,
  type PackProblem,
} from '@portal/domain';
import type { Db } from '../db/database';
import {
  accountsMatching,
  analyseContent,
  countOrganisations as countOrganisationRows,
  hostOwners,
  readPackContent,
  replaceOrganisationContent,
  storedUserGroups,
  writePackAccounts,
  type PackAccountWrite,
} from '../db/repositories/content-packs';
import { inTransaction } from '../db/repositories/executor';
import { findOrganisation } from '../db/repositories/organisations';
import { publishPackSettings } from '../db/repositories/settings-versions';
import { purchasedGroupIds } from '../db/repositories/user-groups';
import { sanitizeLocalisedHtml, sanitizeTopic } from './html';
import { describePackImages } from './media-variants';
import { noTopicChanges, publishPackTopics, type TopicChanges } from './pack-topics';
import { indexTopics } from './search-index';
import { hashPassword, verifyPassword } from './passwords';

export interface ImportOptions {
  /** The folder served at /media/: its images are measured and get AVIF and WebP copies. */
  mediaDir?: string;
}

export type ImportResult =
  | {
      ok: true;
      organisationId: string;
      alias: string;
      changed: boolean;
      /** The topics of which the import published a new version, or stopped publishing. */
      topics: TopicChanges;
    }
  | { ok: false; problems: PackProblem[] };

function sanitizePack(pack: ContentPack): ContentPack {
  const { organisation } = pack;
  return {
    ...pack,
    organisation: {
      ...organisation,
      homePage: {
        ...organisation.homePage,
        promos: organisation.homePage.promos.map((p) => ({
          ...p,
          description: sanitizeLocalisedHtml(p.description),
        })),
      },
    },
    ...(pack.general && { general: sanitizeTopic(pack.general) }),
    topics: pack.topics.map(sanitizeTopic),
    bundles: pack.bundles.map((b) => ({
      ...b,
      ...(b.longDescription !== undefined && {
        longDescription: sanitizeLocalisedHtml(b.longDescription),
      }),
    })),
  };
}

function contentHash(pack: ContentPack): string {
  const withoutPasswords = {
    ...pack,
    users: pack.users.map(({ password: _password, ...user }) => user),
  };
  return createHash('sha256').update(JSON.stringify(withoutPasswords)).digest('hex');
}

const now = () => new Date().toISOString();
const key = (s: string) => s.trim().toLowerCase();

/**
 * Creates or updates one organisation from a content pack, all or nothing. An unchanged pack
 * writes nothing; a topic whose document changed gets a new published version, and only such a
 * topic; topics, groups and bundles left out of the pack are removed; learner accounts and their
 * workbooks are never removed.
 */
export async function importContentPack(
  db: Db,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const checked = checkContentPack(input);
  if (!checked.ok) return checked;
  const sanitized = sanitizePack(checked.pack);
  // Image sizes and smaller copies, made once here (issue 14), so pages reserve their space.
  const pack = options.mediaDir ? await describePackImages(sanitized, options.mediaDir) : sanitized;
  const alias = pack.organisation.alias;

  const existing = await findOrganisation(db, alias);
  const orgId = existing?.id ?? randomUUID();
  if (existing) await keepStoredSecrets(db, orgId, pack);
  const hash = contentHash(pack);

  const problems: PackProblem[] = [];
  const hostKeys = pack.organisation.hosts.map(key);
  for (const owner of await hostOwners(db, hostKeys))
    if (owner.orgId !== orgId)
      problems.push({
        path: `organisation.hosts[${hostKeys.indexOf(owner.host)}]`,
        message: `host "${owner.host}" already belongs to another organisation`,
      });

  // A buyer's cohort keeps its id: a pack's group may not take it.
  if (existing) {
    const purchased = new Set(await purchasedGroupIds(db, orgId));
    pack.userGroups.forEach((group, g) => {
      if (purchased.has(group._id))
        problems.push({
          path: `userGroups[${g}]._id`,
          message: `"${group._id}" is a cohort a purchase made on this server: choose another id`,
        });
    });
  }

  const accounts = await prepareAccounts(db, orgId, pack, problems);
  if (problems.length) return { ok: false, problems };

  const contentChanged = existing?.contentHash !== hash;
  const accountsChanged = accounts.some((a) => a.passwordHash !== null || a.isNew);
  if (!contentChanged && !accountsChanged)
    return { ok: true, organisationId: orgId, alias, changed: false, topics: noTopicChanges() };

  const at = now();
  let topics = noTopicChanges();
  await inTransaction(db, async (tx) => {
    if (contentChanged) {
      await replaceOrganisationContent(tx, {
        orgId,
        exists: existing !== null,
        pack,
        hostKeys: [...new Set(hostKeys)],
        contentHash: hash,
        at,
      });
      await publishPackSettings(tx, orgId, pack.organisation, { by: null, at });
      topics = await publishPackTopics(tx, orgId, pack, { by: null, at });
      await indexTopics(tx, orgId, pack);
    }
    await writePackAccounts(tx, orgId, accounts, at);
    // The CLI's change, in the audit log with the console's and the studio's (docs/design.md §15).
    await insertAuditEvent(tx, orgId, {
      actor: null,
      action: 'pack.import',
      target: 'organisation',
      detail: {},
      before: existing ? { contentHash: existing.contentHash } : null,
      after: {
        contentHash: hash,
        topics,
        accounts: {
          created: accounts.filter((a) => a.isNew).length,
          passwordsSet: accounts.filter((a) => a.passwordHash !== null).length,
        },
      },
      at,
    });
  });
  if (contentChanged) await analyseContent(db);
  return { ok: true, organisationId: orgId, alias, changed: true, topics };
}

/**
 * Exports leave OAuth client secrets out; importing such an export must not erase them, so a
 * group that comes without its secret keeps the one stored for the same issuer and client.
 */
async function keepStoredSecrets(db: Db, orgId: string, pack: ContentPack): Promise<void> {
  const missing = pack.userGroups.filter((g) => g.oauth && !g.oauth.clientSecret);
  if (!missing.length) return;
  const stored = await storedUserGroups(
    db,
    orgId,
    missing.map((g) => g._id),
  );
  for (const group of missing) {
    const oauth = stored.get(group._id)?.oauth;
    if (
      group.oauth &&
      oauth?.clientSecret &&
      oauth.issuer === group.oauth.issuer &&
      oauth.clientId === group.oauth.clientId
    )
      group.oauth.clientSecret = oauth.clientSecret;
  }
}

/**
 * The pack's accounts matched with the stored ones by username: each to update or create, with
 * a new password hash only when the pack's password differs from the stored one.
 */
async function prepareAccounts(
  db: Db,
  orgId: string,
  pack: ContentPack,
  problems: PackProblem[],
): Promise<PackAccountWrite[]> {
  if (!pack.users.length) return [];
  const stored = await accountsMatching(db, orgId, {
    usernames: pack.users.map((u) => key(u.username)),
    emails: pack.users.map((u) => key(u.email)),
  });
  const accounts: PackAccountWrite[] = [];
  for (const [i, user] of pack.users.entries()) {
    const byName = stored.find((r) => r.usernameKey === key(user.username));
    const byEmail = stored.find((r) => r.emailKey === key(user.email));
    if (byEmail && byEmail.id !== byName?.id) {
      problems.push({
        path: `users[${i}].email`,
        message: `"${user.email}" is already used by another account`,
      });
      continue;
    }
    let passwordHash: string | null = null;
    if (user.password && !(byName && (await verifyPassword(byName.passwordHash, user.password))))
      passwordHash = await hashPassword(user.password);
    accounts.push({
      id: byName?.id ?? randomUUID(),
      isNew: !byName,
      username: user.username,
      usernameKey: key(user.username),
      email: user.email,
      emailKey: key(user.email),
      first: user.name?.first ?? '',
      last: user.name?.last ?? '',
      passwordHash,
      groups: user.groups,
      // A pack that names no roles gives none: the pack is the whole truth of its accounts.
      roles: user.roles ?? [],
    });
  }
  return accounts;
}

/** The organisation as a pack again: the shape `importContentPack` takes, secrets left out. */
export async function exportContentPack(db: Db, alias: string): Promise<ContentPack | null> {
  const org = await findOrganisation(db, alias);
  if (!org) return null;
  const content = await readPackContent(db, org.id);
  return {
    format: CONTENT_PACK_FORMAT,
    organisation: org.settings,
    ...(content.general && { general: content.general }),
    topicGroups: content.topicGroups,
    topics: content.topics,
    userGroups: content.userGroups.map((group) => {
      const secret = group.oauth?.clientSecret;
      if (!group.oauth || secret === undefined || secret.startsWith('env:')) return group;
      const { clientSecret: _secret, ...oauth } = group.oauth;
      return { ...group, oauth };
    }),
    bundles: content.bundles,
    users: content.users,
  };
}

export function countOrganisations(db: Db): Promise<number> {
  return countOrganisationRows(db);
}
