import {
  errorText,
  type StudioDraftAnswer,
  type StudioTopicsAnswer,
  type Topic,
} from '@portal/domain';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { accountNames, studioTopicRows, topicIdTaken } from '../../db/repositories/studio-topics';
import { saveDraft } from '../../db/repositories/topic-drafts';
import { assertMayAuthor, type Viewer } from '../../policies';
import { presentStudioTopic } from '../../presenters/studio';
import { conflict } from '../errors';
import { sanitizeTopic } from '../html';
import { draftProblems } from './checks';
import { audit, isoNow, topicTarget, type StudioContext } from './context';
import { answerOf, refuseProblems } from './drafts';

/** Every topic of the organisation as the studio lists it: drafts, versions, archived. */
export async function list(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
): Promise<StudioTopicsAnswer> {
  assertMayAuthor(viewer);
  const rows = await studioTopicRows(ctx.db, org.id);
  const names = await accountNames(
    ctx.db,
    org.id,
    rows.flatMap((r) => (r.updatedBy ? [r.updatedBy] : [])),
  );
  return {
    topics: rows
      .filter((r) => !r.isGeneral)
      .map((row) => presentStudioTopic(row, names, org.settings.locales)),
    general: rows.find((r) => r.isGeneral)?.id ?? null,
  };
}

/** Creates a topic: its draft, version 1, unpublished; 409 when the id is taken. */
export async function create(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  input: Topic,
): Promise<StudioDraftAnswer> {
  const author = assertMayAuthor(viewer);
  const topic = sanitizeTopic(input);
  refuseProblems(draftProblems(org, topic));
  const at = isoNow(ctx);
  const saved = await inTransaction(ctx.db, async (tx) => {
    if (await topicIdTaken(tx, org.id, topic._id)) return null;
    const result = await saveDraft(
      tx,
      org.id,
      { topicId: topic._id, topic, expectedVersion: 0, isGeneral: false },
      { by: author, at },
    );
    if (!result.ok) return null;
    await audit(tx, org, {
      actor: author,
      action: 'topic.create',
      target: topicTarget(topic._id),
      detail: {},
      before: null,
      after: { draftVersion: result.version, name: topic.name },
      at,
    });
    return result.version;
  });
  if (saved === null) throw conflict(errorText('studioTopicExists', { id: topic._id }));
  return answerOf(ctx.db, org, {
    topic: JSON.parse(JSON.stringify(topic)) as Topic,
    version: saved,
    publishedVersion: null,
    updatedAt: at,
    updatedBy: author,
  });
}
