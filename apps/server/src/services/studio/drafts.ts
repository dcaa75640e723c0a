import {
  errorText,
  type StudioDraftAnswer,
  type StudioSavedAnswer,
  type Topic,
} from '@portal/domain';
import type { Executor } from '../../db/repositories/executor';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { accountNames, publishedStateOf } from '../../db/repositories/studio-topics';
import { loadDraft, saveDraft } from '../../db/repositories/topic-drafts';
import { assertMayAuthor, type Viewer } from '../../policies';
import { presentDraft, type StudioDraft } from '../../presenters/studio';
import { DomainError, invalid, notFound } from '../errors';
import { sanitizeTopic } from '../html';
import { draftProblems, type TopicProblems } from './checks';
import { audit, isoNow, topicTarget, type StudioContext } from './context';

/** A 400 naming each problem by its JSON path in the topic, when there is any. */
export function refuseProblems(problems: TopicProblems, text = 'invalidField' as const): void {
  const first = Object.entries(problems)[0];
  if (!first) return;
  const [field, said] = first;
  const reason = typeof said === 'object' && 'verbatim' in said ? said.verbatim : said;
  throw invalid(errorText(text, { field, reason }), problems);
}

/**
 * The topic's draft; a topic published without one (a pack import before drafts) gets one made
 * from its published copy, at version 0 (its first save creates it). Null for an unknown topic.
 */
export async function draftOf(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<StudioDraft | null> {
  const [draft, published] = await Promise.all([
    loadDraft(db, orgId, topicId),
    publishedStateOf(db, orgId, topicId),
  ]);
  if (draft)
    return {
      topic: draft.topic,
      version: draft.version,
      publishedVersion: published?.version ?? null,
      updatedAt: draft.updatedAt,
      updatedBy: draft.updatedBy,
    };
  if (!published) return null;
  return {
    topic: JSON.parse(published.document) as Topic,
    version: 0,
    publishedVersion: published.version,
    updatedAt: null,
    updatedBy: null,
  };
}

/** Present a draft with its author's name. */
export async function answerOf(
  db: Executor,
  org: OrganisationRecord,
  draft: StudioDraft,
): Promise<StudioDraftAnswer> {
  const names = await accountNames(db, org.id, draft.updatedBy ? [draft.updatedBy] : []);
  return presentDraft(draft, names);
}

/** The topic's draft, correct values and every locale included. */
export async function get(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
): Promise<StudioDraftAnswer> {
  assertMayAuthor(viewer);
  const draft = await draftOf(ctx.db, org.id, topicId);
  if (!draft) throw notFound('studioTopicNotFound');
  return answerOf(ctx.db, org, draft);
}

/**
 * Saves the draft at the version the author last read. A stale save is refused (409) with the
 * draft as stored, and nothing of it is applied; an invalid topic is refused (400) with each
 * problem by its JSON path. Author HTML is sanitised as a pack import sanitises it.
 */
export async function save(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  body: { topic: Topic; version: number },
): Promise<StudioSavedAnswer> {
  const author = assertMayAuthor(viewer);
  const current = await draftOf(ctx.db, org.id, topicId);
  if (!current) throw notFound('studioTopicNotFound');
  if (body.topic._id !== topicId)
    throw invalid(errorText('studioTopicIdFixed', { id: topicId }), {
      _id: errorText('studioTopicIdFixed', { id: topicId }),
    });
  const topic = sanitizeTopic(body.topic);
  refuseProblems(draftProblems(org, topic));
  const at = isoNow(ctx);
  const result = await inTransaction(ctx.db, async (tx) => {
    const saved = await saveDraft(
      tx,
      org.id,
      { topicId, topic, expectedVersion: body.version },
      { by: author, at },
    );
    if (saved.ok)
      await audit(tx, org, {
        actor: author,
        action: 'topic.save',
        target: topicTarget(topicId),
        detail: {},
        before: { draftVersion: body.version },
        after: { draftVersion: saved.version },
        at,
      });
    return saved;
  });
  if (!result.ok) {
    const stored = result.current
      ? { topic: result.current.topic, version: result.current.version }
      : { topic: current.topic, version: current.version };
    throw new DomainError('conflict', 'studioDraftStale', { extra: stored });
  }
  return { topic, version: result.version };
}
