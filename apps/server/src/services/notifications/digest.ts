import { localise } from '@portal/domain';
import {
  accountNames,
  activeAccounts,
  organisationsWithMessages,
  preferencesOfMany,
  unreadGroupMessages,
} from '../../db/repositories/notifications';
import { findOrganisationById } from '../../db/repositories/organisations';
import { findUserGroup } from '../../db/repositories/user-groups';
import { JOB_KINDS } from '../../jobs/kinds';
import type { JobKind } from '../../jobs/runner';
import {
  DAY_MS,
  DIGEST_HOUR_UTC,
  fullName,
  type DigestPayload,
  type NotificationsContext,
} from './context';
import { notice } from './sending';
import { digestText } from './texts';

/**
 * The digest of group messages: one sweep a day at 07:00 UTC, queued under its day's key
 * whichever process asks first; each member hears of what they did not read, once a day.
 */

export async function scheduleDigest(ctx: NotificationsContext, after = ctx.now()): Promise<void> {
  const at = new Date(after);
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), DIGEST_HOUR_UTC);
  const runAt = next > after ? next : next + DAY_MS;
  const day = new Date(runAt).toISOString().slice(0, 10);
  await ctx.jobs.enqueue(ctx.db, {
    kind: JOB_KINDS.digest,
    runAt,
    payload: { day } satisfies DigestPayload,
    idempotencyKey: `digest:${day}`,
  });
}

export function digestJob(ctx: NotificationsContext): JobKind<DigestPayload> {
  return {
    kind: JOB_KINDS.digest,
    maxAttempts: 6,
    handle: async ({ day }) => {
      await sweepDigest(ctx, day);
      await scheduleDigest(
        ctx,
        Date.parse(`${day}T${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00:00Z`),
      );
    },
  };
}

/**
 * The digests of `day`: to each member with group messages they have not read, of the day
 * before (daily) or, on a Monday, of the week before (weekly); one mail per member and day.
 * Returns how many were queued.
 */
export async function sweepDigest(ctx: NotificationsContext, day: string): Promise<number> {
  const to = Date.parse(`${day}T${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
  if (Number.isNaN(to)) return 0;
  const monday = new Date(to).getUTCDay() === 1;
  const dayFrom = new Date(to - DAY_MS).toISOString();
  const from = new Date(to - (monday ? 7 : 1) * DAY_MS).toISOString();
  const until = new Date(to).toISOString();
  let queued = 0;
  for (const orgId of await organisationsWithMessages(ctx.db, from, until)) {
    const org = await findOrganisationById(ctx.db, orgId);
    if (!org) continue;
    const lines = await unreadGroupMessages(ctx.db, org.id, from, until);
    const byMember = new Map<string, typeof lines>();
    for (const line of lines) {
      const list = byMember.get(line.member_id) ?? [];
      list.push(line);
      byMember.set(line.member_id, list);
    }
    const members = [...byMember.keys()];
    const stored = await preferencesOfMany(ctx.db, org.id, members);
    const authorIds = [...new Set(lines.map((l) => l.author_id))];
    const authors = new Map(
      (await accountNames(ctx.db, org.id, authorIds)).map((u) => [u.id, fullName(u)] as const),
    );
    const groupNames = new Map<string, string>();
    for (const groupId of new Set(lines.map((l) => l.group_id))) {
      const group = await findUserGroup(ctx.db, org.id, groupId);
      if (group) groupNames.set(groupId, localise(group.name, org.settings.locales[0] ?? 'en-US'));
    }
    for (let i = 0; i < members.length; i += 500) {
      const part = members.slice(i, i + 500);
      for (const member of await activeAccounts(ctx.db, org.id, part)) {
        const frequency = stored.get(member.id)?.preferences.digest ?? 'daily';
        if (frequency === 'never' || (frequency === 'weekly' && !monday)) continue;
        const mine = (byMember.get(member.id) ?? []).filter(
          (l) => frequency === 'weekly' || l.created_at >= dayFrom,
        );
        if (!mine.length) continue;
        const listed = mine.slice(0, 20).map((l) => {
          const text = [...l.body].length > 140 ? `${[...l.body].slice(0, 140).join('')}…` : l.body;
          return `${groupNames.get(l.group_id) ?? ''} · ${authors.get(l.author_id) ?? ''}: ${text}`;
        });
        const sent = await notice(
          ctx,
          org,
          { subject: member.id, email: member.email },
          'digest',
          `digest:${member.id}:${day}`,
          (locale) =>
            digestText(locale, {
              org: localise(org.settings.name, locale),
              weekly: frequency === 'weekly',
              lines: mine.length > 20 ? [...listed, `(+${mine.length - 20})`] : listed,
              href: ctx.links.page(org, '/'),
            }),
          { stored },
        );
        if (sent) queued++;
      }
    }
  }
  ctx.log.info({ day, queued }, 'digest of group messages queued');
  return queued;
}
