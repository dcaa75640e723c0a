import { z } from 'zod';

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

type DataKind = 'string' | 'number';

/**
 * The events a learning product needs (issue 15, point 23), each with its category and the data
 * it must carry, beside the spec's UPLOAD_FILE. Other names stay free-form but bounded.
 */
export const LEARNING_EVENTS = {
  UPLOAD_FILE: {
    category: 'UPLOAD',
    data: { email: 'string', fileName: 'string', topicName: 'string', pageName: 'string' },
  },
  PAGE_VIEWED: { category: 'NAVIGATION', data: { topicId: 'string', pageId: 'string' } },
  FIELD_ANSWERED: {
    category: 'WORKBOOK',
    data: { topicId: 'string', pageId: 'string', fieldId: 'string' },
  },
  PAGE_COMPLETED: { category: 'PROGRESS', data: { topicId: 'string', pageId: 'string' } },
  TOPIC_COMPLETED: { category: 'PROGRESS', data: { topicId: 'string' } },
  WORKSHEET_ADDED: { category: 'WORKBOOK', data: { topicId: 'string', worksheetIndex: 'number' } },
  SEARCH_MADE: { category: 'SEARCH', data: { keywords: 'string', resultCount: 'number' } },
} as const satisfies Record<string, { category: string; data: Record<string, DataKind> }>;

export type LearningEventName = keyof typeof LEARNING_EVENTS;

/**
 * An analytics event (docs/product-spec.md §1). Events are free-form but bounded; the events of
 * LEARNING_EVENTS (UPLOAD_FILE among them, with the shape the spec gives it) must have their
 * category and data.
 */
export const analyticsEventSchema = z
  .object({
    name: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be an event name such as UPLOAD_FILE'),
    category: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be a category such as UPLOAD'),
    data: z
      .record(z.string().max(64), scalar)
      .refine((d) => Object.keys(d).length <= 20, 'has more than 20 entries')
      .default({}),
  })
  .superRefine((event, ctx) => {
    if (!Object.hasOwn(LEARNING_EVENTS, event.name)) return;
    const spec = LEARNING_EVENTS[event.name as LearningEventName];
    if (event.category !== spec.category)
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: `must be ${spec.category} for ${event.name}`,
      });
    for (const [key, kind] of Object.entries(spec.data) as [string, DataKind][])
      if (typeof event.data[key] !== kind)
        ctx.addIssue({
          code: 'custom',
          path: ['data', key],
          message: `is required for ${event.name}`,
        });
  });

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The UPLOAD_FILE event of docs/product-spec.md §1. */
export function uploadFileEvent(input: {
  email: string;
  fileName: string;
  topicName: string;
  pageName: string;
}): AnalyticsEvent {
  return { name: 'UPLOAD_FILE', category: 'UPLOAD', data: { ...input } };
}

export type LearningEventData<N extends LearningEventName> = {
  [
    K in keyof (typeof LEARNING_EVENTS)[N]['data']
  ]: (typeof LEARNING_EVENTS)[N]['data'][K] extends 'number' ? number : string;
};

/** One of LEARNING_EVENTS, with its category. */
export function learningEvent<N extends LearningEventName>(
  name: N,
  data: LearningEventData<N>,
): AnalyticsEvent {
  return { name, category: LEARNING_EVENTS[name].category, data: { ...data } };
}
