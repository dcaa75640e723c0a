import { z } from 'zod';

/** `?locale=`: a well-formed tag; one the organisation does not offer falls back to its default. */
export const localeQuerySchema = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale such as en-US or fr-CA');

export const orgParamsSchema = z.object({
  org: z.string().min(1).max(100),
});

export const localeQueryObjectSchema = z.object({
  locale: localeQuerySchema.optional(),
});
