import { z } from 'zod';

export const errorBodySchema = z
  .object({
    errors: z.array(z.union([z.string(), z.record(z.string(), z.string())])),
    errfor: z.record(z.string(), z.string()).optional(),
    oAuthGroupId: z
      .string()
      .optional()
      .describe('Set when the account must sign in through this group’s SSO'),
  })
  .describe('Error body (design §4)');

const imageSchema = z.object({ secure_url: z.string() }).loose();

/** Documents the answer of GET /api/org/{org}; the server sends it pre-serialised. */
export const organisationViewSchema = z
  .object({
    _id: z.string(),
    alias: z.string(),
    name: z.string(),
    locales: z.array(z.string()),
    currentLocale: z.string(),
    theme: z.record(z.string(), z.string()),
    logoImage: imageSchema.optional(),
    gaUid: z.string().optional(),
    supportEmail: z.string().optional(),
    homePage: z.object({}).loose(),
    topics: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        topicImage: z.object({ secure_url: z.string() }).optional(),
      }),
    ),
    topicGroups: z.array(z.object({}).loose()),
    general: z.object({}).loose().optional(),
    glossary: z.array(
      z.object({ word: z.string(), plural: z.string().optional(), definition: z.string() }),
    ),
    contact: z.object({ enabled: z.boolean() }).loose(),
    disableSelfSignup: z.boolean(),
    userSignUpAgreement: z.object({ url: z.string() }).optional(),
    enableMessaging: z.boolean(),
    constraints: z.object({
      groupAdminMessagingOnly: z.boolean(),
      messagingAllowed: z.boolean(),
      maxTopicWorksheets: z.number(),
    }),
    upload: z.object({ url: z.string(), preset: z.string(), tag: z.string() }),
    hasBundles: z.boolean(),
    hasHiddenTopics: z.boolean(),
  })
  .describe('Organisation (spec §3), localised');

export const bundlesAnswerSchema = z.object({
  bundles: z.array(
    z.object({
      _id: z.string(),
      name: z.record(z.string(), z.string()),
      description: z.record(z.string(), z.string()),
      longDescription: z.record(z.string(), z.string()),
      price: z.number(),
      bundleImage: z.object({ url: z.string() }).optional(),
      userGroup: z.string(),
      isMemberOf: z.boolean(),
      discountTiers: z.array(z.object({ minSeats: z.number(), percentOff: z.number() })),
    }),
  ),
});

/** An id in a path or query: the author's ids of content packs (letters, digits, "-", "_"). */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be an id');

/** The client errors most routes answer, all with the error body of design §4. */
export const clientErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
