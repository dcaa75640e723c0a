import { z } from 'zod';
import { idSchema, topicGroupSchema, topicSchema } from '../content-pack';

/**
 * The authoring studio's API (docs/design.md §14), under `/api/org/{org}/studio`: authors and
 * organisation administrators only. Topics travel in the content-pack shape, every locale and
 * the correct values included.
 */

/** A draft's save counter: a save names the version it changes (0: no draft stored yet). */
export const draftVersionSchema = z.int().min(0).max(1_000_000_000);
/** A published version's number. */
export const publishedVersionSchema = z.int().min(1).max(1_000_000_000);

/** Who made a change, as the studio names them. */
export const studioPersonSchema = z.object({ _id: z.string(), name: z.string() });

export const studioTopicSummarySchema = z.object({
  _id: z.string(),
  name: z.record(z.string(), z.string()),
  /** The draft differs from what learners read (or nothing is published yet). */
  hasDraft: z.boolean(),
  publishedVersion: z.int().nullable(),
  archived: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: studioPersonSchema.nullable(),
  /** Texts of the draft left empty in one of the organisation's locales. */
  untranslated: z.int().min(0),
});
export const studioTopicsAnswerSchema = z.object({
  topics: z.array(studioTopicSummarySchema),
  /** The general topic's id, when the organisation has one. */
  general: z.string().nullable(),
});

/** The draft as the studio edits it. */
export const studioDraftAnswerSchema = z.object({
  topic: topicSchema,
  version: draftVersionSchema,
  publishedVersion: z.int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: studioPersonSchema.nullable(),
});
export const studioCreateTopicBodySchema = z.object({ topic: topicSchema });
export const studioSaveTopicBodySchema = z.object({
  topic: topicSchema,
  version: draftVersionSchema,
});
/** A saved draft; also the body of a 409 (with `errors`): the draft as stored, nothing applied. */
export const studioSavedAnswerSchema = z.object({
  topic: topicSchema,
  version: draftVersionSchema,
});

export const studioPublishBodySchema = z.object({ note: z.string().trim().max(500).optional() });
export const studioPublishAnswerSchema = z.object({ publishedVersion: publishedVersionSchema });

export const studioVersionsAnswerSchema = z.object({
  versions: z.array(
    z.object({
      version: publishedVersionSchema,
      publishedAt: z.string(),
      publishedBy: studioPersonSchema.nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export const studioVersionAnswerSchema = z.object({
  topic: topicSchema,
  version: publishedVersionSchema,
});
export const studioRestoreBodySchema = z.object({ version: publishedVersionSchema });

export const studioArchiveBodySchema = z.object({ archived: z.boolean() });
export const studioArchiveAnswerSchema = z.object({ archived: z.boolean() });

/** How many learners have a stored answer, per field id. */
export const studioAnswerCountsAnswerSchema = z.object({
  fields: z.record(z.string(), z.int().min(0)),
});

/** The other authors seen on the topic in the last 45 s (a heartbeat every 15 s). */
export const studioPresenceAnswerSchema = z.object({
  editors: z.array(studioPersonSchema.extend({ since: z.string() })),
});

/** Topic groups (their topics in order), the topics' order, and which user groups grant which topics. */
export const studioCatalogueAnswerSchema = z.object({
  topicGroups: z.array(topicGroupSchema),
  userGroups: z.array(
    z.object({
      _id: z.string(),
      name: z.record(z.string(), z.string()),
      topics: z.array(z.string()),
    }),
  ),
  order: z.array(z.string()),
  version: draftVersionSchema,
});
export const studioCatalogueBodySchema = z.object({
  topicGroups: z.array(topicGroupSchema).max(1_000),
  order: z.array(idSchema).max(20_000),
  grants: z.record(idSchema, z.array(idSchema).max(20_000)),
  version: draftVersionSchema,
});

export const studioVersionParamsSchema = z.object({
  version: z.coerce.number().pipe(publishedVersionSchema),
});

export type StudioTopicSummary = z.infer<typeof studioTopicSummarySchema>;
export type StudioTopicsAnswer = z.infer<typeof studioTopicsAnswerSchema>;
export type StudioDraftAnswer = z.infer<typeof studioDraftAnswerSchema>;
export type StudioSavedAnswer = z.infer<typeof studioSavedAnswerSchema>;
export type StudioVersionsAnswer = z.infer<typeof studioVersionsAnswerSchema>;
export type StudioCatalogueAnswer = z.infer<typeof studioCatalogueAnswerSchema>;
export type StudioPresenceAnswer = z.infer<typeof studioPresenceAnswerSchema>;
