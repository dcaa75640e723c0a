import { fieldSchema, type Field } from '@portal/domain';

/** The schema's messages for a field, by path ("pickList.0.value"); empty when it is valid. */
export function fieldErrors(field: Field): Map<string, string> {
  const result = fieldSchema.safeParse(field);
  const errors = new Map<string, string>();
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!errors.has(key)) errors.set(key, issue.message);
  }
  return errors;
}

/** The first message at `path` or under it ("name" covers "name.fr-CA"). */
export function errorAt(errors: Map<string, string>, path: string): string | undefined {
  const exact = errors.get(path);
  if (exact) return exact;
  for (const [key, message] of errors) if (key.startsWith(`${path}.`)) return message;
  return undefined;
}
