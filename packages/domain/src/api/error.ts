import { z } from 'zod';

/** A message a person reads: one text, or one per locale (`{"en-US": …, "fr-CA": …}`). */
const errorMessageSchema = z.union([z.string(), z.record(z.string(), z.string())]);

/**
 * The body of every 4xx and 5xx answer: the messages to show, and for invalid input the
 * problem with each field. It carries nothing else: no stack trace, no cause.
 */
export const errorBodySchema = z
  .object({
    errors: z.array(errorMessageSchema),
    errfor: z
      .record(z.string(), z.string())
      .optional()
      .describe('The problem with each invalid field, by field name'),
    oAuthGroupId: z
      .string()
      .optional()
      .describe('Set when the account must sign in through this group’s SSO'),
    topic: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('A stale studio save (409): the draft as stored, in the content-pack shape'),
    settings: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('A stale save of the console’s settings (409): the draft as stored'),
    version: z
      .int()
      .optional()
      .describe('A stale save of a draft, topic or settings (409): the stored draft’s version'),
  })
  .describe('Error body: messages (text or one per locale) and, for invalid input, errfor');

export type ApiErrorBody = z.infer<typeof errorBodySchema>;
