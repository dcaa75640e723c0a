import { z } from 'zod';

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

/**
 * An analytics event (docs/product-spec.md §1). Events are free-form but bounded; UPLOAD_FILE has the shape the
 * spec gives it: category UPLOAD with the learner's email, the file name, topic and page names.
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
    if (event.name !== 'UPLOAD_FILE') return;
    if (event.category !== 'UPLOAD')
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: 'must be UPLOAD for UPLOAD_FILE',
      });
    for (const key of ['email', 'fileName', 'topicName', 'pageName'])
      if (typeof event.data[key] !== 'string')
        ctx.addIssue({
          code: 'custom',
          path: ['data', key],
          message: 'is required for UPLOAD_FILE',
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
