import type { StudioPresenceAnswer } from '@portal/domain';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { beat, editorsOf, forgetPresence } from '../../db/repositories/studio-presence';
import { assertMayAuthor, type Viewer } from '../../policies';
import { presentEditors } from '../../presenters/studio';
import { notFound } from '../errors';
import type { StudioContext } from './context';
import { draftOf } from './drafts';

/** An author is "here" for this long after a heartbeat (the studio beats every 15 s). */
export const PRESENCE_WINDOW_MS = 45_000;

/**
 * A heartbeat of the author on the topic: answers the other authors seen on it within the window.
 * Heartbeats are rows of the database, so authors served by different processes see each other.
 */
export async function presence(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
): Promise<StudioPresenceAnswer> {
  const author = assertMayAuthor(viewer);
  if (!(await draftOf(ctx.db, org.id, topicId))) throw notFound('studioTopicNotFound');
  const now = ctx.now();
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - PRESENCE_WINDOW_MS).toISOString();
  await beat(ctx.db, org.id, topicId, author, at, windowStart);
  // Old heartbeats go now and then (about one heartbeat in fifty), never on every call.
  if (Math.random() < 0.02) await forgetPresence(ctx.db, org.id, windowStart);
  return presentEditors(await editorsOf(ctx.db, org.id, topicId, windowStart, author));
}
