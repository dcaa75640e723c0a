import { z } from 'zod';
import { organisationSettingsSchema } from '../content-pack';
import {
  draftVersionSchema,
  publishedVersionSchema,
  studioPublishBodySchema,
  studioRestoreBodySchema,
  studioVersionsAnswerSchema,
} from './studio';

/**
 * The console's settings (docs/design.md §14, §15): the organisation's own settings, drafted,
 * published in numbered versions and restored like a topic. The alias is the organisation's
 * name on the server: shown, never changed here.
 */
export const adminSettingsSchema = organisationSettingsSchema.omit({ alias: true });
export type AdminSettings = z.output<typeof adminSettingsSchema>;

export const adminSettingsAnswerSchema = z.object({
  alias: z.string(),
  settings: adminSettingsSchema,
  /** The draft's version: a save names it, and is refused (409) when another came first. */
  version: draftVersionSchema,
  /** The version learners see. */
  publishedVersion: publishedVersionSchema,
  /** The draft differs from the published settings. */
  hasChanges: z.boolean(),
});
export type AdminSettingsAnswer = z.output<typeof adminSettingsAnswerSchema>;

export const adminSaveSettingsBodySchema = z.object({
  settings: adminSettingsSchema,
  version: draftVersionSchema,
});

export const adminPublishSettingsBodySchema = studioPublishBodySchema;
export const adminPublishSettingsAnswerSchema = z.object({
  publishedVersion: publishedVersionSchema,
});
export const adminSettingsVersionsAnswerSchema = studioVersionsAnswerSchema;
export const adminRestoreSettingsBodySchema = studioRestoreBodySchema;
