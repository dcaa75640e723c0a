import type { FieldErrors } from '../../../lib/form-validation';

/**
 * The fields of `fields` a server answer names in its `errfor`, each given the answer's own
 * message (a whole sentence, already in the learner's locale), so it shows under its field.
 */
export function serverFieldErrors<F extends string>(
  errfor: Record<string, string> | undefined,
  fields: readonly F[],
  message: string,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of fields) if (errfor?.[field]) errors[field] = message;
  return errors;
}
