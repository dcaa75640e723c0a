import type { AuditAction } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import { insertAuditEvent, type AuditEvent } from '../../db/repositories/audit-events';
import type { Executor } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';

/** What the studio's use cases share. */
export interface StudioContext {
  db: Db;
  caches: Caches;
  log: FastifyBaseLogger;
  /** The clock (tests move it: presence windows). */
  now: () => Date;
}

export const isoNow = (ctx: StudioContext) => ctx.now().toISOString();

/** The audit actions of the studio (docs/decisions.md, Authoring studio): all but the CLI's. */
export type StudioAction = Exclude<AuditAction, 'pack.import'>;

/**
 * Writes the audit event of a change, in the transaction that makes it: the one way the studio
 * records who did what.
 */
export function audit(
  tx: Executor,
  org: OrganisationRecord,
  event: Omit<AuditEvent, 'action'> & { action: StudioAction },
): Promise<void> {
  return insertAuditEvent(tx, org.id, event);
}

export const topicTarget = (topicId: string) => `topic:${topicId}`;

/**
 * Says that the organisation's content changed (a topic, or all of it): every process drops what
 * it cached of it within a second (the bus), this one before this returns.
 */
export async function contentChanged(
  ctx: StudioContext,
  org: OrganisationRecord,
  topicId?: string,
): Promise<void> {
  await ctx.caches.changed({
    content: topicId === undefined ? { org: org.id } : { org: org.id, topic: topicId },
  });
}
