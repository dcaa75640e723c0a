import { z } from 'zod';
import { localeQueryObjectSchema, localeQuerySchema, orgParamsSchema } from '../api-schemas';
import { analyticsEventSchema } from '../analytics';
import {
  accountUpdateSchema,
  emailChangeBodySchema,
  emailConfirmBodySchema,
  forgotBodySchema,
  loginBodySchema,
  passwordChangeBodySchema,
  resetBodySchema,
  resetParamsSchema,
  signupBodySchema,
  uploadedFileSchema,
} from '../auth';
import { idSchema } from '../content-pack';
import {
  bulkInviteAnswerSchema,
  bulkInviteBodySchema,
  invitationAnswerSchema,
  invitationsAnswerSchema,
} from '../invitations';
import { purchaseBodySchema } from '../store/pricing';
import { WORKBOOK_MAX_BYTES, workbookSaveSchema } from '../workbook';
import {
  acceptInviteAnswerSchema,
  accountAnswerSchema,
  aliveAnswerSchema,
  bundlesAnswerSchema,
  contentAnswerSchema,
  fileAnswerSchema,
  hostAnswerSchema,
  readyAnswerSchema,
  removedFileAnswerSchema,
  scoresAnswerSchema,
  successAnswerSchema,
  tokenAnswerSchema,
  topicAnswerSchema,
  topicsAnswerSchema,
  workbookAnswerSchema,
} from './answers';
import {
  adminGroupsAnswerSchema,
  groupMembersAnswerSchema,
  memberReportAnswerSchema,
  membersQuerySchema,
} from './groups';
import {
  messageAnswerSchema,
  messagePostBodySchema,
  messageReadAnswerSchema,
  messageReadBodySchema,
  messagesAnswerSchema,
  messagesQuerySchema,
  messageThreadsAnswerSchema,
  threadIdSchema,
  unreadMessagesAnswerSchema,
} from './messages';
import { organisationViewSchema } from './organisation';
import { accountExportSchema, eraseAccountBodySchema } from './privacy';
import { knowRoutePaths, type RouteName } from './route-paths';
import { STUDIO_ROUTE_PATHS } from './studio-route-paths';
import { ADMIN_ROUTE_PATHS } from './admin-route-paths';
import { auditAnswerSchema, auditCsvQuerySchema, auditQuerySchema } from './admin';
import {
  adminPublishSettingsAnswerSchema,
  adminPublishSettingsBodySchema,
  adminRestoreSettingsBodySchema,
  adminSaveSettingsBodySchema,
  adminSettingsAnswerSchema,
  adminSettingsVersionsAnswerSchema,
} from './admin-settings';
import {
  consoleCreateGroupBodySchema,
  consoleGroupAdminBodySchema,
  consoleGroupSsoBodySchema,
  consoleSsoTestAnswerSchema,
  consoleSsoTestBodySchema,
  consoleGroupAdminParamsSchema,
  consoleGroupAnswerSchema,
  consoleGroupParamsSchema,
  consoleGroupsAnswerSchema,
  consoleSaveGroupBodySchema,
} from './admin-groups';
import {
  consoleBundleAnswerSchema,
  consoleBundleBodySchema,
  consoleBundleParamsSchema,
  consoleBundlesAnswerSchema,
} from './admin-bundles';
import {
  groupChangeBodySchema,
  importBodySchema,
  importDryRunAnswerSchema,
  importJobAnswerSchema,
  importParamsSchema,
  inviteBodySchema,
  peopleAnswerSchema,
  peopleQuerySchema,
  personAnswerSchema,
  personParamsSchema,
  rolesBodySchema,
} from './admin-people';
import {
  adminOrderAnswerSchema,
  adminOrderParamsSchema,
  adminOrdersAnswerSchema,
  adminOrdersQuerySchema,
  adminRefundAnswerSchema,
} from './admin-orders';
import {
  adminCertificateAnswerSchema,
  adminCertificatesAnswerSchema,
  adminCertificatesQuerySchema,
  certificateParamsSchema,
  myCertificatesAnswerSchema,
  openBadgeIssuerAnswerSchema,
  openBadgeKeysAnswerSchema,
  orgCertificateParamsSchema,
  revokeCertificateBodySchema,
  verifyAnswerSchema,
} from './certificates';
import { CERTIFICATE_ROUTE_PATHS } from './certificate-route-paths';
import { NOTIFICATION_ROUTE_PATHS } from './notification-route-paths';
import {
  notificationPreferencesAnswerSchema,
  saveNotificationPreferencesSchema,
  unsubscribeAnswerSchema,
  unsubscribeParamsSchema,
} from './notifications';
import {
  authorizationUrlAnswerSchema,
  oAuthCompleteBodySchema,
  oAuthLoginQuerySchema,
  oAuthPromptParamsSchema,
  oAuthUserPromptAnswerSchema,
} from './sso';
import { checkoutSessionAnswerSchema, orderAnswerSchema, ordersAnswerSchema } from './store';
import {
  studioAnswerCountsAnswerSchema,
  studioArchiveAnswerSchema,
  studioArchiveBodySchema,
  studioCatalogueAnswerSchema,
  studioCatalogueBodySchema,
  studioCreateTopicBodySchema,
  studioDraftAnswerSchema,
  studioPresenceAnswerSchema,
  studioPublishAnswerSchema,
  studioPublishBodySchema,
  studioRestoreBodySchema,
  studioSavedAnswerSchema,
  studioSaveTopicBodySchema,
  studioTopicsAnswerSchema,
  studioVersionAnswerSchema,
  studioVersionParamsSchema,
  studioVersionsAnswerSchema,
} from './studio';

/** The schemas of one route: what it takes (params, query, body, headers) and answers. */
export interface RouteSchemas {
  /** OpenAPI groups and one line of what the route does (served at /api/docs). */
  tags: readonly string[];
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The body of a 2xx answer; JSON unless `answerType` says otherwise. */
  answer: z.ZodType;
  answerType?:
    'text/event-stream' | 'text/csv' | 'text/plain' | 'application/pdf' | 'application/vc+jwt';
  /** The body is sent as multipart (files), not JSON. */
  multipart?: true;
  /** The error statuses it answers, each with the error body (docs/design.md §4). */
  errors: readonly number[];
}

/** An order id (`ord_…`). */
export const orderIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an order id');
/** An invitation id, as its link carries it. */
export const inviteIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an invitation id');
/** A worksheet's index in its topic. */
const worksheetIndex = z.coerce.number().int().min(0).max(1_000);

const topicParams = orgParamsSchema.extend({ topicId: idSchema });
const groupParams = orgParamsSchema.extend({ groupId: idSchema });
const orderParams = orgParamsSchema.extend({ orderId: orderIdSchema });
const inviteParams = groupParams.extend({ inviteId: inviteIdSchema });
const memberParams = groupParams.extend({ accountId: threadIdSchema });
const topicQuery = z.object({ locale: localeQuerySchema.optional() });
const contentRoute = {
  tags: ['topics'],
  summary: 'One content fragment (stored apart from its page), localised',
  params: orgParamsSchema.extend({ id: idSchema }),
  query: z.object({ parent: idSchema.optional(), locale: localeQuerySchema.optional() }),
  answer: contentAnswerSchema,
  errors: [400, 401, 403, 404],
} as const satisfies RouteSchemas;

const AUTH_ERRORS = [400, 401, 403, 404, 429] as const;
const ACCOUNT_ERRORS = [400, 401, 404] as const;
const LIMITED_ACCOUNT_ERRORS = [400, 401, 404, 429] as const;
const CLIENT_ERRORS = [400, 401, 403, 404] as const;
const WORKBOOK_ERRORS = [400, 401, 404, 413, 503] as const;
const STORE_ERRORS = [400, 401, 404, 409, 503] as const;
const GROUP_ERRORS = [400, 401, 403, 404, 409] as const;
const SSO_ERRORS = [400, 401, 404, 409, 429, 503] as const;
/** The studio: 401 without a session, 403 for anyone but authors and administrators. */
const STUDIO_ERRORS = [400, 401, 403, 404] as const;
const STUDIO_WRITE_ERRORS = [400, 401, 403, 404, 409, 413] as const;
const ADMIN_ERRORS = [400, 401, 403, 404] as const;
const ADMIN_WRITE_ERRORS = [400, 401, 403, 404, 409] as const;
/** A studio topic's body may be large (a 200-page topic): its own limit. */
export const STUDIO_TOPIC_MAX_BYTES = 8 * 1024 * 1024;

const signupRoute = {
  tags: ['auth'],
  summary: 'Create an account (with inviteId where self signup is disabled)',
  params: orgParamsSchema.extend({ suffix: z.string().max(100).optional() }),
  body: signupBodySchema,
  answer: tokenAnswerSchema,
  errors: AUTH_ERRORS,
} as const satisfies RouteSchemas;

/**
 * The schema half of the one route table (the other, `route-paths.ts`, gives each name its
 * method and path): the server registers and validates its routes from it and documents them
 * (/api/docs), the web parses answers with it, the contract test checks every answer against it.
 */
export const ROUTE_SCHEMAS = {
  alive: {
    tags: ['health'],
    summary: 'The process is up and not wedged (its event loop turns, no request is stuck)',
    answer: aliveAnswerSchema,
    errors: [503],
  },
  metrics: {
    tags: ['health'],
    summary:
      'Prometheus text (prom-client): requests by route pattern and status with durations, event-loop lag, open streams, the database pool, the job queue, mails and webhooks; with METRICS_TOKEN set, that bearer token is asked for',
    answer: z.string(),
    answerType: 'text/plain',
    errors: [401],
  },
  ready: {
    tags: ['health'],
    summary: 'The database answers (within 1.5 s), and the server is not shutting down',
    answer: readyAnswerSchema,
    errors: [503],
  },
  host: {
    tags: ['organisation'],
    summary: 'The organisation chosen by the host name of this request',
    answer: hostAnswerSchema,
    errors: [404],
  },
  organisation: {
    tags: ['organisation'],
    summary: 'The organisation, localised (falls back to en-US)',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: organisationViewSchema,
    errors: [400, 404],
  },
  bundles: {
    tags: ['store'],
    summary: 'Bundles of the store',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: bundlesAnswerSchema,
    errors: [400, 404],
  },
  login: {
    tags: ['auth'],
    summary: 'Sign in with username or email and password',
    params: orgParamsSchema,
    body: loginBodySchema,
    answer: tokenAnswerSchema,
    errors: AUTH_ERRORS,
  },
  signup: signupRoute,
  signupWithSuffix: signupRoute,
  forgotPassword: {
    tags: ['auth'],
    summary:
      'Mail a password reset link; the answer is the same whether or not the email has an account',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    body: forgotBodySchema,
    answer: successAnswerSchema,
    errors: AUTH_ERRORS,
  },
  resetPassword: {
    tags: ['auth'],
    summary: 'Set a new password with a reset link (works once, for one hour)',
    params: resetParamsSchema,
    body: resetBodySchema,
    answer: successAnswerSchema,
    errors: AUTH_ERRORS,
  },
  logout: {
    tags: ['auth'],
    summary: 'Revoke this sign-in token',
    params: orgParamsSchema,
    answer: successAnswerSchema,
    errors: AUTH_ERRORS,
  },
  account: {
    tags: ['account'],
    summary: 'The signed-in learner’s account',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: accountAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  updateAccount: {
    tags: ['account'],
    summary: 'Change names, phone, company or employee id (only what is sent)',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    body: accountUpdateSchema,
    answer: accountAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  setProfilePicture: {
    tags: ['account'],
    summary: 'Use an uploaded image (from POST /api/upload) as the profile picture',
    params: orgParamsSchema,
    body: uploadedFileSchema,
    answer: fileAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  removeProfilePicture: {
    tags: ['account'],
    summary: 'Remove the profile picture',
    params: orgParamsSchema,
    answer: removedFileAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  changePassword: {
    tags: ['account'],
    summary: 'Change the password with the current one; every other session of the account ends',
    params: orgParamsSchema,
    body: passwordChangeBodySchema,
    answer: successAnswerSchema,
    errors: LIMITED_ACCOUNT_ERRORS,
  },
  changeEmail: {
    tags: ['account'],
    summary: 'Ask for a new email: a confirmation link goes to it, a notice to the current one',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    body: emailChangeBodySchema,
    answer: successAnswerSchema,
    errors: LIMITED_ACCOUNT_ERRORS,
  },
  confirmEmail: {
    tags: ['account'],
    summary: 'Confirm a new email with the link mailed to it (works once, for 24 hours)',
    params: orgParamsSchema,
    body: emailConfirmBodySchema,
    answer: successAnswerSchema,
    errors: LIMITED_ACCOUNT_ERRORS,
  },
  exportAccount: {
    tags: ['account'],
    summary:
      'Everything the portal holds about the signed-in learner, as one JSON document (design §18)',
    params: orgParamsSchema,
    answer: accountExportSchema,
    errors: ACCOUNT_ERRORS,
  },
  eraseAccount: {
    tags: ['account'],
    summary:
      'Erase the signed-in account, with its password or within 10 minutes of signing in: personal data, answers and uploads go; orders stay without the name; its messages read "deleted"',
    params: orgParamsSchema,
    body: eraseAccountBodySchema,
    answer: successAnswerSchema,
    errors: [400, 401, 403, 404, 409, 429],
  },
  upload: {
    tags: ['upload'],
    summary: 'Upload one file (multipart: file, tags, upload_preset)',
    multipart: true,
    answer: uploadedFileSchema,
    errors: [400, 401, 404, 413, 415, 429],
  },
  workbook: {
    tags: ['workbook'],
    summary: 'The signed-in learner’s workbook',
    params: orgParamsSchema,
    answer: workbookAnswerSchema,
    errors: WORKBOOK_ERRORS,
  },
  saveWorkbook: {
    tags: ['workbook'],
    summary: `Save the workbook, merged field by field with the stored one (at most ${WORKBOOK_MAX_BYTES} bytes)`,
    params: orgParamsSchema,
    body: z.object({ workbook: workbookSaveSchema }),
    answer: workbookAnswerSchema,
    errors: WORKBOOK_ERRORS,
  },
  topic: {
    tags: ['topics'],
    summary:
      'A topic with its pages, fragments and fields, localised; "general" is the general topic',
    params: topicParams,
    query: topicQuery,
    answer: topicAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  unlockingBundles: {
    tags: ['topics', 'store'],
    summary:
      'The bundles that would open a topic the viewer may not see (none for one they may): what its private-topic screen offers',
    params: topicParams,
    query: topicQuery,
    answer: bundlesAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  content: contentRoute,
  contentSlash: contentRoute,
  grade: {
    tags: ['grades'],
    summary: 'Scores of one worksheet of a topic: score, total and a summary by page',
    params: topicParams.extend({ index: worksheetIndex }),
    answer: scoresAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  search: {
    tags: ['search'],
    summary:
      'Topics whose names, descriptions, page names or page text hold every word (3 characters at least), ranked',
    params: orgParamsSchema,
    query: z.object({
      keywords: z.string().max(200).default(''),
      locale: localeQuerySchema.optional(),
      topicGroup: idSchema.optional(),
    }),
    answer: topicsAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  analyticsEvent: {
    tags: ['analytics'],
    summary:
      'Record an analytics event (UPLOAD_FILE: category UPLOAD, email, fileName, topicName, pageName)',
    params: orgParamsSchema,
    body: analyticsEventSchema,
    answer: successAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  purchase: {
    tags: ['store'],
    summary:
      'Buy seats of a bundle: makes a pending order priced by the server and answers where to pay',
    params: orgParamsSchema.extend({ bundleId: idSchema }),
    query: localeQueryObjectSchema,
    body: purchaseBodySchema,
    answer: checkoutSessionAnswerSchema,
    errors: [429, ...STORE_ERRORS],
  },
  orders: {
    tags: ['store'],
    summary: 'The signed-in learner’s orders, newest first',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: ordersAnswerSchema,
    errors: STORE_ERRORS,
  },
  order: {
    tags: ['store'],
    summary: 'One of the signed-in learner’s orders',
    params: orderParams,
    query: localeQueryObjectSchema,
    answer: orderAnswerSchema,
    errors: STORE_ERRORS,
  },
  payOrder: {
    tags: ['store'],
    summary:
      'The local checkout’s Pay button (PAYMENTS=local only): fulfils the order through the provider path',
    params: orderParams,
    query: localeQueryObjectSchema,
    answer: orderAnswerSchema,
    errors: STORE_ERRORS,
  },
  cancelOrder: {
    tags: ['store'],
    summary: 'Cancel a pending order (a fulfilled one answers 409)',
    params: orderParams,
    query: localeQueryObjectSchema,
    answer: orderAnswerSchema,
    errors: STORE_ERRORS,
  },
  acceptInvite: {
    tags: ['invitations'],
    summary:
      'The signed-in learner uses an invitation and joins its group (409 when already a member)',
    params: orgParamsSchema.extend({ inviteId: inviteIdSchema }),
    query: localeQueryObjectSchema,
    answer: acceptInviteAnswerSchema,
    errors: GROUP_ERRORS,
  },
  ssoPrompt: {
    tags: ['auth'],
    summary: 'The prompt of a user group’s single sign-on screen, localised',
    params: oAuthPromptParamsSchema,
    query: localeQueryObjectSchema,
    answer: oAuthUserPromptAnswerSchema,
    errors: SSO_ERRORS,
  },
  ssoStart: {
    tags: ['auth'],
    summary:
      'Start a single sign-on: the provider’s login address (PKCE, state, nonce); sets the flow cookie',
    params: orgParamsSchema,
    query: oAuthLoginQuerySchema,
    answer: authorizationUrlAnswerSchema,
    errors: SSO_ERRORS,
  },
  ssoComplete: {
    tags: ['auth'],
    summary:
      'Finish a single sign-on with the callback’s code: the same token as a password sign-in',
    params: orgParamsSchema,
    body: oAuthCompleteBodySchema.extend({
      /** The callback's `iss` (RFC 9207), when the client passes it on. */
      iss: z.string().max(500).optional(),
      /** Link the identity to the signed-in account of the bearer token (design §11). */
      link: z.boolean().optional(),
    }),
    answer: tokenAnswerSchema,
    errors: SSO_ERRORS,
  },
  messages: {
    tags: ['messages'],
    summary:
      'A page of the group’s messages, newest first (isPrivate=true: the private threads the learner reads, or one with thread=)',
    params: groupParams,
    query: messagesQuerySchema,
    answer: messagesAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  postMessage: {
    tags: ['messages'],
    summary:
      'Post to the group, or privately: in the author’s own thread, or (administrators) in a member’s thread with threadOf',
    params: groupParams,
    query: localeQueryObjectSchema,
    body: messagePostBodySchema,
    answer: messageAnswerSchema,
    errors: [429, ...CLIENT_ERRORS],
  },
  unreadMessages: {
    tags: ['messages'],
    summary:
      'Per group of the learner, how many messages from others they may read arrived since they last read it',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: unreadMessagesAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  markMessagesRead: {
    tags: ['messages'],
    summary:
      'The learner has read the group’s messages up to now ({thread}: one private thread; {isPrivate: true}: their own)',
    params: groupParams,
    query: localeQueryObjectSchema,
    body: messageReadBodySchema,
    answer: messageReadAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  messageThreads: {
    tags: ['messages'],
    summary:
      'The group’s private threads, one per member, newest first, with what is unread in each (administrators only)',
    params: groupParams,
    query: localeQueryObjectSchema,
    answer: messageThreadsAnswerSchema,
    errors: CLIENT_ERRORS,
  },
  messageStream: {
    tags: ['messages'],
    summary: 'The group’s new messages, live (server-sent events)',
    params: groupParams,
    query: localeQueryObjectSchema,
    headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
    /** Each `data:` line is a message as GET …/message answers it. */
    answer: z.string(),
    answerType: 'text/event-stream',
    errors: [...CLIENT_ERRORS, 503],
  },
  adminGroups: {
    tags: ['groups'],
    summary: 'The user groups the signed-in learner administers',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: adminGroupsAnswerSchema,
    errors: GROUP_ERRORS,
  },
  groupMembers: {
    tags: ['groups'],
    summary:
      'A group’s members with their progress per topic and worksheet, its seats and invitations (administrators only), paged and sorted',
    params: groupParams,
    query: membersQuerySchema,
    answer: groupMembersAnswerSchema,
    errors: GROUP_ERRORS,
  },
  groupMembersCsv: {
    tags: ['groups'],
    summary:
      'The members table as CSV: one line per member, topic and worksheet, filtered and sorted as the table',
    params: groupParams,
    query: membersQuerySchema.omit({ limit: true, offset: true }),
    answer: z.string(),
    answerType: 'text/csv',
    errors: GROUP_ERRORS,
  },
  removeMember: {
    tags: ['groups'],
    summary:
      'Remove a member from the group: their seat is free again, their workbook stays theirs',
    params: memberParams,
    answer: successAnswerSchema,
    errors: GROUP_ERRORS,
  },
  memberReport: {
    tags: ['groups'],
    summary:
      'A member’s report card for one worksheet, read-only; answers only when constraints.adminsSeeAnswers is on',
    params: memberParams.extend({ topicId: idSchema, index: worksheetIndex }),
    query: localeQueryObjectSchema,
    answer: memberReportAnswerSchema,
    errors: GROUP_ERRORS,
  },
  invitations: {
    tags: ['invitations'],
    summary:
      'A group’s seats and invitations (open, pending, revoked; a used one is its member), administrators only',
    params: groupParams,
    query: localeQueryObjectSchema,
    answer: invitationsAnswerSchema,
    errors: GROUP_ERRORS,
  },
  invite: {
    tags: ['invitations'],
    summary:
      'Invite several people by pasted emails: each checked; invalid ones, members, those already invited and those beyond the seats are listed, not sent',
    params: groupParams,
    query: localeQueryObjectSchema,
    body: bulkInviteBodySchema,
    answer: bulkInviteAnswerSchema,
    errors: [429, ...GROUP_ERRORS],
  },
  resendInvite: {
    tags: ['invitations'],
    summary: 'Mail a pending invitation again',
    params: inviteParams,
    query: localeQueryObjectSchema,
    answer: invitationAnswerSchema,
    errors: [429, ...GROUP_ERRORS],
  },
  revokeInvite: {
    tags: ['invitations'],
    summary: 'Revoke an unused invitation: its link stops working, its seat is free',
    params: inviteParams,
    query: localeQueryObjectSchema,
    answer: invitationAnswerSchema,
    errors: GROUP_ERRORS,
  },
  studioTopics: {
    tags: ['studio'],
    summary: 'The organisation’s topics as authors see them: drafts, published versions, archived',
    params: orgParamsSchema,
    answer: studioTopicsAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  createStudioTopic: {
    tags: ['studio'],
    summary: 'Create a topic: a draft, unpublished (409 when the id is taken)',
    params: orgParamsSchema,
    body: studioCreateTopicBodySchema,
    answer: studioDraftAnswerSchema,
    errors: STUDIO_WRITE_ERRORS,
  },
  studioTopic: {
    tags: ['studio'],
    summary: 'A topic’s draft in the content-pack shape, every locale and correct value included',
    params: topicParams,
    answer: studioDraftAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  saveStudioTopic: {
    tags: ['studio'],
    summary:
      'Save the draft at the version last read; 409 with the stored draft when another save came first (nothing applied)',
    params: topicParams,
    body: studioSaveTopicBodySchema,
    answer: studioSavedAnswerSchema,
    errors: STUDIO_WRITE_ERRORS,
  },
  publishStudioTopic: {
    tags: ['studio'],
    summary:
      'Publish the draft as a new version, with an optional note; learners read it within a second',
    params: topicParams,
    body: studioPublishBodySchema,
    answer: studioPublishAnswerSchema,
    errors: [...STUDIO_ERRORS, 409],
  },
  studioTopicVersions: {
    tags: ['studio'],
    summary: 'A topic’s published versions, newest first, with who published each and the note',
    params: topicParams,
    answer: studioVersionsAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  studioTopicVersion: {
    tags: ['studio'],
    summary: 'One published version of a topic, to preview or compare with the draft',
    params: topicParams.extend(studioVersionParamsSchema.shape),
    answer: studioVersionAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  restoreStudioTopic: {
    tags: ['studio'],
    summary: 'Make a published version the draft again (a new draft version)',
    params: topicParams,
    body: studioRestoreBodySchema,
    answer: studioSavedAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  archiveStudioTopic: {
    tags: ['studio'],
    summary: 'Archive a topic (hidden from learners, answers kept) or bring it back',
    params: topicParams,
    body: studioArchiveBodySchema,
    answer: studioArchiveAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  studioAnswerCounts: {
    tags: ['studio'],
    summary: 'How many learners have a stored answer for each field of a topic',
    params: topicParams,
    answer: studioAnswerCountsAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  studioPresence: {
    tags: ['studio'],
    summary:
      'Say this author is editing the topic; answers the other authors seen in the last 45 s',
    params: topicParams,
    answer: studioPresenceAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  studioCatalogue: {
    tags: ['studio'],
    summary:
      'Topic groups with their topics in order, the topics’ order, and the user groups that grant each topic',
    params: orgParamsSchema,
    answer: studioCatalogueAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  saveStudioCatalogue: {
    tags: ['studio'],
    summary:
      'Save the topic groups, the order and the grants at the version last read (409 when stale)',
    params: orgParamsSchema,
    body: studioCatalogueBodySchema,
    answer: studioCatalogueAnswerSchema,
    errors: STUDIO_WRITE_ERRORS,
  },
  studioPreviewTopic: {
    tags: ['studio'],
    summary: 'The draft as a learner would read it (localised, no correct values), for the preview',
    params: topicParams,
    query: topicQuery,
    answer: topicAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  studioPreviewGrade: {
    tags: ['studio'],
    summary: 'Scores of a preview worksheet, graded on the draft',
    params: topicParams.extend({ index: worksheetIndex }),
    answer: scoresAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  studioPreviewWorkbook: {
    tags: ['studio'],
    summary: 'The author’s preview workbook (never a learner’s)',
    params: orgParamsSchema,
    answer: workbookAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  saveStudioPreviewWorkbook: {
    tags: ['studio'],
    summary: 'Save the preview workbook, merged field by field like a learner’s',
    params: orgParamsSchema,
    body: z.object({ workbook: workbookSaveSchema }),
    answer: workbookAnswerSchema,
    errors: [...STUDIO_ERRORS, 413],
  },
  resetStudioPreviewWorkbook: {
    tags: ['studio'],
    summary: 'Empty the preview workbook',
    params: orgParamsSchema,
    answer: workbookAnswerSchema,
    errors: STUDIO_ERRORS,
  },
  adminAudit: {
    tags: ['admin'],
    summary:
      'The organisation’s audit log, newest first: every change made in the console, the studio and the CLI (who, when, what, before and after), filtered by actor, action, target and time',
    params: orgParamsSchema,
    query: auditQuerySchema,
    answer: auditAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminAuditCsv: {
    tags: ['admin'],
    summary: 'The audit log as CSV, with the same filters (text/csv)',
    params: orgParamsSchema,
    query: auditCsvQuerySchema,
    answer: z.string(),
    answerType: 'text/csv',
    errors: ADMIN_ERRORS,
  },
  adminSettings: {
    tags: ['admin'],
    summary:
      'The organisation’s settings as drafted, with the draft’s version and the published version',
    params: orgParamsSchema,
    answer: adminSettingsAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  saveAdminSettings: {
    tags: ['admin'],
    summary:
      'Save the settings’ draft at the version last read (409 with the stored draft when stale; 400 naming each problem, unreadable colours and hosts of another organisation included)',
    params: orgParamsSchema,
    body: adminSaveSettingsBodySchema,
    answer: adminSettingsAnswerSchema,
    errors: ADMIN_WRITE_ERRORS,
  },
  publishAdminSettings: {
    tags: ['admin'],
    summary: 'Publish the settings’ draft as a new version; every visitor sees it within a second',
    params: orgParamsSchema,
    body: adminPublishSettingsBodySchema,
    answer: adminPublishSettingsAnswerSchema,
    errors: ADMIN_WRITE_ERRORS,
  },
  adminSettingsVersions: {
    tags: ['admin'],
    summary: 'The settings’ published versions, newest first, with who published each',
    params: orgParamsSchema,
    answer: adminSettingsVersionsAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  restoreAdminSettings: {
    tags: ['admin'],
    summary: 'Make a published version of the settings the draft again',
    params: orgParamsSchema,
    body: adminRestoreSettingsBodySchema,
    answer: adminSettingsAnswerSchema,
    errors: ADMIN_WRITE_ERRORS,
  },
  consoleGroups: {
    tags: ['admin'],
    summary:
      'The organisation’s user groups: names, topics granted, administrators, member counts, the cohorts under each; and the topics a group may grant',
    params: orgParamsSchema,
    answer: consoleGroupsAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  createConsoleGroup: {
    tags: ['admin'],
    summary: 'Create a user group (409 when the id is taken)',
    params: orgParamsSchema,
    body: consoleCreateGroupBodySchema,
    answer: consoleGroupAnswerSchema,
    errors: ADMIN_WRITE_ERRORS,
  },
  saveConsoleGroup: {
    tags: ['admin'],
    summary: 'Rename a user group and set the topics it grants (this organisation’s topics only)',
    params: consoleGroupParamsSchema,
    body: consoleSaveGroupBodySchema,
    answer: consoleGroupAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  saveConsoleGroupSso: {
    tags: ['admin'],
    summary:
      'Set or clear the group’s single sign-on (issuer, client id, write-only secret, prompt); a secret is kept only for the issuer it was given for (audited: group.sso, never the secret)',
    params: consoleGroupParamsSchema,
    body: consoleGroupSsoBodySchema,
    answer: consoleGroupAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  testConsoleGroupSso: {
    tags: ['admin'],
    summary:
      'Test the connection to an OpenID provider: fetches its discovery document and keys (bounded in time and size, public addresses only) and says what is wrong',
    params: consoleGroupParamsSchema,
    body: consoleSsoTestBodySchema,
    answer: consoleSsoTestAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  addConsoleGroupAdmin: {
    tags: ['admin'],
    summary: 'Name an account of the organisation, by email, an administrator of the group',
    params: consoleGroupParamsSchema,
    body: consoleGroupAdminBodySchema,
    answer: consoleGroupAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  removeConsoleGroupAdmin: {
    tags: ['admin'],
    summary: 'No longer have the account administer the group',
    params: consoleGroupAdminParamsSchema,
    answer: consoleGroupAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  consoleBundles: {
    tags: ['admin'],
    summary:
      'The organisation’s bundles as a pack has them (every locale, price, discount tiers, the group each grants), and the groups a bundle may grant',
    params: orgParamsSchema,
    answer: consoleBundlesAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  createConsoleBundle: {
    tags: ['admin'],
    summary:
      'Create a bundle (409 when the id is taken); it grants one of the organisation’s groups',
    params: orgParamsSchema,
    body: consoleBundleBodySchema,
    answer: consoleBundleAnswerSchema,
    errors: ADMIN_WRITE_ERRORS,
  },
  saveConsoleBundle: {
    tags: ['admin'],
    summary:
      'Save a bundle: names, descriptions, image, price, discount tiers, the group it grants. Orders made keep their price',
    params: consoleBundleParamsSchema,
    body: consoleBundleBodySchema,
    answer: consoleBundleAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminPeople: {
    tags: ['admin'],
    summary:
      'The organisation’s accounts, searched (email, username, names) and filtered (role, group, status), a page at a time',
    params: orgParamsSchema,
    query: peopleQuerySchema,
    answer: peopleAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminInvitePerson: {
    tags: ['admin'],
    summary: 'Invite a person: an invited account, and a mail with a link to choose a password',
    params: orgParamsSchema,
    body: inviteBodySchema,
    answer: personAnswerSchema,
    errors: [...ADMIN_ERRORS, 409],
  },
  adminPerson: {
    tags: ['admin'],
    summary: 'A person: the account, roles, groups and status',
    params: personParamsSchema,
    answer: personAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminResendInvitation: {
    tags: ['admin'],
    summary: 'Mail an invited person a new link to choose a password',
    params: personParamsSchema,
    answer: personAnswerSchema,
    errors: [...ADMIN_ERRORS, 409],
  },
  adminPersonRoles: {
    tags: ['admin'],
    summary: 'Set a person’s roles (never removing the last administrator)',
    params: personParamsSchema,
    body: rolesBodySchema,
    answer: personAnswerSchema,
    errors: [...ADMIN_ERRORS, 409],
  },
  adminPersonGroup: {
    tags: ['admin'],
    summary: 'Add a person to a group (as member or administrator) or take them out of it',
    params: personParamsSchema,
    body: groupChangeBodySchema,
    answer: personAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminDeactivatePerson: {
    tags: ['admin'],
    summary: 'Deactivate an account: it cannot sign in, its sessions end, its data stays',
    params: personParamsSchema,
    answer: personAnswerSchema,
    errors: [...ADMIN_ERRORS, 409],
  },
  adminExportPerson: {
    tags: ['admin'],
    summary: 'Everything the portal holds about a person of the organisation, as one JSON document',
    params: personParamsSchema,
    answer: accountExportSchema,
    errors: ADMIN_ERRORS,
  },
  adminErasePerson: {
    tags: ['admin'],
    summary:
      'Erase a person of the organisation (the administrator gives their own password, or signed in within 10 minutes); audited: person.erase',
    params: personParamsSchema,
    body: eraseAccountBodySchema,
    answer: successAnswerSchema,
    errors: [...ADMIN_ERRORS, 409, 429],
  },
  adminReactivatePerson: {
    tags: ['admin'],
    summary: 'Reactivate a deactivated account',
    params: personParamsSchema,
    answer: personAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminPeopleDryRun: {
    tags: ['admin'],
    summary:
      'Check a CSV of people (email, first name, last name, groups, roles): every bad row by line, nothing written',
    params: orgParamsSchema,
    body: importBodySchema,
    answer: importDryRunAnswerSchema,
    errors: [...ADMIN_ERRORS, 413],
  },
  adminPeopleImport: {
    tags: ['admin'],
    summary:
      'Import a checked CSV of people as a background job (400 with the rows when any is bad)',
    params: orgParamsSchema,
    body: importBodySchema,
    answer: importJobAnswerSchema,
    errors: [...ADMIN_ERRORS, 413],
  },
  adminPeopleImportStatus: {
    tags: ['admin'],
    summary: 'An import’s progress: rows done of the total, accounts made and changed',
    params: importParamsSchema,
    answer: importJobAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminOrders: {
    tags: ['admin'],
    summary:
      'The organisation’s orders, newest first, filtered by state, bundle, buyer and time, with their seats used and unused',
    params: orgParamsSchema,
    query: adminOrdersQuerySchema,
    answer: adminOrdersAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminOrder: {
    tags: ['admin'],
    summary: 'One order of the organisation with its buyer and seats',
    params: adminOrderParamsSchema,
    answer: adminOrderAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  adminRefundOrder: {
    tags: ['admin'],
    summary:
      'Refund a fulfilled order through its payment provider and take back its unused seats; members keep theirs (audited: order.refund)',
    params: adminOrderParamsSchema,
    answer: adminRefundAnswerSchema,
    errors: [...ADMIN_ERRORS, 409, 503],
  },
  verifyCertificate: {
    tags: ['certificates'],
    summary:
      'A certificate as anyone with its link reads it (any host): who, what, which organisation, when, and whether it is still valid (never an email or an answer)',
    params: certificateParamsSchema,
    query: localeQueryObjectSchema,
    answer: verifyAnswerSchema,
    errors: [400, 404],
  },
  verifyCertificatePdf: {
    tags: ['certificates'],
    summary:
      'A valid certificate as a PDF (application/pdf), in the locale asked for or its own; a revoked one is refused (410)',
    params: certificateParamsSchema,
    query: localeQueryObjectSchema,
    answer: z.string(),
    answerType: 'application/pdf',
    errors: [400, 404, 410],
  },
  verifyCertificateBadge: {
    tags: ['certificates'],
    summary:
      'A valid certificate as an Open Badges 3.0 credential: a VC-JWT (application/vc+jwt) signed with the organisation’s key, its texts in the locale asked for or its own; a revoked one is refused (410)',
    params: certificateParamsSchema,
    query: localeQueryObjectSchema,
    answer: z.string(),
    answerType: 'application/vc+jwt',
    errors: [400, 404, 410],
  },
  openBadgeKeys: {
    tags: ['certificates'],
    summary:
      'The public keys that sign the Open Badges of the organisation of this host name (a JWKS; each `kid` is the URL a badge’s header names)',
    answer: openBadgeKeysAnswerSchema,
    errors: [404],
  },
  openBadgeIssuer: {
    tags: ['certificates'],
    summary:
      'The issuer of the organisation’s Open Badges: an Open Badges 3.0 Profile (JSON-LD), at the URL its badges give as `issuer.id`',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: openBadgeIssuerAnswerSchema,
    errors: [400, 404],
  },
  myCertificates: {
    tags: ['account'],
    summary: 'The signed-in learner’s certificates, newest first',
    params: orgParamsSchema,
    query: localeQueryObjectSchema,
    answer: myCertificatesAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  adminCertificates: {
    tags: ['admin'],
    summary: 'The certificates issued in the organisation, newest first, by learner and topic',
    params: orgParamsSchema,
    query: adminCertificatesQuerySchema,
    answer: adminCertificatesAnswerSchema,
    errors: ADMIN_ERRORS,
  },
  revokeCertificate: {
    tags: ['admin'],
    summary:
      'Revoke a certificate, with the reason its verify page shows (audited: certificate.revoke); 409 when it already is',
    params: orgCertificateParamsSchema,
    body: revokeCertificateBodySchema,
    answer: adminCertificateAnswerSchema,
    errors: [...ADMIN_ERRORS, 409],
  },
  myNotifications: {
    tags: ['account'],
    summary: 'The signed-in learner’s mail notices: each kind on or off, and the digest',
    params: orgParamsSchema,
    answer: notificationPreferencesAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  saveNotifications: {
    tags: ['account'],
    summary: 'Switch kinds of notice on or off, or change the digest (only what is sent)',
    params: orgParamsSchema,
    body: saveNotificationPreferencesSchema,
    answer: notificationPreferencesAnswerSchema,
    errors: ACCOUNT_ERRORS,
  },
  unsubscribeLink: {
    tags: ['account'],
    summary:
      'What an unsubscribe link of a mail stops, and whether it is stopped (changes nothing; no session)',
    params: unsubscribeParamsSchema,
    answer: unsubscribeAnswerSchema,
    errors: [400, 404],
  },
  unsubscribe: {
    tags: ['account'],
    summary:
      'Stops what an unsubscribe link names (RFC 8058 one-click: a POST of List-Unsubscribe=One-Click, or JSON); no session',
    params: unsubscribeParamsSchema,
    answer: unsubscribeAnswerSchema,
    errors: [400, 404],
  },
} as const satisfies { [K in RouteName]: RouteSchemas };

export type RouteTable = typeof ROUTE_SCHEMAS;

// Whoever has the schemas (the server, tests, the web in development) knows every route's path.
knowRoutePaths(STUDIO_ROUTE_PATHS);
knowRoutePaths(ADMIN_ROUTE_PATHS);
knowRoutePaths(CERTIFICATE_ROUTE_PATHS);
knowRoutePaths(NOTIFICATION_ROUTE_PATHS);

/** Every route's name. */
export const ROUTE_NAMES = Object.keys(ROUTE_SCHEMAS) as RouteName[];
type Field<T, K extends string> = T extends { [P in K]: infer V } ? V : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a route answers (2xx), as its answer schema parses it. */
export type RouteAnswer<N extends RouteName> = Out<RouteTable[N]['answer']>;
/** What a caller sends: the path's values, the query, the body (each as its schema takes it). */
export type RouteParams<N extends RouteName> = In<Field<RouteTable[N], 'params'>>;
export type RouteQuery<N extends RouteName> = In<Field<RouteTable[N], 'query'>>;
export type RouteBody<N extends RouteName> = In<Field<RouteTable[N], 'body'>>;

/** Parses a route's answer with its answer schema (throws a ZodError when it is not in shape). */
export function parseRouteAnswer<N extends RouteName>(name: N, body: unknown): RouteAnswer<N> {
  return (ROUTE_SCHEMAS[name].answer as z.ZodType).parse(body) as RouteAnswer<N>;
}
