import { z } from 'zod';

/**
 * The organisation (`GET /api/org/{org}`) and the store's bundles as a visitor or learner
 * receives them: localised to one locale, filtered to what this viewer may see.
 */

/** Pixel size and smaller copies of an image, when the import measured it (see content-pack.ts). */
const imageSizeViewFields = {
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  sources: z
    .array(z.object({ type: z.enum(['image/avif', 'image/webp']), srcset: z.string() }))
    .optional(),
};

const secureUrlSchema = z.object({ secure_url: z.string(), ...imageSizeViewFields });

export const imageViewSchema = z.object({
  secure_url: z.string(),
  ...imageSizeViewFields,
  unsplashAttribution: z
    .object({ photographerName: z.string(), photographerHandle: z.string() })
    .optional(),
});

/** The organisation's colours, as hex (`#1a4d8f`); the same keys as a content pack's theme. */
export const themeViewSchema = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
  tertiaryColor: z.string(),
  primaryBackgroundColor: z.string(),
  secondaryBackgroundColor: z.string(),
  tertiaryBackgroundColor: z.string(),
});

export const topicRefViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  topicImage: secureUrlSchema.optional(),
  pageIds: z
    .array(z.string())
    .optional()
    .describe('The pages without a show condition, for the progress on the topic card'),
});

export const topicGroupRefViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  topicGroupImage: secureUrlSchema.optional(),
  /** Only the topics this viewer may see; a group with none is left out. */
  topics: z.array(topicRefViewSchema),
});

export const generalTopicViewSchema = z.object({
  _id: z.literal('general'),
  name: z.string(),
  description: z.string(),
  isGeneral: z.literal(true),
  topicImage: secureUrlSchema.optional(),
});

export const homePageViewSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  heroImage: imageViewSchema.optional(),
  promos: z.array(z.object({ _id: z.string(), title: z.string(), description: z.string() })),
  showSiteMap: z.boolean(),
});

export const contactViewSchema = z.object({
  enabled: z.boolean(),
  name: z.string().optional(),
  email: z.string().optional(),
  website: z.string().optional(),
  phone1: z.string().optional(),
  phone2: z.string().optional(),
  address: z
    .object({
      line1: z.string().optional(),
      line2: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
      zip: z.string().optional(),
    })
    .optional(),
});

export const glossaryEntryViewSchema = z.object({
  word: z.string(),
  plural: z.string().optional(),
  definition: z.string(),
});

export const organisationViewSchema = z
  .object({
    _id: z.string(),
    alias: z.string(),
    name: z.string(),
    locales: z.array(z.string()),
    /** The locale this answer is in: the one asked for when offered, else the first. */
    currentLocale: z.string(),
    theme: themeViewSchema,
    logoImage: secureUrlSchema.optional(),
    gaUid: z.string().optional(),
    supportEmail: z.string().optional(),
    /** ISO 4217 code for money in formulas; USD when absent. */
    currency: z.string().optional(),
    homePage: homePageViewSchema,
    topics: z.array(topicRefViewSchema),
    topicGroups: z.array(topicGroupRefViewSchema),
    general: generalTopicViewSchema.optional(),
    glossary: z.array(glossaryEntryViewSchema),
    contact: contactViewSchema,
    disableSelfSignup: z.boolean(),
    userSignUpAgreement: z.object({ url: z.string() }).optional(),
    enableMessaging: z.boolean(),
    constraints: z.object({
      groupAdminMessagingOnly: z.boolean(),
      messagingAllowed: z.boolean(),
      maxTopicWorksheets: z.number().int(),
      /** Group administrators see members' answers on their report cards (off when missing). */
      adminsSeeAnswers: z.boolean().optional(),
    }),
    upload: z
      .object({ url: z.string(), preset: z.string(), tag: z.string() })
      .describe('Where files go: this server’s /api/upload unless a hosted service is set'),
    hasBundles: z
      .boolean()
      .describe('Whether the store has bundles; Store links are shown only then'),
    hasHiddenTopics: z
      .boolean()
      .describe('Some topics exist that this viewer may not see (the "no permissions" prompt)'),
  })
  .describe('Organisation, localised');

export const bundleViewSchema = z.object({
  _id: z.string(),
  /** Texts by locale, as the pack gives them (one text stands for every locale). */
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  longDescription: z.record(z.string(), z.string()),
  price: z.number(),
  bundleImage: z.object({ url: z.string(), ...imageSizeViewFields }).optional(),
  userGroup: z.string(),
  isMemberOf: z.boolean(),
  discountTiers: z.array(z.object({ minSeats: z.number().int(), percentOff: z.number() })),
});

export type ImageView = z.infer<typeof imageViewSchema>;
export type ThemeView = z.infer<typeof themeViewSchema>;
export type TopicRefView = z.infer<typeof topicRefViewSchema>;
export type TopicGroupRefView = z.infer<typeof topicGroupRefViewSchema>;
export type GeneralTopicView = z.infer<typeof generalTopicViewSchema>;
export type HomePageView = z.infer<typeof homePageViewSchema>;
export type ContactView = z.infer<typeof contactViewSchema>;
export type GlossaryEntryView = z.infer<typeof glossaryEntryViewSchema>;
export type OrganisationView = z.infer<typeof organisationViewSchema>;
export type BundleView = z.infer<typeof bundleViewSchema>;
