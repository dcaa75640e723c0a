import type { OrgRole, Topic } from '@portal/domain';
import { findOrganisation } from '../db/repositories/organisations';
import { setRoles } from '../db/repositories/roles';
import type { TestApp } from './app';
import { bearer, newLearner, signup } from './auth-helpers';

/** A signed-up account of `org` given `roles` (none: a learner), with its token. */
export async function accountWithRoles(t: TestApp, org: string, roles: OrgRole[], tag = 'acct') {
  const body = { ...newLearner(tag), first: `First${tag}`, last: `Last${tag}` };
  const { token } = await signup(t.app, org, body);
  const orgId = (await findOrganisation(t.database.db, org))!.id;
  const userId = (await t.services.sessions.find(token, orgId))!.userId;
  if (roles.length) {
    await setRoles(t.database.db, orgId, userId, roles);
    await t.services.caches.changed({ viewer: { org: orgId, user: userId } });
  }
  return { token, userId, orgId, name: `First${tag} Last${tag}`, headers: bearer(token) };
}

/** A small topic as the studio makes one: a page with a number field and a formula using it. */
export function studioTopic(id: string, over: Partial<Topic> = {}): Topic {
  return {
    _id: id,
    name: { 'en-US': `Topic ${id}`, 'fr-CA': `Sujet ${id}` },
    visibility: 'Public',
    allowMultiWorksheets: false,
    showGradeReport: false,
    pages: [
      {
        _id: `${id}-p1`,
        name: { 'en-US': 'First page', 'fr-CA': 'Première page' },
        visibility: 'Public',
        fragments: [
          {
            _id: `${id}-f1`,
            type: 'content',
            content: { 'en-US': '<p>Hello</p>', 'fr-CA': '<p>Bonjour</p>' },
          },
          {
            _id: `${id}-f2`,
            type: 'field',
            field: {
              _id: `${id}-amount`,
              name: { 'en-US': 'Amount', 'fr-CA': 'Montant' },
              type: 'number',
              scoreWeight: 1,
              correctValue: 10,
            },
          },
          {
            _id: `${id}-f3`,
            type: 'formula',
            formula: {
              _id: `${id}-double`,
              name: { 'en-US': 'Double', 'fr-CA': 'Double' },
              body: `<span data-ref="${id}-amount"></span> * 2`,
            },
          },
        ],
      },
    ],
    ...over,
  } as Topic;
}
