import { z } from 'zod';

/** A topic found by the search: its description as plain text, without markup. */
export const searchHitSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  topicImage: z.object({ secure_url: z.string() }).optional(),
});

export type SearchHit = z.infer<typeof searchHitSchema>;
