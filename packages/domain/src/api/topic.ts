import { z } from 'zod';
import { FIELD_TYPES, FORMULA_FORMATS, visibilitySchema } from '../content-pack';
import { imageViewSchema } from './organisation';

/**
 * A topic as a learner receives it (`GET /api/org/{org}/topic/{id}`): localised, with only the
 * pages this viewer may see, and nothing secret: a field says whether it is scored and what it
 * weighs, never its correct answer or tolerance.
 */

export const showConditionViewSchema = z.object({
  enabled: z.boolean(),
  formula: z.object({ body: z.string() }),
});

/** A field's default: text, a number, yes/no, nothing, or a list of these. */
export type FieldDefaultValue = string | number | boolean | null | FieldDefaultValue[];
const fieldDefaultValueSchema: z.ZodType<FieldDefaultValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(fieldDefaultValueSchema)]),
);

export const fieldViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  question: z.string(),
  type: z.enum(FIELD_TYPES),
  defaultValue: fieldDefaultValueSchema.optional(),
  pickList: z.array(z.object({ _id: z.string(), value: z.string(), label: z.string() })).optional(),
  height: z.number().optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  rowCount: z.number().int().optional(),
  columnCount: z.number().int().optional(),
  cells: z
    .array(
      z.array(
        z.object({
          value: z.string().optional(),
          defaultValue: z.string().optional(),
          isReadOnly: z.boolean().optional(),
        }),
      ),
    )
    .optional(),
  /** Only on scored fields. */
  scoreWeight: z.number().optional(),
  /** Scored: a weight above 0 and a correct answer, which counts on the report card. */
  isScored: z.boolean(),
});

const fragmentBase = {
  _id: z.string(),
  showCondition: showConditionViewSchema.optional(),
};

export const contentFragmentViewSchema = z.object({
  ...fragmentBase,
  type: z.literal('content'),
  /** The body when it is sent with the topic; long bodies are stored apart and fetched by `contentId`. */
  content: z
    .object({ body: z.string().optional(), contentId: z.string().optional() })
    .refine((c) => (c.body === undefined) !== (c.contentId === undefined), {
      message: 'has either the body or the contentId to fetch it by',
    }),
});

export const fieldFragmentViewSchema = z.object({
  ...fragmentBase,
  type: z.literal('field'),
  field: fieldViewSchema,
});

export const attachmentFragmentViewSchema = z.object({
  ...fragmentBase,
  type: z.literal('attachment'),
  attachment: z.object({
    url: z.string(),
    name: z.string(),
    description: z.string(),
    /** WebVTT captions in `locale` (the one asked for, or the pack's nearest). */
    captions: z.object({ url: z.string(), locale: z.string() }).optional(),
  }),
});

export const formulaFragmentViewSchema = z.object({
  ...fragmentBase,
  type: z.literal('formula'),
  formula: z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    body: z.string(),
    format: z.enum(FORMULA_FORMATS).optional(),
  }),
});

export const fragmentViewSchema = z.discriminatedUnion('type', [
  contentFragmentViewSchema,
  fieldFragmentViewSchema,
  attachmentFragmentViewSchema,
  formulaFragmentViewSchema,
]);

export const pageViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  visibility: visibilitySchema,
  showCondition: showConditionViewSchema.optional(),
  fragments: z.array(fragmentViewSchema),
  hasScoredFields: z.boolean(),
});

export const topicViewSchema = z
  .object({
    /** `general` for the general topic. */
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    isGeneral: z.boolean(),
    visibility: visibilitySchema,
    topicImage: imageViewSchema.optional(),
    /** The topic image's address again, when there is one. */
    imageUrl: z.string().optional(),
    parentTopicGroup: z
      .object({ _id: z.string(), name: z.string(), visibility: visibilitySchema })
      .optional(),
    allowMultiWorksheets: z.boolean(),
    showGradeReport: z.boolean(),
    /** The topic gives a certificate to whoever completes it (and reaches passPercent). */
    certificate: z.object({ passPercent: z.number().optional() }).optional(),
    hasScoredFields: z.boolean(),
    pages: z.array(pageViewSchema),
  })
  .describe('Topic with its pages, fragments and fields, localised');

/** One content fragment's body, fetched apart from its page; `locale` is the one it is in. */
export const contentViewSchema = z.object({ body: z.string(), locale: z.string() });

export type Visibility = z.infer<typeof visibilitySchema>;
export type ShowConditionView = z.infer<typeof showConditionViewSchema>;
export type FieldView = z.infer<typeof fieldViewSchema>;
export type FragmentView = z.infer<typeof fragmentViewSchema>;
export type PageView = z.infer<typeof pageViewSchema>;
export type TopicView = z.infer<typeof topicViewSchema>;
export type ContentView = z.infer<typeof contentViewSchema>;
