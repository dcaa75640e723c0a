import { randomUUID } from 'node:crypto';
import { errorText, type InviteBody, type PersonDetail } from '@portal/domain';
import { findUserByEmail, insertUser } from '../../db/repositories/accounts';
import {
  findPerson,
  groupIdsOf,
  setMemberRole,
  setStatus,
  takenUsernameKeys,
} from '../../db/repositories/admin-people';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { setRoles } from '../../db/repositories/roles';
import { assertMayAdminister, type Viewer } from '../../policies';
import { conflict, invalid, notFound } from '../errors';
import { detail, stored, target, type PeopleDeps } from './people';
import { freeUsername, invitationMail, usernameCandidates } from './people-invitation';

/**
 * The console's invitations of one person (design §15): an invited account with no password,
 * and a mail whose link chooses one; sent again while the person has not.
 */

/** Invite one person: an invited account (no password) and a mail to choose one. */
export async function invitePerson(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  body: InviteBody,
): Promise<{ person: PersonDetail }> {
  const actor = assertMayAdminister(viewer);
  const known = await groupIdsOf(deps.db, org.id, { withCohorts: false });
  const unknown = body.groups.find((g) => !known.has(g));
  if (unknown)
    throw invalid(errorText('personUnknownGroup', { id: unknown }), {
      groups: errorText('personUnknownGroup', { id: unknown }),
    });
  if (await findUserByEmail(deps.db, org.id, body.email))
    throw conflict('emailTaken', { email: 'alreadyHasAccount' });
  const at = (deps.now ?? (() => new Date()))();
  const id = randomUUID();
  const taken = await takenUsernameKeys(deps.db, org.id, usernameCandidates(body.email));
  const username = freeUsername(body.email, taken);
  const roles = stored(body.roles);
  const groups = [...new Set(body.groups)];
  const mail = await inTransaction(deps.db, async (tx) => {
    await insertUser(tx, {
      id,
      orgId: org.id,
      username,
      email: body.email,
      passwordHash: null,
      first: body.first,
      last: body.last,
      at: at.toISOString(),
    });
    await setStatus(tx, org.id, id, 'invited', at.toISOString());
    if (roles.length) await setRoles(tx, org.id, id, roles);
    for (const group of groups)
      await setMemberRole(tx, { orgId: org.id, groupId: group, userId: id, role: 'member' });
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'person.invite',
      target: target(id),
      detail: {},
      before: null,
      after: { email: body.email, roles: ['learner', ...roles], groups, status: 'invited' },
      at: at.toISOString(),
    });
    const name = [body.first, body.last].filter(Boolean).join(' ') || username;
    return invitationMail(tx, org, { id, email: body.email, name }, deps.links, at);
  });
  await deps.mailer.send(mail);
  return { person: await detail(deps.db, org.id, id) };
}

/** A new invitation link for a person who has not chosen a password yet. */
export async function resendInvitation(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
): Promise<{ person: PersonDetail }> {
  const actor = assertMayAdminister(viewer);
  const row = await findPerson(deps.db, org.id, id);
  if (!row) throw notFound('personNotFound');
  if (row.status !== 'invited') throw conflict('personNotInvited');
  const at = (deps.now ?? (() => new Date()))();
  const mail = await inTransaction(deps.db, async (tx) => {
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'person.invite',
      target: target(id),
      detail: { resent: true },
      before: { status: 'invited' },
      after: { status: 'invited' },
      at: at.toISOString(),
    });
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username;
    return invitationMail(tx, org, { id, email: row.email, name }, deps.links, at);
  });
  await deps.mailer.send(mail);
  return { person: await detail(deps.db, org.id, id) };
}
