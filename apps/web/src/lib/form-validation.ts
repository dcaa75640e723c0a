import type { IntlShape } from 'react-intl';

/** The part of a zod issue the forms read (the schemas come from @portal/domain). */
export interface FormIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
}

interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly FormIssue[] } };
}

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export type FormResult<T, F extends string> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** One issue as a translated sentence: the rules are the domain's, the words the interface's. */
export function issueMessage(issue: FormIssue, intl: IntlShape): string {
  const field = String(issue.path[0] ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return intl.formatMessage({ id: 'form.required' });
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? intl.formatMessage({ id: 'form.required' })
        : intl.formatMessage({ id: 'form.tooShort' }, { min: Number(issue.minimum) });
    case 'too_big':
      return intl.formatMessage({ id: 'form.tooLong' }, { max: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return intl.formatMessage({ id: 'form.email' });
      if (field === 'username') return intl.formatMessage({ id: 'form.username' });
      return issue.message;
    case 'custom':
      if (field === 'confirm') return intl.formatMessage({ id: 'form.passwordMismatch' });
      return issue.message;
    default:
      return issue.message;
  }
}

/**
 * Checks a form with the schema the server uses (docs/product-spec.md §5: every form validates before it sends):
 * the parsed body, or one translated message per field (the first issue of each).
 */
export function validateForm<T, F extends string>(
  schema: Schema<T>,
  values: Record<F, unknown>,
  intl: IntlShape,
): FormResult<T, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    // An empty field is simply missing, whatever rule it breaks first (a minimum length, say).
    const raw = values[field];
    const isEmpty = raw === undefined || (typeof raw === 'string' && raw.trim() === '');
    errors[field] ??=
      isEmpty && issue.code !== 'custom'
        ? intl.formatMessage({ id: 'form.required' })
        : issueMessage(issue, intl);
  }
  return { ok: false, errors };
}

/** Focuses the first field of `form` that is marked invalid, so the learner lands on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
