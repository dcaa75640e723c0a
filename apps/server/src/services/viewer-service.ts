import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import { grantsOf } from '../db/repositories/memberships';
import { signedInViewer, VISITOR, type Viewer } from '../policies';
import type { Session } from './session-service';

/**
 * How long a learner's groups are trusted before the database is asked again: as long as a
 * verified token (SessionService), so a burst of requests (saves) asks once a second.
 */
const TRUSTED_MS = 1_000;

/** Who is asking: a visitor without a session, else the learner with their groups and grants. */
export class ViewerService {
  private readonly recent = new LRUCache<string, Viewer>({ max: 10_000, ttl: TRUSTED_MS });

  constructor(private readonly db: Db) {}

  /** Forgets what is known of a learner, whose groups just changed (a purchase was fulfilled). */
  forget(orgId: string, userId: string): void {
    this.recent.delete(`${orgId}\u0000${userId}`);
  }

  async of(session: Session | null): Promise<Viewer> {
    if (!session) return VISITOR;
    const key = `${session.orgId}\u0000${session.userId}`;
    const hit = this.recent.get(key);
    if (hit) return hit;
    const viewer = signedInViewer(
      session.userId,
      await grantsOf(this.db, session.orgId, session.userId),
    );
    this.recent.set(key, viewer);
    return viewer;
  }
}
