import type { Caches, NamedCache } from '../cache';
import type { Db } from '../db/database';
import { viewerFactsOf } from '../db/repositories/memberships';
import { signedInViewer, VISITOR, type Viewer } from '../policies';
import type { Session } from './session-service';

/**
 * How long a learner's groups are trusted before the database is asked again: as long as a
 * verified token (SessionService), so a burst of requests (saves) asks once a second. A change
 * made through a service (`forget`) is seen at once on every process.
 */
const TRUSTED_MS = 1_000;

/** Who is asking: a visitor without a session, else the learner with their groups and grants. */
export class ViewerService {
  private readonly recent: NamedCache<Session, Viewer>;

  constructor(
    db: Db,
    private readonly caches: Caches,
  ) {
    this.recent = caches.define('viewers', {
      max: 10_000,
      ttlMs: TRUSTED_MS,
      key: ({ orgId, userId }) => `${orgId}\u0000${userId}`,
      load: async ({ orgId, userId }) => {
        const { grants, roles } = await viewerFactsOf(db, orgId, userId);
        return signedInViewer(userId, grants, roles);
      },
      dependsOn: ({ orgId, userId }) => [{ viewer: { org: orgId, user: userId } }],
    });
  }

  /**
   * Forgets what is known of a learner whose groups just changed (a purchase was fulfilled): in
   * this process at once, in the others as soon as the bus carries it (not waited for).
   */
  forget(orgId: string, userId: string): void {
    void this.caches.changed({ viewer: { org: orgId, user: userId } });
  }

  async of(session: Session | null): Promise<Viewer> {
    if (!session) return VISITOR;
    const viewer = await this.recent.get(session);
    if (!viewer) throw new Error('a viewer was not read');
    return viewer;
  }
}
