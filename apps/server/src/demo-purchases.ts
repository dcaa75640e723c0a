import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { findUserByLogin } from './db/repositories/accounts';
import type { Services } from './services';

/**
 * The demo's seat buyers (README, "Demo accounts"): on a new database with the local checkout,
 * two learners of the doughmain pack buy seats of Small Business Toolkit through the real store
 * (a purchase, then the checkout's Pay), so that two buyers' cohorts sit under the Small Business
 * Cohort beside its coach and its own member; each invites a teammate, who joins, and one
 * private question is asked and answered. Nothing here bypasses a service.
 */
const DEMO_PURCHASES = [
  {
    org: 'doughmain',
    buyer: 'seatbuyer',
    company: 'Marchetti Bakery',
    bundle: 'small-business-toolkit',
    seats: 5,
    joins: ['teammate'],
    invites: ['new.hire@marchetti-bakery.example'],
    question: {
      from: 'teammate',
      ask: 'Could you look at my first invoice before I send it to the café?',
      answer: 'Of course. Send it over, and check the payment terms against the Invoicing topic.',
    },
  },
  {
    org: 'doughmain',
    buyer: 'seatbuyer2',
    company: 'Wells Plumbing',
    bundle: 'small-business-toolkit',
    seats: 3,
    joins: ['teammate2'],
    invites: [],
    question: undefined,
  },
] as const;

export async function seedDemoPurchases(
  db: Db,
  services: Services,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const demo of DEMO_PURCHASES) {
    const org = await services.organisations.find(demo.org);
    const buyer = org && (await findUserByLogin(db, org.id, demo.buyer));
    if (!org || !buyer) continue;
    const session = { userId: buyer.id, orgId: org.id };
    await services.accounts.update(org, buyer.id, { company: demo.company }, 'en-US');
    const viewer = await services.viewers.of(session);
    const { url } = await services.store.purchase(
      org,
      viewer,
      demo.bundle,
      { quantity: demo.seats },
      'en-US',
    );
    const orderId = decodeURIComponent(url.split('/').pop() ?? '');
    const order = await services.store.pay(org, viewer, orderId, 'en-US');
    const cohortId = order.cohortId;
    if (!cohortId) continue;
    services.viewers.forget(org.id, buyer.id);
    const owner = { ...(await services.viewers.of(session)), userId: buyer.id };
    const people = [];
    for (const username of demo.joins) {
      const person = await findUserByLogin(db, org.id, username);
      if (person) people.push(person);
    }
    const { invited } = await services.invitations.invite(
      org,
      owner,
      cohortId,
      { emails: [...people.map((p) => p.email), ...demo.invites].join('\n') },
      'en-US',
    );
    for (const person of people) {
      const invitation = invited.find((i) => i.email === person.email_key);
      if (invitation) await services.invitations.useNow(org, person, invitation._id, 'en-US');
    }
    if (demo.question) {
      const asker = people.find((p) => p.username === demo.question.from);
      if (asker) {
        const askerViewer = {
          ...(await services.viewers.of({ userId: asker.id, orgId: org.id })),
          userId: asker.id,
        };
        await services.messages.post(org, askerViewer, cohortId, {
          body: demo.question.ask,
          isPrivate: true,
        });
        await services.messages.post(org, owner, cohortId, {
          body: demo.question.answer,
          isPrivate: true,
          threadOf: asker.id,
        });
      }
    }
    log.info({ org: demo.org, buyer: demo.buyer, seats: demo.seats }, 'demo seats bought');
  }
}
