import { randomUUID } from 'node:crypto';
import type { ImportJobView } from '@portal/domain';
import type { Db } from '../../db/database';
import {
  accountsByEmailKey,
  ensureMembers,
  findPeopleImport,
  finishImport,
  groupIdsOf,
  importRowsOf,
  insertInvitedUsers,
  insertPasswordResets,
  insertPeopleImport,
  type InvitedUser,
  recordImportProgress,
  takenUsernameKeys,
  type ImportRow,
  type PeopleImportRecord,
} from '../../db/repositories/admin-people';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import { inTransaction, type Executor } from '../../db/repositories/executor';
import { insertJob, insertJobs } from '../../db/repositories/jobs';
import { findOrganisationById, type OrganisationRecord } from '../../db/repositories/organisations';
import { parseRoles, setRoles } from '../../db/repositories/roles';
import { JOB_KINDS } from '../../jobs/kinds';
import { MAIL_JOB, type MailPayload } from '../../jobs/mail';
import type { JobKind, JobRunner } from '../../jobs/runner';
import { assertMayAdminister, type Viewer } from '../../policies';
import type { Caches } from '../../cache';
import { invalid, notFound } from '../errors';
import type { SiteLinks } from '../site-links';
import { checkCsv } from './people-csv';
import { freeUsername, invitation, usernameCandidates } from './people-invitation';

/**
 * The CSV import of people (docs/design.md §15): checked whole first (the dry run, which writes
 * nothing), then run as a job (`people-import`) a chunk at a time. Each chunk's accounts, group
 * memberships, invitation links and mails are written in one transaction with the progress, so
 * a retried job resumes after the last chunk done; and a row whose email has an account updates
 * it (groups and roles added), so no retry ever makes a duplicate. The audit log gets one
 * `people.import` event with the counts when it is done (not one per account: an import of
 * 50,000 would bury everything else; the event names the import, whose accounts are invited).
 */

export const PEOPLE_IMPORT_JOB = JOB_KINDS.peopleImport;
const CHUNK = 500;

export interface PeopleImportDeps {
  db: Db;
  jobs: JobRunner;
  links: SiteLinks;
  caches: Caches;
  now?: () => Date;
}

async function checked(db: Db, org: OrganisationRecord, csv: string) {
  return checkCsv(csv, await groupIdsOf(db, org.id, { withCohorts: false }));
}

export async function dryRun(
  deps: PeopleImportDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  csv: string,
) {
  assertMayAdminister(viewer);
  const { rows, problems } = await checked(deps.db, org, csv);
  const existing = await accountsByEmailKey(
    deps.db,
    org.id,
    rows.map((row) => row.email.toLowerCase()),
  );
  return {
    rows: rows.length + problems.filter((p) => p.reason !== 'tooManyRows').length,
    creates: rows.length - existing.size,
    updates: existing.size,
    problems,
  };
}

const view = (record: PeopleImportRecord): ImportJobView => ({
  _id: record.id,
  status: record.status,
  total: record.total,
  done: record.done,
  created: record.created,
  updated: record.updated,
});

export async function startImport(
  deps: PeopleImportDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  csv: string,
): Promise<{ import: ImportJobView }> {
  const actor = assertMayAdminister(viewer);
  const { rows, problems } = await checked(deps.db, org, csv);
  if (problems.length) throw invalid('peopleImportInvalid', { csv: 'peopleImportInvalid' });
  const id = randomUUID();
  const at = new Date().toISOString();
  await inTransaction(deps.db, async (tx) => {
    await insertPeopleImport(tx, {
      id,
      orgId: org.id,
      actorId: actor,
      rows: rows.map(({ line: _line, ...row }) => row),
      at,
    });
    await insertJob(
      tx,
      deps.jobs.jobRow({
        kind: PEOPLE_IMPORT_JOB,
        orgId: org.id,
        payload: { importId: id },
        idempotencyKey: `people-import:${id}`,
        // Ahead of the queue: an administrator watches its progress, and the invitations an
        // earlier import queued (thousands of mails) must not hold it up.
        runAt: Date.now() - 3_600_000,
      }),
    );
  });
  deps.jobs.wake();
  return { import: view((await findPeopleImport(deps.db, org.id, id))!) };
}

export async function importStatus(
  deps: PeopleImportDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
): Promise<{ import: ImportJobView }> {
  assertMayAdminister(viewer);
  const record = await findPeopleImport(deps.db, org.id, id);
  if (!record) throw notFound('peopleImportNotFound');
  return { import: view(record) };
}

/** One chunk: new accounts made (invited, mailed), existing ones given the groups and roles. */
async function importChunk(
  tx: Executor,
  deps: PeopleImportDeps,
  org: OrganisationRecord,
  rows: ImportRow[],
  importId: string,
  at: Date,
): Promise<{ created: number; updated: number; touched: string[] }> {
  const stamp = at.toISOString();
  const existing = await accountsByEmailKey(
    tx,
    org.id,
    rows.map((row) => row.email.toLowerCase()),
  );
  const fresh = rows.filter((row) => !existing.has(row.email.toLowerCase()));
  const taken = await takenUsernameKeys(
    tx,
    org.id,
    fresh.flatMap((r) => usernameCandidates(r.email)),
  );
  const ids = new Map<string, string>();
  const users: InvitedUser[] = fresh.map((row) => {
    const id = randomUUID();
    ids.set(row.email.toLowerCase(), id);
    return {
      id,
      username: freeUsername(row.email, taken),
      email: row.email,
      first: row.first,
      last: row.last,
      roles: row.roles.filter((r) => r !== 'learner'),
    };
  });
  await insertInvitedUsers(tx, org.id, users, stamp);
  const touched: string[] = [];
  const members: { groupId: string; userId: string }[] = [];
  for (const row of rows) {
    const key = row.email.toLowerCase();
    const known = existing.get(key);
    const userId = known?.id ?? ids.get(key)!;
    if (known) {
      const had = parseRoles(known.roles);
      const wanted = row.roles.filter((r): r is 'author' | 'admin' => r !== 'learner');
      if (wanted.some((role) => !had.includes(role)))
        await setRoles(tx, org.id, userId, [...had, ...wanted]);
      touched.push(userId);
    }
    for (const group of row.groups) members.push({ groupId: group, userId });
  }
  await ensureMembers(tx, org.id, members);
  const invitations = users.map((user) =>
    invitation(
      org,
      {
        id: user.id,
        email: user.email,
        name: [user.first, user.last].filter(Boolean).join(' ') || user.username,
      },
      deps.links,
      at,
    ),
  );
  await insertPasswordResets(
    tx,
    invitations.map((each) => each.reset),
  );
  await insertJobs(
    tx,
    invitations.map(({ mail }, index) =>
      deps.jobs.jobRow<MailPayload>({
        kind: MAIL_JOB,
        orgId: org.id,
        payload: { mail },
        idempotencyKey: `mail:people-import:${importId}:${users[index]!.email.toLowerCase()}`,
      }),
    ),
  );
  return { created: users.length, updated: rows.length - users.length, touched };
}

/** The job that runs an import, a chunk a transaction, resuming where a failed attempt stopped. */
export const peopleImportJob = (deps: PeopleImportDeps): JobKind<{ importId: string }> => ({
  kind: PEOPLE_IMPORT_JOB,
  maxAttempts: 5,
  async handle({ importId }) {
    const record = await findPeopleImport(deps.db, null, importId);
    if (!record || record.status === 'done') return;
    const org = await findOrganisationById(deps.db, record.orgId);
    if (!org) return;
    const rows = await importRowsOf(deps.db, importId);
    let { done, created, updated } = record;
    const now = () => (deps.now ?? (() => new Date()))();
    await recordImportProgress(
      deps.db,
      importId,
      { status: 'running', done, created, updated },
      now().toISOString(),
    );
    while (done < rows.length) {
      const chunk = rows.slice(done, done + CHUNK);
      const at = now();
      const counts = await inTransaction(deps.db, async (tx) => {
        const result = await importChunk(tx, deps, org, chunk, importId, at);
        await recordImportProgress(
          tx,
          importId,
          {
            status: 'running',
            done: done + chunk.length,
            created: created + result.created,
            updated: updated + result.updated,
          },
          at.toISOString(),
        );
        return result;
      });
      done += chunk.length;
      created += counts.created;
      updated += counts.updated;
      deps.jobs.wake();
      await Promise.all(
        counts.touched.map((user) => deps.caches.changed({ viewer: { org: org.id, user } })),
      );
    }
    const at = now().toISOString();
    await inTransaction(deps.db, async (tx) => {
      if (!(await finishImport(tx, importId, at))) return;
      await insertAuditEvent(tx, org.id, {
        actor: record.actorId,
        action: 'people.import',
        target: `import:${importId}`,
        detail: { rows: rows.length },
        before: null,
        after: { rows: rows.length, created, updated },
        at,
      });
    });
  },
});
