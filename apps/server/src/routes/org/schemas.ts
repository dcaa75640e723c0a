import { errorBodySchema, idSchema } from '@portal/domain';

/** The one id schema (packages/domain), for routes that still name it here. */
export { errorBodySchema, idSchema };

/** The client errors most routes answer, all with the error body of docs/design.md §4. */
export const clientErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
