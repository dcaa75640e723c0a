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

  /** Lookups under way: requests of one learner at the same moment share one query. */
  private readonly pending = new Map<string, Promise<Viewer>>();

  constructor(private readonly db: Db) {}

  /** Forgets what is known of a learner, whose groups just changed (a purchase was fulfilled). */
  forget(orgId: string, userId: string): void {
    const key = `${orgId}\u0000${userId}`;
    this.recent.delete(key);
    this.pending.delete(key);
  }

  async of(session: Session | null): Promise<Viewer> {
    if (!session) return VISITOR;
    const key = `${session.orgId}\u0000${session.userId}`;
    const hit = this.recent.get(key);
    if (hit) return hit;
    let lookup = this.pending.get(key);
    if (!lookup) {
      const started = grantsOf(this.db, session.orgId, session.userId).then((grants) => {
        const viewer = signedInViewer(session.userId, grants);
        // Not when the learner was forgotten meanwhile: their groups changed after this query.
        if (this.pending.get(key) === started) this.recent.set(key, viewer);
        return viewer;
      });
      lookup = started.finally(() => {
        if (this.pending.get(key) === started) this.pending.delete(key);
      });
      this.pending.set(key, started);
    }
    return lookup;
  }
}
