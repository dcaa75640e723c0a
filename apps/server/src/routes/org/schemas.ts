import { errorBodySchema } from '@portal/domain';
import { z } from 'zod';

export { errorBodySchema };

/** An id in a path or query: the author's ids of content packs (letters, digits, "-", "_"). */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be an id');

/** The client errors most routes answer, all with the error body of docs/design.md §4. */
export const clientErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
