import type { AuditEventView } from '@portal/domain';
import type { StoredAuditEvent } from '../db/repositories/audit-events';

/** An audit event as the console shows it: the actor named (null: the system). */
export function presentAuditEvent(event: StoredAuditEvent): AuditEventView {
  const actor = event.actor;
  return {
    _id: event.id,
    at: event.at,
    actor: actor && {
      _id: actor.id,
      name: `${actor.first} ${actor.last}`.trim() || actor.username,
      username: actor.username,
    },
    action: event.action,
    target: event.target,
    before: event.before,
    after: event.after,
  };
}
