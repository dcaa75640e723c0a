import { z } from 'zod';
import { uploadedFileSchema } from '../auth';
import { workbookConflictSchema, workbookSchema } from '../workbook';
import { accountViewSchema } from './account';
import { bundleViewSchema } from './organisation';
import { scoresSchema } from './scores';
import { searchHitSchema } from './search';
import { contentViewSchema, topicViewSchema } from './topic';
import { joinedGroupSchema } from '../invitations';

/**
 * The envelopes of the API answers: each answer is one top-level key of the JSON body
 * (`{account}`, `{topic}`, …). `GET /api/org/{org}` is the exception: it answers the
 * organisation itself (organisationViewSchema).
 */

/** Login and signup: the token to send as `Authorization: Bearer <token>`. */
/**
 * A sign-in's token; `joined` names the group an invitation used with it joined (sign-up or
 * sign-in with `inviteId`), so the page can say so.
 */
export const tokenAnswerSchema = z.object({
  token: z.string(),
  joined: joinedGroupSchema.optional(),
});
/** Calls that only succeed or fail (logout, forgot and reset password, analytics). */
export const successAnswerSchema = z.object({ success: z.literal(true) });
export const accountAnswerSchema = z.object({ account: accountViewSchema });
/** `POST /{org}/invite/{inviteId}/accept`: the account, and the group the invitation joined. */
export const acceptInviteAnswerSchema = z.object({
  account: accountViewSchema,
  joined: joinedGroupSchema,
});
export const scoresAnswerSchema = z.object({ scores: scoresSchema });
/** The search's answer: the topics found, best first. */
export const topicsAnswerSchema = z.object({ topics: z.array(searchHitSchema) });
export const bundlesAnswerSchema = z.object({ bundles: z.array(bundleViewSchema) });
export const topicAnswerSchema = z.object({ topic: topicViewSchema });
export const contentAnswerSchema = z.object({ content: contentViewSchema });

/** The stored workbook with the version a save merged into and the time it was written. */
export const versionedWorkbookSchema = z.object({
  workbook: workbookSchema,
  version: z.number().int().min(0),
  updatedAt: z.string(),
  /** This server's clock as it answered: clients stamp their edits in it (design §8). */
  serverTime: z.string().optional(),
  /** A save's edits that lost to newer ones, each with why (design §8). */
  conflicts: z.array(workbookConflictSchema).optional(),
});
export const workbookAnswerSchema = z.object({ workbook: versionedWorkbookSchema });

/** Setting the profile picture: the stored file; removing it: `null`. */
export const fileAnswerSchema = z.object({ file: uploadedFileSchema });
export const removedFileAnswerSchema = z.object({ file: z.null() });
/** `GET /healthz`: the process is up. */
export const aliveAnswerSchema = z.object({ status: z.literal('ok') });
/** `GET /readyz`: the database answers. */
export const readyAnswerSchema = z.object({ status: z.literal('ready') });
/** `GET /api/host`: the organisation this host name picks. */
export const hostAnswerSchema = z.object({ org: z.string() });

export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;
export type AcceptInviteAnswer = z.infer<typeof acceptInviteAnswerSchema>;
export type SuccessAnswer = z.infer<typeof successAnswerSchema>;
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;
export type ScoresAnswer = z.infer<typeof scoresAnswerSchema>;
export type TopicsAnswer = z.infer<typeof topicsAnswerSchema>;
export type BundlesAnswer = z.infer<typeof bundlesAnswerSchema>;
export type TopicAnswer = z.infer<typeof topicAnswerSchema>;
export type ContentAnswer = z.infer<typeof contentAnswerSchema>;
export type VersionedWorkbook = z.infer<typeof versionedWorkbookSchema>;
export type WorkbookAnswer = z.infer<typeof workbookAnswerSchema>;
