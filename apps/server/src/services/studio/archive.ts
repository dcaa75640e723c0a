import type { OrganisationRecord } from '../../db/repositories/organisations';
import { inTransaction } from '../../db/repositories/executor';
import { isArchived, markContentChanged, setArchived } from '../../db/repositories/studio-topics';
import { assertMayAuthor, type Viewer } from '../../policies';
import { notFound } from '../errors';
import { reindexOrganisation } from '../search-index';
import { audit, contentChanged, isoNow, topicTarget, type StudioContext } from './context';

/**
 * Archives a topic (hidden from learners everywhere: catalogue, search, its page; their answers
 * stay) or brings it back. Listed apart in the studio; left out of exported packs.
 */
export async function archive(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  archived: boolean,
): Promise<{ archived: boolean }> {
  const author = assertMayAuthor(viewer);
  const at = isoNow(ctx);
  const done = await inTransaction(ctx.db, async (tx) => {
    const before = await isArchived(tx, org.id, topicId);
    if (before === null) return false;
    if (before === archived) return true;
    await setArchived(tx, org.id, topicId, archived);
    await markContentChanged(tx, org.id, at);
    await reindexOrganisation(tx, { id: org.id, locales: org.settings.locales });
    await audit(tx, org, {
      actor: author,
      action: archived ? 'topic.archive' : 'topic.unarchive',
      target: topicTarget(topicId),
      detail: {},
      before: { archived: before },
      after: { archived },
      at,
    });
    return true;
  });
  if (!done) throw notFound('studioTopicNotFound');
  await contentChanged(ctx, org, topicId);
  return { archived };
}
