import {
  untranslatedCount,
  type LocalisedText,
  type StudioCatalogueAnswer,
  type StudioDraftAnswer,
  type StudioPresenceAnswer,
  type StudioTopicSummary,
  type StudioVersionsAnswer,
  type Topic,
} from '@portal/domain';
import type { StoredCatalogue } from '../db/repositories/studio-catalogue';
import type { Editor } from '../db/repositories/studio-presence';
import type { StudioTopicRow } from '../db/repositories/studio-topics';
import type { TopicVersionEntry } from '../db/repositories/topic-versions';

/** Names of accounts by id, as the studio shows who changed what. */
export type AccountNames = ReadonlyMap<string, { first: string; last: string; username: string }>;

/** A draft as the use cases hand it over: `updatedBy` an account id. */
export interface StudioDraft {
  topic: Topic;
  version: number;
  publishedVersion: number | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

const fullName = (first: string, last: string, username: string) =>
  [first, last].filter(Boolean).join(' ') || username;

/** Who made a change: `{_id, name}`, or null for a pack import (or an account gone). */
export function personOf(id: string | null, names: AccountNames) {
  if (id === null) return null;
  const name = names.get(id);
  return name ? { _id: id, name: fullName(name.first, name.last, name.username) } : null;
}

/** A text by locale: a plain string is the same in each of the organisation's locales. */
export function byLocale(text: LocalisedText, locales: readonly string[]): Record<string, string> {
  if (typeof text === 'string') return Object.fromEntries(locales.map((l) => [l, text]));
  return Object.fromEntries(
    Object.entries(text).filter((entry): entry is [string, string] => entry[1] != null),
  );
}

export function presentStudioTopic(
  row: StudioTopicRow,
  names: AccountNames,
  locales: readonly string[],
): StudioTopicSummary {
  return {
    _id: row.id,
    name: byLocale(row.draft.name, locales),
    hasDraft: row.published === null || row.published.document !== row.draftDocument,
    publishedVersion: row.published?.version ?? null,
    archived: row.archived,
    updatedAt: row.updatedAt,
    updatedBy: personOf(row.updatedBy, names),
    untranslated: untranslatedCount(row.draft, locales),
  };
}

export function presentDraft(draft: StudioDraft, names: AccountNames): StudioDraftAnswer {
  return { ...draft, updatedBy: personOf(draft.updatedBy, names) };
}

export function presentVersions(
  entries: readonly TopicVersionEntry[],
  names: AccountNames,
): StudioVersionsAnswer {
  return {
    versions: entries.map((e) => ({
      version: e.version,
      publishedAt: e.publishedAt,
      publishedBy: personOf(e.publishedBy, names),
      note: e.note,
    })),
  };
}

export function presentEditors(editors: readonly Editor[]): StudioPresenceAnswer {
  return {
    editors: editors.map((e) => ({
      _id: e.userId,
      name: [e.first, e.last].filter(Boolean).join(' '),
      since: e.since,
    })),
  };
}

export function presentCatalogue(
  stored: StoredCatalogue,
  locales: readonly string[],
): StudioCatalogueAnswer {
  return {
    topicGroups: stored.topicGroups,
    userGroups: stored.userGroups.map((g) => ({
      _id: g.id,
      name: byLocale(g.name, locales),
      topics: g.topics,
    })),
    order: stored.order,
    version: stored.version,
  };
}
