import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  UNSUBSCRIBE_KINDS,
  type NotificationPreferences,
  type RouteAnswer,
  type RouteBody,
  type UnsubscribeKind,
} from '@portal/domain';
import { findUser } from '../../db/repositories/accounts';
import {
  notificationSecret,
  preferencesOf,
  savePreferences,
} from '../../db/repositories/notifications';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { notFound } from '../errors';
import { iso, type NotificationsContext } from './context';

/**
 * The learner's preferences, and the unsubscribe links: `{kind and subject, base64url}.{HMAC}`
 * under the organisation's own key, so a link works on its organisation only and cannot be made
 * for another address.
 */

/** a***@example.com: enough to recognise one's address, not enough to learn someone's. */
const hiddenEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export async function mine(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  userId: string,
): Promise<RouteAnswer<'myNotifications'>> {
  return { preferences: (await preferencesOf(ctx.db, org.id, userId)).preferences };
}

/** Changes what is sent; the notices are then written in `locale` (the profile's language). */
export async function save(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  userId: string,
  body: RouteBody<'saveNotifications'>,
  locale: string,
): Promise<RouteAnswer<'saveNotifications'>> {
  const { preferences } = await preferencesOf(ctx.db, org.id, userId);
  const next: NotificationPreferences = { ...preferences, ...body };
  const lang = org.settings.locales.includes(locale) ? locale : undefined;
  await savePreferences(ctx.db, org.id, userId, next, lang, iso(ctx));
  return { preferences: next };
}

/** What a link stops (nothing changes: mail scanners follow links). */
export async function unsubscribeLink(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  token: string,
): Promise<RouteAnswer<'unsubscribeLink'>> {
  const { subject, kind } = await readToken(ctx, org, token);
  const { preferences } = await preferencesOf(ctx.db, org.id, subject);
  return {
    unsubscribe: {
      kind,
      email: await addressOf(ctx, org, subject),
      stopped: kind === 'digest' ? preferences.digest === 'never' : !preferences[kind],
    },
  };
}

/** Stops what the link names: the kind off, or the digest never (idempotent). */
export async function unsubscribe(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  token: string,
): Promise<RouteAnswer<'unsubscribe'>> {
  const { subject, kind } = await readToken(ctx, org, token);
  const stored = await preferencesOf(ctx.db, org.id, subject);
  const next: NotificationPreferences =
    kind === 'digest'
      ? { ...stored.preferences, digest: 'never' }
      : { ...stored.preferences, [kind]: false };
  await savePreferences(ctx.db, org.id, subject, next, undefined, iso(ctx));
  ctx.log.info({ org: org.alias, kind }, 'a notice was unsubscribed by its link');
  return {
    unsubscribe: { kind, email: await addressOf(ctx, org, subject), stopped: true },
  };
}

export async function addressOf(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  subject: string,
): Promise<string> {
  if (subject.startsWith('email:')) return hiddenEmail(subject.slice('email:'.length));
  const user = await findUser(ctx.db, org.id, subject);
  return user ? hiddenEmail(user.email) : '';
}

export async function signature(
  ctx: NotificationsContext,
  orgId: string,
  signed: string,
): Promise<Buffer> {
  const secret = await notificationSecret(ctx.db, orgId);
  return createHmac('sha256', secret).update(`${orgId}\u0000${signed}`).digest().subarray(0, 16);
}

/** `{kind and subject, base64url}.{HMAC-SHA256, first 128 bits}`: short enough for a path. */
export async function unsubscribeToken(
  ctx: NotificationsContext,
  orgId: string,
  subject: string,
  kind: UnsubscribeKind,
): Promise<string> {
  const signed = Buffer.from(`${UNSUBSCRIBE_KINDS.indexOf(kind)}${subject}`).toString('base64url');
  return `${signed}.${(await signature(ctx, orgId, signed)).toString('base64url')}`;
}

export async function readToken(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  token: string,
): Promise<{ subject: string; kind: UnsubscribeKind }> {
  const refused = () => notFound('unsubscribeLinkInvalid');
  const [signed = '', mac = ''] = token.split('.');
  const expected = await signature(ctx, org.id, signed);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  const text = Buffer.from(signed, 'base64url').toString('utf8');
  const kind = UNSUBSCRIBE_KINDS[Number(text.slice(0, 1))];
  const subject = text.slice(1);
  if (!kind || !subject) throw refused();
  return { subject, kind };
}
