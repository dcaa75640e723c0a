import { expect, type APIRequestContext } from '@playwright/test';
import { DOUGHMAIN } from './accounts';

/**
 * Seats and cohorts through the API (docs/design.md §9), for what a test does not show: a
 * purchase paid on the local checkout, invitations sent, an invitation accepted. Two or more
 * seats make the buyer's own cohort under the bundle's group; one seat makes them a member of
 * the group.
 */

const api = (path: string) => `/api/org/${DOUGHMAIN}${path}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The demo's bundle whose group (small-business-cohort) has a coach, `groupadmin`. */
export const TOOLKIT = 'small-business-toolkit';
export const SHARED_GROUP = 'small-business-cohort';
/** The demo pack's coach of the Small Business Cohort (and of every cohort under it). */
export const COACH = { username: 'groupadmin', password: 'admin-demo-1', name: 'Marc Gagnon' };

export interface Invitation {
  _id: string;
  email: string | null;
  state: 'open' | 'pending' | 'used' | 'revoked';
  link: string;
}

/** Buys `quantity` seats of `bundle` and pays on the local checkout: the order's cohort (2+ seats). */
export async function buySeatsByApi(
  request: APIRequestContext,
  token: string,
  quantity: number,
  bundle = TOOLKIT,
): Promise<{ orderId: string; cohortId: string | null }> {
  const purchase = await request.post(api(`/bundle/${bundle}/purchase`), {
    headers: bearer(token),
    data: { locale: 'en-US', quantity },
  });
  expect(purchase.status(), await purchase.text()).toBe(200);
  const { checkoutSession } = (await purchase.json()) as { checkoutSession: { url: string } };
  const orderId = decodeURIComponent(checkoutSession.url.split('/').pop() ?? '');
  const pay = await request.post(api(`/order/${orderId}/pay`), { headers: bearer(token) });
  expect(pay.status(), await pay.text()).toBe(200);
  const { order } = (await pay.json()) as { order: { cohortId: string | null } };
  return { orderId, cohortId: order.cohortId };
}

/** A group's invitations, as its administrators read them. */
export async function invitationsOf(
  request: APIRequestContext,
  token: string,
  groupId: string,
): Promise<Invitation[]> {
  const response = await request.get(api(`/userGroup/${groupId}/invites`), {
    headers: bearer(token),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { invitations: Invitation[] }).invitations;
}

/** Invites `emails` to the group (each gets a seat and a mail): the invitations sent. */
export async function inviteByApi(
  request: APIRequestContext,
  token: string,
  groupId: string,
  emails: string[],
): Promise<Invitation[]> {
  const response = await request.post(api(`/userGroup/${groupId}/invites`), {
    headers: bearer(token),
    data: { emails: emails.join('\n') },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { invited } = (await response.json()) as { invited: Invitation[] };
  expect(invited).toHaveLength(emails.length);
  return invited;
}

/** The signed-in learner uses an invitation and joins its group. */
export async function acceptByApi(
  request: APIRequestContext,
  token: string,
  inviteId: string,
): Promise<void> {
  const response = await request.post(api(`/invite/${inviteId}/accept`), {
    headers: bearer(token),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A buyer's open seat taken by `memberToken`'s learner (no mail: the seat's link is used). */
export async function joinOpenSeatByApi(
  request: APIRequestContext,
  adminToken: string,
  memberToken: string,
  groupId: string,
): Promise<void> {
  const open = (await invitationsOf(request, adminToken, groupId)).find((i) => i.state === 'open');
  expect(open, 'an open seat').toBeTruthy();
  await acceptByApi(request, memberToken, open!._id);
}

/** A message as the API answers it: its author, and for a private one its thread. */
export interface PostedMessage {
  _id: string;
  account: { _id: string };
  thread?: string;
}

/** Posts a message to a group: to everyone, or privately (threadOf: an administrator's answer). */
export async function postByApi(
  request: APIRequestContext,
  token: string,
  groupId: string,
  body: string,
  options: { isPrivate?: boolean; threadOf?: string } = {},
): Promise<PostedMessage> {
  const response = await request.post(api(`/userGroup/${groupId}/message`), {
    headers: bearer(token),
    data: {
      body,
      isPrivate: options.isPrivate ?? Boolean(options.threadOf),
      ...(options.threadOf ? { threadOf: options.threadOf } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { message: PostedMessage }).message;
}
