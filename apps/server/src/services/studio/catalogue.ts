import { errorText, type StudioCatalogueAnswer, type TopicGroup } from '@portal/domain';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { loadCatalogue, packGroupIds, saveCatalogue } from '../../db/repositories/studio-catalogue';
import { markContentChanged, studioTopicRows } from '../../db/repositories/studio-topics';
import { assertMayAuthor, type Viewer } from '../../policies';
import { presentCatalogue } from '../../presenters/studio';
import { conflict, invalid, type ErrorsFor } from '../errors';
import { audit, contentChanged, isoNow, type StudioContext } from './context';

/** Topic groups with their topics in order, the topics' order, and the grants of user groups. */
export async function catalogue(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
): Promise<StudioCatalogueAnswer> {
  assertMayAuthor(viewer);
  return presentCatalogue(await loadCatalogue(ctx.db, org.id), org.settings.locales);
}

export interface CatalogueSave {
  topicGroups: TopicGroup[];
  grants: Record<string, string[]>;
  order: string[];
  version: number;
}

/** What a save names that the organisation does not have, by JSON path. */
function unknownIds(
  body: CatalogueSave,
  topicIds: ReadonlySet<string>,
  groupIds: ReadonlySet<string>,
): ErrorsFor {
  const problems: Record<string, ErrorsFor[string]> = {};
  const seenGroups = new Set<string>();
  body.topicGroups.forEach((group, g) => {
    if (seenGroups.has(group._id))
      problems[`topicGroups.${g}._id`] = { verbatim: `duplicate topic group id "${group._id}"` };
    seenGroups.add(group._id);
    group.topics.forEach((id, i) => {
      if (!topicIds.has(id))
        problems[`topicGroups.${g}.topics.${i}`] = errorText('studioUnknownTopic', { id });
    });
  });
  for (const [groupId, topics] of Object.entries(body.grants)) {
    if (!groupIds.has(groupId)) {
      problems[`grants.${groupId}`] = errorText('studioUnknownGroup', { id: groupId });
      continue;
    }
    topics.forEach((id, i) => {
      if (!topicIds.has(id))
        problems[`grants.${groupId}.${i}`] = errorText('studioUnknownTopic', { id });
    });
  }
  body.order.forEach((id, i) => {
    if (!topicIds.has(id)) problems[`order.${i}`] = errorText('studioUnknownTopic', { id });
  });
  return problems;
}

/**
 * Saves the topic groups, the order of the topics and the grants, at the version last read
 * (409 when someone saved since, nothing applied). Learners see the new catalogue at once.
 */
export async function saveCatalogueOf(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  body: CatalogueSave,
): Promise<StudioCatalogueAnswer> {
  const author = assertMayAuthor(viewer);
  const [topics, groups] = await Promise.all([
    studioTopicRows(ctx.db, org.id),
    packGroupIds(ctx.db, org.id),
  ]);
  const problems = unknownIds(body, new Set(topics.map((t) => t.id)), groups);
  const first = Object.entries(problems)[0];
  if (first)
    throw invalid(
      errorText('invalidField', {
        field: first[0],
        reason:
          typeof first[1] === 'object' && 'verbatim' in first[1] ? first[1].verbatim : first[1],
      }),
      problems,
    );
  const at = isoNow(ctx);
  const saved = await inTransaction(ctx.db, async (tx) => {
    const previous = await loadCatalogue(tx, org.id);
    const ok = await saveCatalogue(
      tx,
      org.id,
      {
        topicGroups: body.topicGroups,
        grants: body.grants,
        order: body.order,
        expectedVersion: body.version,
      },
      at,
    );
    if (!ok) return false;
    await markContentChanged(tx, org.id, at);
    await audit(tx, org, {
      actor: author,
      action: 'catalogue.save',
      target: 'catalogue',
      detail: {},
      before: {
        version: previous.version,
        topicGroups: previous.topicGroups.map((g) => ({ _id: g._id, topics: g.topics })),
        order: previous.order,
        grants: Object.fromEntries(previous.userGroups.map((g) => [g.id, g.topics])),
      },
      after: {
        version: body.version + 1,
        topicGroups: body.topicGroups.map((g) => ({ _id: g._id, topics: g.topics })),
        order: body.order,
        grants: body.grants,
      },
      at,
    });
    return true;
  });
  if (!saved) throw conflict('studioCatalogueStale');
  // Grants change what learners may open: their viewers are trusted for a second only.
  await contentChanged(ctx, org);
  return catalogue(ctx, org, viewer);
}
