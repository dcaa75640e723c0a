import { z } from 'zod';
import { orgParamsSchema } from '../api-schemas';
import { bundleSchema, idSchema } from '../content-pack';

/**
 * The console's bundles (docs/design.md §9, §15): as a pack has them (every locale, the price in
 * dollars, the discount tiers), and the organisation's groups a bundle may grant.
 */
export const consoleBundlesAnswerSchema = z.object({
  bundles: z.array(bundleSchema),
  /** The groups a bundle may grant: the organisation's own, not a buyer's cohort. */
  groups: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type ConsoleBundlesAnswer = z.output<typeof consoleBundlesAnswerSchema>;

export const consoleBundleBodySchema = z.object({ bundle: bundleSchema });
export const consoleBundleAnswerSchema = z.object({ bundle: bundleSchema });
export const consoleBundleParamsSchema = orgParamsSchema.extend({ bundleId: idSchema });
