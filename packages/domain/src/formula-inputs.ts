import type { FormulaScope } from './formula';
import type { ReferenceUse } from './formula/ast';
import { isAnswered } from './grading';

const SPAN = /<span\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];

/** The references of a formula body with their use: a value, or a score ("score", "max"). */
function referencesOf(body: string): { id: string; use: ReferenceUse }[] {
  const found: { id: string; use: ReferenceUse }[] = [];
  for (const [tag] of body.matchAll(SPAN)) {
    const id = attribute(tag, 'data-ref');
    if (id === undefined) continue;
    const use = attribute(tag, 'data-use');
    found.push({ id, use: use === 'score' || use === 'max' ? use : 'value' });
  }
  return found;
}

/**
 * Whether a formula has something to work from yet (issue 15, point 10): one of the answers or
 * scores it reads, directly or through the formulas it uses, exists. Until then it would show a
 * made-up 0 (an unanswered field reads as 0), so the page shows a placeholder instead. A formula
 * that reads nothing (a constant) always has its inputs.
 */
export function formulaHasInputs(
  body: string,
  scope: FormulaScope,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const references = referencesOf(body);
  if (references.length === 0) return true;
  return references.some(({ id, use }) => {
    const formula = use === 'value' ? scope.formulas?.[id] : undefined;
    if (formula !== undefined) {
      if (seen.has(id)) return false;
      return formulaHasInputs(formula, scope, new Set([...seen, id]));
    }
    return isAnswered(scope.resolve(id, use));
  });
}
