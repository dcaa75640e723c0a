import { z } from 'zod';
import { isHexColor } from './color';
import { EN_US } from './error-catalogue/en-US';
import { SUPPORTED_LOCALES } from './locale';

/** The format tag every pack carries; a later format gets a new number and a converter. */
export const CONTENT_PACK_FORMAT = 'portal-content-pack/1';

export const FIELD_TYPES = [
  'select',
  'number',
  'string',
  'boolean',
  'radio',
  'slider',
  'table',
  'file',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FRAGMENT_TYPES = ['content', 'field', 'attachment', 'formula'] as const;
/** How a formula's number is shown: plain, as money in the organisation's currency, or a percentage (35 → 35 %). */
export const FORMULA_FORMATS = ['number', 'currency', 'percent'] as const;
export type FormulaFormat = (typeof FORMULA_FORMATS)[number];
export const VISIBILITIES = ['Public', 'Private'] as const;

/** Roles an account may hold in its organisation beyond learner (docs/design.md §13). */
export const ORG_ROLES = ['author', 'admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

const MAX_TEXT = 10_000;
const MAX_HTML = 200_000;

export const idSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, EN_US.mustBeId);

export const aliasSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'must be 2–63 lowercase letters, digits or "-"');

const localeTag = z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, 'must be a locale such as en-US');

function localised(max: number) {
  return z.union([
    z.string().max(max),
    z.record(localeTag, z.string().max(max)).refine((m) => Object.keys(m).length > 0, {
      message: 'needs at least one locale',
    }),
  ]);
}

/** Text a person reads: a string, or `{"en-US": …, "fr-CA": …}`. */
export const textSchema = localised(MAX_TEXT);
/** Author HTML, localised like text; sanitised on import and again before rendering. */
export const htmlSchema = localised(MAX_HTML);

/** An absolute http(s) address or a path on this site (`/media/…`); never `javascript:` and friends. */
export const urlSchema = z
  .string()
  .max(2_000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), {
    message: 'must be an http(s) address or a path starting with /',
  });

const colorSchema = z.string().refine((v) => v.startsWith('#') && isHexColor(v), {
  message: 'must be a hex colour such as #1a4d8f',
});

export const themeSchema = z.strictObject({
  primaryColor: colorSchema,
  secondaryColor: colorSchema,
  tertiaryColor: colorSchema,
  primaryBackgroundColor: colorSchema,
  secondaryBackgroundColor: colorSchema,
  tertiaryBackgroundColor: colorSchema,
});

const attributionSchema = z.strictObject({
  photographerName: z.string().max(200),
  photographerHandle: z.string().max(200),
});

/**
 * An image's size in pixels and its smaller copies (AVIF and WebP, by width), which the import
 * measures and makes from a file under /media/ (apps/server/src/services/media-variants.ts).
 */
export const imageSizeFields = {
  width: z.int().min(1).max(100_000).optional(),
  height: z.int().min(1).max(100_000).optional(),
  sources: z
    .array(
      z.strictObject({
        type: z.enum(['image/avif', 'image/webp']),
        srcset: z.string().max(4_000),
      }),
    )
    .max(4)
    .optional(),
};

export const imageSchema = z.strictObject({
  secure_url: urlSchema,
  unsplashAttribution: attributionSchema.optional(),
  ...imageSizeFields,
});

const formulaBody = z.string().max(20_000);

export const showConditionSchema = z.strictObject({
  enabled: z.boolean(),
  formula: z.strictObject({ body: formulaBody }),
});

const pickEntrySchema = z.strictObject({
  _id: idSchema,
  value: z.string().max(500),
  label: textSchema,
});

export const tableCellSchema = z.strictObject({
  value: z.string().max(MAX_TEXT).optional(),
  defaultValue: textSchema.optional(),
  isReadOnly: z.boolean().optional(),
});

const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string().max(MAX_TEXT),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue).max(1_000),
  ]),
);

export const fieldSchema = z
  .strictObject({
    _id: idSchema,
    name: textSchema,
    question: htmlSchema.optional(),
    type: z.enum(FIELD_TYPES),
    defaultValue: z.union([jsonValue, textSchema]).optional(),
    pickList: z.array(pickEntrySchema).max(200).optional(),
    minValue: z.number().optional(),
    maxValue: z.number().optional(),
    height: z.number().int().min(1).max(50).optional(),
    rowCount: z.number().int().min(1).max(100).optional(),
    columnCount: z.number().int().min(1).max(26).optional(),
    cells: z.array(z.array(tableCellSchema).max(26)).max(100).optional(),
    scoreWeight: z.number().min(0).max(1_000).optional(),
    correctValue: jsonValue.optional(),
    tolerance: z.number().min(0).optional(),
  })
  .superRefine((field, ctx) => {
    const problem = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const hasPickList = field.type === 'select' || field.type === 'radio';
    if (hasPickList && !field.pickList?.length)
      problem(['pickList'], `a ${field.type} field needs a pickList`);
    if (!hasPickList && field.pickList)
      problem(['pickList'], 'only select and radio fields have a pickList');
    if (hasPickList && field.defaultValue !== undefined) {
      if (!field.pickList?.some((p) => p.value === field.defaultValue))
        problem(['defaultValue'], 'must be the value of one of the pickList entries');
    }
    if (
      field.minValue !== undefined &&
      field.maxValue !== undefined &&
      field.minValue > field.maxValue
    )
      problem(['minValue'], 'must not be greater than maxValue');
    if ((field.type === 'number' || field.type === 'slider') && field.defaultValue !== undefined) {
      if (typeof field.defaultValue !== 'number') problem(['defaultValue'], 'must be a number');
    }
    if (
      field.type === 'boolean' &&
      field.defaultValue !== undefined &&
      typeof field.defaultValue !== 'boolean'
    )
      problem(['defaultValue'], 'must be true or false');
    if ((field.type === 'table' || field.type === 'file') && field.defaultValue !== undefined)
      problem(['defaultValue'], `a ${field.type} field takes no defaultValue (tables use cells)`);
    if (field.type === 'table') {
      if (!field.rowCount) problem(['rowCount'], 'a table field needs rowCount');
      if (!field.columnCount) problem(['columnCount'], 'a table field needs columnCount');
      if (field.cells) {
        if (field.cells.length !== field.rowCount)
          problem(['cells'], `must have rowCount (${field.rowCount}) rows`);
        field.cells.forEach((row, i) => {
          if (row.length !== field.columnCount)
            problem(['cells', i], `must have columnCount (${field.columnCount}) cells`);
        });
      }
    } else if (field.cells || field.rowCount || field.columnCount) {
      problem(['type'], 'only table fields have rowCount, columnCount and cells');
    }
    if (field.height !== undefined && field.type !== 'string')
      problem(['height'], 'only string fields have a height');
    if (field.correctValue !== undefined && !(field.scoreWeight && field.scoreWeight > 0))
      problem(['scoreWeight'], 'a field with a correctValue needs a scoreWeight above 0');
    const isNumeric = field.type === 'number' || field.type === 'slider';
    if (!isNumeric && (field.minValue !== undefined || field.maxValue !== undefined))
      problem(['minValue'], 'only number and slider fields have minValue and maxValue');
    if (field.tolerance !== undefined && !isNumeric)
      problem(['tolerance'], 'only number and slider fields have a tolerance');
    if (isNumeric && typeof field.defaultValue === 'number') {
      if (
        (field.minValue !== undefined && field.defaultValue < field.minValue) ||
        (field.maxValue !== undefined && field.defaultValue > field.maxValue)
      )
        problem(['defaultValue'], 'must be between minValue and maxValue');
    }
    if (field.pickList) {
      const ids = new Set<string>();
      const values = new Set<string>();
      field.pickList.forEach((entry, i) => {
        if (ids.has(entry._id))
          problem(['pickList', i, '_id'], `duplicate pickList id "${entry._id}"`);
        if (values.has(entry.value))
          problem(['pickList', i, 'value'], `duplicate pickList value "${entry.value}"`);
        ids.add(entry._id);
        values.add(entry.value);
      });
    }
    if (field.correctValue !== undefined) {
      const accepted = Array.isArray(field.correctValue)
        ? field.correctValue
        : [field.correctValue];
      const fits = (v: unknown): boolean => {
        switch (field.type) {
          case 'select':
          case 'radio':
            return typeof v === 'string' && !!field.pickList?.some((p) => p.value === v);
          case 'number':
          case 'slider':
            return typeof v === 'number';
          case 'boolean':
            return typeof v === 'boolean';
          case 'string':
            return typeof v === 'string';
          default:
            return false;
        }
      };
      if (field.type === 'table' || field.type === 'file')
        problem(['correctValue'], `a ${field.type} field cannot be scored`);
      else if (!accepted.length || !accepted.every(fits))
        problem(
          ['correctValue'],
          field.pickList
            ? 'must be the value (or a list of values) of pickList entries'
            : `must be a ${field.type === 'string' ? 'string' : field.type === 'boolean' ? 'boolean' : 'number'} or a list of them`,
        );
    }
  });

/** The most answers one author test case may give. */
export const MAX_FORMULA_TEST_ANSWERS = 200;
/** The most test cases one formula may keep. */
export const MAX_FORMULA_TESTS = 50;

/**
 * An author's test case of a formula (the studio runs them as the author types and on save):
 * with these answers, by field id, the formula shows `expect` (a number compares as a number).
 * Never sent to learners: the formula's learner view names its properties one by one.
 */
export const formulaTestSchema = z.strictObject({
  name: z.string().max(200).optional(),
  answers: z
    .record(idSchema, z.union([z.string().max(MAX_TEXT), z.number(), z.boolean()]))
    .refine((answers) => Object.keys(answers).length <= MAX_FORMULA_TEST_ANSWERS, {
      message: `must give at most ${MAX_FORMULA_TEST_ANSWERS} answers`,
    }),
  expect: z.string().max(1_000),
});
export type FormulaTest = z.output<typeof formulaTestSchema>;

export const formulaSchema = z.strictObject({
  _id: idSchema,
  name: textSchema,
  description: textSchema.optional(),
  body: formulaBody,
  format: z.enum(FORMULA_FORMATS).optional(),
  tests: z.array(formulaTestSchema).max(MAX_FORMULA_TESTS).optional(),
});

const fragmentBase = { _id: idSchema, showCondition: showConditionSchema.optional() };

export const fragmentSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...fragmentBase, type: z.literal('content'), content: htmlSchema }),
  z.strictObject({ ...fragmentBase, type: z.literal('field'), field: fieldSchema }),
  z.strictObject({
    ...fragmentBase,
    type: z.literal('attachment'),
    attachment: z.strictObject({
      url: urlSchema,
      name: textSchema,
      description: textSchema.optional(),
      /** WebVTT captions of a video: one file, or one per locale. */
      captions: z.union([urlSchema, z.record(localeTag, urlSchema)]).optional(),
    }),
  }),
  z.strictObject({ ...fragmentBase, type: z.literal('formula'), formula: formulaSchema }),
]);

export const visibilitySchema = z.enum(VISIBILITIES);

export const pageSchema = z.strictObject({
  _id: idSchema,
  name: textSchema,
  visibility: visibilitySchema.default('Public'),
  showCondition: showConditionSchema.optional(),
  fragments: z.array(fragmentSchema).max(500),
});

export const topicSchema = z.strictObject({
  _id: idSchema,
  name: textSchema,
  description: htmlSchema.optional(),
  visibility: visibilitySchema.default('Public'),
  topicImage: imageSchema.optional(),
  allowMultiWorksheets: z.boolean().default(false),
  showGradeReport: z.boolean().default(false),
  /**
   * A certificate for whoever completes every page (docs/design.md §16), and reaches
   * `passPercent` of the topic's score when it is set.
   */
  certificate: z
    .strictObject({
      enabled: z.boolean(),
      passPercent: z.number().min(0).max(100).optional(),
    })
    .optional(),
  pages: z.array(pageSchema).max(200),
});

export const topicGroupSchema = z.strictObject({
  _id: idSchema,
  name: textSchema,
  description: textSchema.optional(),
  visibility: visibilitySchema.default('Public'),
  topicGroupImage: z.strictObject({ secure_url: urlSchema, ...imageSizeFields }).optional(),
  topics: z.array(idSchema).max(1_000),
});

export const userGroupSchema = z.strictObject({
  _id: idSchema,
  name: textSchema,
  topics: z.array(idSchema).max(10_000).default([]),
  /**
   * A cohort (docs/design.md §9): the group it belongs to, whose topics its members see as well.
   * One level only: a cohort's parent is not itself a cohort.
   */
  parent: idSchema.optional(),
  oauth: z
    .strictObject({
      issuer: z.url(),
      clientId: z.string().min(1).max(500),
      /** `env:NAME` reads the secret from the server's environment; never exported or sent. */
      clientSecret: z.string().min(1).max(500).optional(),
      prompt: textSchema.optional(),
    })
    .optional(),
});

export const bundleSchema = z.strictObject({
  _id: idSchema,
  name: textSchema,
  description: textSchema.optional(),
  longDescription: htmlSchema.optional(),
  price: z.number().min(0).max(1_000_000),
  bundleImage: z.strictObject({ url: urlSchema, ...imageSizeFields }).optional(),
  userGroup: idSchema,
  /**
   * Discounts by seat count: the tier with the greatest `minSeats` the quantity reaches applies.
   * `minSeats` are unique and a larger one never gives a smaller discount, so a seat never costs
   * more when more are bought; under 100 % off, so a purchase is never free.
   */
  discountTiers: z
    .array(
      z.strictObject({
        minSeats: z.number().int().min(2).max(1_000),
        percentOff: z.number().gt(0).max(99),
      }),
    )
    .max(20)
    .default([])
    .superRefine((tiers, ctx) => {
      const sorted = tiers.map((t, i) => ({ ...t, i })).sort((a, b) => a.minSeats - b.minSeats);
      sorted.forEach((tier, k) => {
        const before = sorted[k - 1];
        if (!before) return;
        if (before.minSeats === tier.minSeats)
          ctx.addIssue({
            code: 'custom',
            path: [tier.i, 'minSeats'],
            message: `another tier has minSeats ${tier.minSeats}`,
          });
        else if (tier.percentOff < before.percentOff)
          ctx.addIssue({
            code: 'custom',
            path: [tier.i, 'percentOff'],
            message: `a tier for more seats must not give a smaller discount than the tier for ${before.minSeats}`,
          });
      });
    }),
});

export const usernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{3,40}$/, 'must be 3–40 letters, digits, ".", "_" or "-"');

export const packUserSchema = z.strictObject({
  username: usernameSchema,
  email: z.email().max(254),
  /** Demo and test accounts only; left out of exports. */
  password: z.string().min(8).max(200).optional(),
  name: z
    .strictObject({ first: z.string().max(100).optional(), last: z.string().max(100).optional() })
    .optional(),
  groups: z
    .array(z.strictObject({ group: idSchema, role: z.enum(['member', 'admin']) }))
    .default([]),
  /** Roles in the organisation beyond learner (docs/design.md §13): the studio, the console. */
  roles: z.array(z.enum(ORG_ROLES)).max(ORG_ROLES.length).optional(),
});

const addressSchema = z.strictObject({
  line1: z.string().max(200).optional(),
  line2: z.string().max(200).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  country: z.string().max(200).optional(),
  zip: z.string().max(50).optional(),
});

export const organisationSettingsSchema = z.strictObject({
  alias: aliasSchema,
  name: textSchema,
  hosts: z
    .array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name'))
    .max(50)
    .default([]),
  locales: z.array(localeTag).min(1).max(10),
  theme: themeSchema,
  logoImage: z.strictObject({ secure_url: urlSchema, ...imageSizeFields }).optional(),
  gaUid: z.string().max(50).optional(),
  supportEmail: z.email().optional(),
  /** ISO 4217 code of the money formulas show (`format: "currency"`); USD unless told. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as USD or CAD')
    .optional(),
  homePage: z.strictObject({
    title: textSchema,
    subtitle: textSchema.optional(),
    heroImage: imageSchema.optional(),
    promos: z
      .array(z.strictObject({ _id: idSchema, title: textSchema, description: htmlSchema }))
      .max(50)
      .default([]),
    showSiteMap: z.boolean().default(false),
  }),
  contact: z
    .strictObject({
      enabled: z.boolean(),
      name: z.string().max(200).optional(),
      email: z.email().optional(),
      website: urlSchema.optional(),
      phone1: z.string().max(50).optional(),
      phone2: z.string().max(50).optional(),
      address: addressSchema.optional(),
    })
    .default({ enabled: false }),
  glossary: z
    .array(
      z.strictObject({
        word: z.string().min(1).max(100),
        plural: z.string().max(100).optional(),
        definition: textSchema,
      }),
    )
    .max(2_000)
    .default([]),
  disableSelfSignup: z.boolean().default(false),
  userSignUpAgreement: z.strictObject({ url: urlSchema }).optional(),
  enableMessaging: z.boolean().default(false),
  constraints: z
    .strictObject({
      groupAdminMessagingOnly: z.boolean().default(false),
      messagingAllowed: z.boolean().default(false),
      maxTopicWorksheets: z.number().int().min(1).max(100).default(1),
      /** Group administrators may open a member's report card with the answers (off: scores and completion only). */
      adminsSeeAnswers: z.boolean().default(false),
    })
    .default({
      groupAdminMessagingOnly: false,
      messagingAllowed: false,
      maxTopicWorksheets: 1,
      adminsSeeAnswers: false,
    }),
});

/** Ids that a formula or show condition names: `<span data-ref="ID"></span>`. */
export function formulaReferences(body: string): string[] {
  return [...body.matchAll(/data-ref\s*=\s*["']([^"']*)["']/g)].map((m) => m[1] ?? '');
}

/** Every `data-use` of a formula: only "score" and "max" mean something (docs/design.md §7). */
export function formulaUses(body: string): string[] {
  return [...body.matchAll(/data-use\s*=\s*["']([^"']*)["']/g)].map((m) => m[1] ?? '');
}

export const RESERVED_IDS = ['topic', 'general', 'reportcard', 'others'] as const;

/**
 * Whether `id` is reserved where it stands. The general topic is shown at /topic/general
 * whatever its id, so it may be called "general" too; any other topic, page, field or formula
 * called so could not be told apart from it (or from the other reserved words).
 */
const isReservedId = (id: string, isGeneralTopic = false) =>
  (RESERVED_IDS as readonly string[]).includes(id) && !(isGeneralTopic && id === 'general');

type Path = (string | number)[];

/** A pack's shape, each part checked alone; `contentPackSchema` adds the checks across parts. */
const packShapeSchema = z.strictObject({
  format: z.literal(CONTENT_PACK_FORMAT),
  organisation: organisationSettingsSchema,
  general: topicSchema.optional(),
  topicGroups: z.array(topicGroupSchema).max(1_000).default([]),
  topics: z.array(topicSchema).max(20_000).default([]),
  userGroups: z.array(userGroupSchema).max(1_000).default([]),
  bundles: z.array(bundleSchema).max(1_000).default([]),
  users: z.array(packUserSchema).max(10_000).default([]),
});

/**
 * The checks across a pack's parts (ids unique and not reserved, references that resolve, texts
 * in known locales, groups, bundles and users that name what exists): each problem with its path.
 * Also run alone on a pack whose parts are already parsed (the studio's draft saves).
 */
export function packProblems(
  pack: z.output<typeof packShapeSchema>,
  problem: (path: Path, message: string) => void,
): void {
  const seen = new Map<string, string>();
  const unique = (kind: string, id: string, path: Path) => {
    const key = `${kind}:${id}`;
    const first = seen.get(key);
    if (first) problem(path, `duplicate ${kind} id "${id}" (first at ${first})`);
    else seen.set(key, pathText(path));
  };

  const referenceKinds = new Map<string, string>();
  const reference = (kind: string, id: string, path: Path) => {
    if (isReservedId(id)) problem(path, `"${id}" is reserved; choose another id`);
    const other = referenceKinds.get(id);
    if (other && other !== kind)
      problem(path, `"${id}" is already the id of a ${other}; formulas could not tell them apart`);
    referenceKinds.set(id, kind);
  };
  const topics = pack.general
    ? [{ topic: pack.general, path: ['general'] as Path, isGeneral: true }]
    : [];
  pack.topics.forEach((topic, i) => topics.push({ topic, path: ['topics', i], isGeneral: false }));
  const referable = new Set<string>(['topic']);
  for (const { topic, path, isGeneral } of topics) {
    unique('topic', topic._id, [...path, '_id']);
    if (isReservedId(topic._id, isGeneral))
      problem([...path, '_id'], `"${topic._id}" is reserved; choose another id`);
    topic.pages.forEach((page, p) => {
      unique('page', page._id, [...path, 'pages', p, '_id']);
      reference('page', page._id, [...path, 'pages', p, '_id']);
      referable.add(page._id);
      page.fragments.forEach((fragment, f) => {
        const at: Path = [...path, 'pages', p, 'fragments', f];
        unique('fragment', fragment._id, [...at, '_id']);
        if (fragment.type === 'field') {
          unique('field', fragment.field._id, [...at, 'field', '_id']);
          reference('field', fragment.field._id, [...at, 'field', '_id']);
          referable.add(fragment.field._id);
        }
        if (fragment.type === 'formula') {
          unique('formula', fragment.formula._id, [...at, 'formula', '_id']);
          reference('formula', fragment.formula._id, [...at, 'formula', '_id']);
          referable.add(fragment.formula._id);
        }
      });
    });
  }
  for (const { topic, path } of topics) {
    topic.pages.forEach((page, p) => {
      const checkRefs = (body: string, at: Path) => {
        for (const ref of formulaReferences(body))
          if (!referable.has(ref))
            problem(at, `refers to "${ref}", which is not a field, page or formula of this pack`);
        for (const use of formulaUses(body))
          if (use !== 'score' && use !== 'max')
            problem(at, `data-use="${use}" must be "score" or "max"`);
      };
      if (page.showCondition)
        checkRefs(page.showCondition.formula.body, [
          ...path,
          'pages',
          p,
          'showCondition',
          'formula',
          'body',
        ]);
      page.fragments.forEach((fragment, f) => {
        const at: Path = [...path, 'pages', p, 'fragments', f];
        if (fragment.showCondition)
          checkRefs(fragment.showCondition.formula.body, [
            ...at,
            'showCondition',
            'formula',
            'body',
          ]);
        if (fragment.type === 'formula')
          checkRefs(fragment.formula.body, [...at, 'formula', 'body']);
      });
    });
  }
  const topicIds = new Set(pack.topics.map((t) => t._id));
  pack.topicGroups.forEach((group, g) => {
    unique('topicGroup', group._id, ['topicGroups', g, '_id']);
    group.topics.forEach((id, i) => {
      if (!topicIds.has(id)) problem(['topicGroups', g, 'topics', i], `unknown topic "${id}"`);
    });
  });
  const groupIds = new Set<string>();
  pack.userGroups.forEach((group, g) => {
    unique('userGroup', group._id, ['userGroups', g, '_id']);
    groupIds.add(group._id);
    group.topics.forEach((id, i) => {
      if (!topicIds.has(id)) problem(['userGroups', g, 'topics', i], `unknown topic "${id}"`);
    });
  });
  const parents = new Map(pack.userGroups.map((group) => [group._id, group.parent]));
  pack.userGroups.forEach((group, g) => {
    if (group.parent === undefined) return;
    const path = ['userGroups', g, 'parent'];
    if (group.parent === group._id) problem(path, 'a group cannot be its own parent');
    else if (!groupIds.has(group.parent)) problem(path, `unknown user group "${group.parent}"`);
    else if (parents.get(group.parent) !== undefined)
      problem(
        path,
        `"${group.parent}" is itself a cohort: a cohort's parent must not have a parent`,
      );
    if (group.oauth)
      problem(['userGroups', g, 'oauth'], 'a cohort has no single sign-on of its own');
  });
  pack.bundles.forEach((bundle, b) => {
    unique('bundle', bundle._id, ['bundles', b, '_id']);
    if (!groupIds.has(bundle.userGroup))
      problem(['bundles', b, 'userGroup'], `unknown user group "${bundle.userGroup}"`);
    else if (parents.get(bundle.userGroup) !== undefined)
      problem(
        ['bundles', b, 'userGroup'],
        `"${bundle.userGroup}" is a cohort: a bundle grants a group, and its buyers get cohorts under it`,
      );
  });
  // Translations of a supported locale may stay in a pack whose organisation does not offer it (yet).
  const locales = new Set([...SUPPORTED_LOCALES, ...pack.organisation.locales]);
  const walk = (value: unknown, path: Path) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      const isText =
        entries.length > 0 &&
        entries.every(([k, v]) => /^[a-z]{2}-[A-Z]{2}$/.test(k) && typeof v === 'string');
      if (isText) {
        for (const [k] of entries)
          if (!locales.has(k))
            problem(
              [...path, k],
              `"${k}" is not a supported locale or one of the organisation's (${[...locales].join(', ')})`,
            );
      } else for (const [k, v] of entries) walk(v, [...path, k]);
    }
  };
  walk(pack, []);
  pack.users.forEach((user, u) => {
    unique('username', user.username.toLowerCase(), ['users', u, 'username']);
    unique('email', user.email.toLowerCase(), ['users', u, 'email']);
    user.groups.forEach((membership, m) => {
      if (!groupIds.has(membership.group))
        problem(['users', u, 'groups', m, 'group'], `unknown user group "${membership.group}"`);
    });
  });
}

export const contentPackSchema = packShapeSchema.superRefine((pack, ctx) =>
  packProblems(pack, (path, message) => ctx.addIssue({ code: 'custom', path, message })),
);

export type ContentPackInput = z.input<typeof contentPackSchema>;
export type ContentPack = z.output<typeof contentPackSchema>;
export type Topic = z.output<typeof topicSchema>;
export type Page = z.output<typeof pageSchema>;
export type Fragment = z.output<typeof fragmentSchema>;
export type Field = z.output<typeof fieldSchema>;
export type TopicGroup = z.output<typeof topicGroupSchema>;
export type UserGroup = z.output<typeof userGroupSchema>;
export type Bundle = z.output<typeof bundleSchema>;
export type PackUser = z.output<typeof packUserSchema>;
export type OrganisationSettings = z.output<typeof organisationSettingsSchema>;
export type Theme = z.output<typeof themeSchema>;

/** `topics[2].pages[0].fragments[3].field.type` */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(pack)';
}

export interface PackProblem {
  path: string;
  message: string;
}

export type PackCheck = { ok: true; pack: ContentPack } | { ok: false; problems: PackProblem[] };

/** Validates a parsed pack and lists every problem with its JSON path. */
export function checkContentPack(input: unknown): PackCheck {
  const result = contentPackSchema.safeParse(input);
  if (result.success) return { ok: true, pack: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: pathText(issue.path),
      message: issue.message,
    })),
  };
}
