import type { NotificationPreferences, UnsubscribeKind } from '@portal/domain';
import type { Mail } from '../../adapters/mail/mailer';
import { findUserByEmail } from '../../db/repositories/accounts';
import { emailSubject, preferencesOf } from '../../db/repositories/notifications';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import type { NoticeRecipient, NotificationsContext } from './context';
import { unsubscribeToken } from './preferences';
import { noticeMail, type NoticeContent } from './texts';

/** Preferences read once for many recipients (the digest), by subject. */
export interface SendOptions {
  hint?: string;
  stored?: Map<string, { preferences: NotificationPreferences; locale: string | null }>;
}

/**
 * Queues one notice, unless its kind is off for the recipient: written in their language (or
 * `hint`, or the organisation's first), under `key` (one mail per key, ever).
 */
export async function send(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  to: NoticeRecipient,
  kind: UnsubscribeKind,
  key: string,
  write: (locale: string, unsubscribe: { page: string; oneClick: string }) => Mail,
  options: {
    hint?: string;
    stored?: Map<string, { preferences: NotificationPreferences; locale: string | null }>;
  } = {},
): Promise<boolean> {
  const stored =
    options.stored?.get(to.subject) ??
    (options.stored ? undefined : await preferencesOf(ctx.db, org.id, to.subject));
  const preferences = stored?.preferences;
  if (preferences && (kind === 'digest' ? preferences.digest === 'never' : !preferences[kind]))
    return false;
  const wanted = stored?.locale ?? options.hint;
  const locale =
    wanted && org.settings.locales.includes(wanted) ? wanted : (org.settings.locales[0] ?? 'en-US');
  const token = await unsubscribeToken(ctx, org.id, to.subject, kind);
  const mail = write(locale, {
    page: ctx.links.page(org, `/unsubscribe/${token}`),
    oneClick: ctx.links.page(org, `/api/org/${org.alias}/unsubscribe/${token}`),
  });
  await ctx.mailer.send({ ...mail, key: `notice:${key}` });
  return true;
}

export function notice(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  to: NoticeRecipient,
  kind: UnsubscribeKind,
  key: string,
  content: (locale: string) => NoticeContent,
  options: SendOptions = {},
): Promise<boolean> {
  return send(
    ctx,
    org,
    to,
    kind,
    key,
    (locale, unsubscribe) =>
      noticeMail(org.settings, locale, to.email, kind, content(locale), unsubscribe),
    options,
  );
}

/** The subject of whoever holds `email` in the organisation: their account, or the address. */
export async function subjectOfEmail(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  email: string,
): Promise<string> {
  const user = await findUserByEmail(ctx.db, org.id, email);
  return user ? user.id : emailSubject(email);
}
