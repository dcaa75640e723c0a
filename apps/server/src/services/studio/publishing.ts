import {
  errorText,
  type StudioSavedAnswer,
  type StudioVersionsAnswer,
  type Topic,
} from '@portal/domain';
import { readPackContent } from '../../db/repositories/content-packs';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { accountNames } from '../../db/repositories/studio-topics';
import { loadDraft, restoreVersion } from '../../db/repositories/topic-drafts';
import { listVersions, loadVersion, publishDraft } from '../../db/repositories/topic-versions';
import { assertMayAuthor, type Viewer } from '../../policies';
import { presentVersions } from '../../presenters/studio';
import { invalid, notFound } from '../errors';
import { reindexOrganisation } from '../search-index';
import { publishProblems } from './checks';
import { audit, contentChanged, isoNow, topicTarget, type StudioContext } from './context';
import { draftOf } from './drafts';

/**
 * Publishes the draft as a new version (the same version when nothing changed), with the note:
 * learners of every process read it within a second. Refused (400) when the pack as it would be
 * exported is invalid with it, or a formula names what does not exist or loops.
 */
export async function publish(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  note: string | undefined,
): Promise<{ publishedVersion: number }> {
  const author = assertMayAuthor(viewer);
  const draft = await loadDraft(ctx.db, org.id, topicId);
  if (!draft) throw notFound('studioTopicNotFound');
  const problems = publishProblems(
    org,
    await readPackContent(ctx.db, org.id),
    draft.topic,
    draft.isGeneral,
  );
  const first = Object.values(problems)[0];
  if (first !== undefined)
    throw invalid(
      errorText('studioCannotPublish', {
        problems: typeof first === 'object' && 'verbatim' in first ? first.verbatim : first,
      }),
      problems,
    );
  const at = isoNow(ctx);
  const published = await inTransaction(ctx.db, async (tx) => {
    const result = await publishDraft(tx, org.id, topicId, {
      by: author,
      at,
      note: note?.trim() || null,
    });
    if (!result) return null;
    if (result.isNew) {
      await reindexOrganisation(tx, { id: org.id, locales: org.settings.locales });
      await audit(tx, org, {
        actor: author,
        action: 'topic.publish',
        target: topicTarget(topicId),
        detail: { note: note?.trim() || null },
        before: { publishedVersion: result.version > 1 ? result.version - 1 : null },
        after: { publishedVersion: result.version },
        at,
      });
    }
    return result;
  });
  if (!published) throw notFound('studioTopicNotFound');
  if (published.isNew) await contentChanged(ctx, org, topicId);
  return { publishedVersion: published.version };
}

/** The topic's published versions, newest first, with who published each and the note. */
export async function versions(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
): Promise<StudioVersionsAnswer> {
  assertMayAuthor(viewer);
  const entries = await listVersions(ctx.db, org.id, topicId);
  if (!entries.length && !(await draftOf(ctx.db, org.id, topicId)))
    throw notFound('studioTopicNotFound');
  const names = await accountNames(
    ctx.db,
    org.id,
    entries.flatMap((e) => (e.publishedBy ? [e.publishedBy] : [])),
  );
  return presentVersions(entries, names);
}

/** One published version, to preview or compare with the draft. */
export async function version(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  number: number,
): Promise<{ topic: Topic; version: number }> {
  assertMayAuthor(viewer);
  const topic = await loadVersion(ctx.db, org.id, topicId, number);
  if (!topic) {
    if (!(await draftOf(ctx.db, org.id, topicId))) throw notFound('studioTopicNotFound');
    throw notFound(errorText('studioVersionNotFound', { version: number }));
  }
  return { topic, version: number };
}

/** Makes a published version the draft again (a new draft version: stale tabs are refused). */
export async function restore(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  number: number,
): Promise<StudioSavedAnswer> {
  const author = assertMayAuthor(viewer);
  const at = isoNow(ctx);
  const restored = await inTransaction(ctx.db, async (tx) => {
    const result = await restoreVersion(tx, org.id, topicId, number, { by: author, at });
    if (!result) return null;
    await audit(tx, org, {
      actor: author,
      action: 'topic.restore',
      target: topicTarget(topicId),
      detail: { from: number },
      before: { draftVersion: result.version - 1 },
      after: { draftVersion: result.version, restoredFrom: number },
      at,
    });
    return result;
  });
  if (!restored) {
    if (!(await draftOf(ctx.db, org.id, topicId))) throw notFound('studioTopicNotFound');
    throw notFound(errorText('studioVersionNotFound', { version: number }));
  }
  // The draft changed, not what learners read; caches of the topic let go all the same, so that
  // a preview built from the draft on any process reads the restored one.
  await contentChanged(ctx, org, topicId);
  return { topic: restored.topic as Topic, version: restored.version };
}
