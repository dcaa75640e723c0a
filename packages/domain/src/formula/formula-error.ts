/** A problem with a formula, reported to the author as `Error processing formula: <message>`. */
export class FormulaError extends Error {}

/**
 * The end of an exhaustive switch. The type checker proves it unreachable; should a value it
 * does not know arrive anyway (a tree built by hand, a newer operator), evaluation fails with an
 * error instead of guessing, and a show condition that fails hides its fragment.
 */
export function assertNever(value: never, what: string): never {
  throw new FormulaError(`unknown ${what} "${String(value)}"`);
}
