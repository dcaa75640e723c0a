import type { Topic } from '../content-pack';
import { compileFormula, type ReferenceUse } from '../formula';
import {
  bodyReferences,
  referableThings,
  topicFormulaBodies,
  type Referable,
  type ReferableOptions,
} from './formula-references';

/**
 * The studio's checks of formulas and show conditions, named before anything is saved or
 * published: a body that does not parse, a reference to nothing (or with a `data-use` its target
 * has not), and formulas that use each other in a loop.
 */

/** Where a formula body stands in a topic. */
export type FormulaSite =
  | { kind: 'formula'; pageId: string; fragmentId: string; formulaId: string }
  | { kind: 'pageCondition'; pageId: string }
  | { kind: 'fragmentCondition'; pageId: string; fragmentId: string };

export interface FormulaCheck {
  /** Why the body does not parse, or null. */
  parseError: string | null;
  /** References to nothing of this topic (or of the general topic). */
  unknownReferences: { id: string; use: ReferenceUse }[];
  /** References whose `data-use` their target does not have (a page's value, a table's). */
  unusableReferences: { id: string; use: ReferenceUse; kind: Referable['kind'] }[];
  /** A loop of formulas this body takes part in or reaches: `[a, b, a]`; null when none. */
  cycle: string[] | null;
}

export interface FormulaProblem {
  site: FormulaSite;
  /** The JSON path of the body in the topic: `pages.0.fragments.2.formula.body`. */
  path: string;
  check: FormulaCheck;
}

/** Formula id → the formulas its body reads (by value): the edges loops are made of. */
function formulaEdges(formulas: Readonly<Record<string, string>>): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [id, body] of Object.entries(formulas))
    edges.set(
      id,
      bodyReferences(body)
        .filter((ref) => ref.use === 'value' && Object.hasOwn(formulas, ref.id))
        .map((ref) => ref.id),
    );
  return edges;
}

/**
 * The first loop reached from `starts` (depth first, in reference order): `[a, b, a]` when a
 * uses b and b uses a. With `through`, only a loop that goes through that formula.
 */
function findCycle(
  starts: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
  through?: string,
): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (id: string): string[] | null => {
    if (onPath.has(id)) {
      const loop = [...path.slice(path.indexOf(id)), id];
      return through === undefined || loop.includes(through) ? loop : null;
    }
    if (done.has(id)) return null;
    path.push(id);
    onPath.add(id);
    for (const next of edges.get(id) ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    onPath.delete(id);
    done.add(id);
    return null;
  };
  for (const start of starts) {
    const loop = visit(start);
    if (loop) return loop;
  }
  return null;
}

export interface CheckBodyOptions {
  /** The id of the formula this body is (its own body may differ from the topic's: being edited). */
  formulaId?: string;
  /** The topic's formula bodies by id (defaults to the topic's); the edited body replaces its own. */
  formulas?: Readonly<Record<string, string>>;
}

/** Checks one body against what the topic lets it refer to. */
export function checkFormulaBody(
  body: string,
  referables: readonly Referable[],
  topicFormulas: Readonly<Record<string, string>>,
  options: CheckBodyOptions = {},
): FormulaCheck {
  const compiled = compileFormula(body);
  const known = new Map(referables.map((r) => [r.id, r]));
  const unknownReferences: FormulaCheck['unknownReferences'] = [];
  const unusableReferences: FormulaCheck['unusableReferences'] = [];
  const refs = bodyReferences(body);
  for (const ref of refs) {
    const target = known.get(ref.id);
    const seen = (list: { id: string; use: ReferenceUse }[]) =>
      list.some((r) => r.id === ref.id && r.use === ref.use);
    if (!target) {
      if (!seen(unknownReferences)) unknownReferences.push(ref);
    } else if (!target.uses.includes(ref.use) && !seen(unusableReferences))
      unusableReferences.push({ ...ref, kind: target.kind });
  }
  const formulas: Record<string, string> = { ...topicFormulas };
  if (options.formulaId !== undefined) formulas[options.formulaId] = body;
  const edges = formulaEdges(formulas);
  const starts = refs
    .filter((ref) => ref.use === 'value' && Object.hasOwn(formulas, ref.id))
    .map((ref) => ref.id);
  const cycle =
    options.formulaId !== undefined
      ? (findCycle([options.formulaId], edges, options.formulaId) ?? findCycle(starts, edges))
      : findCycle(starts, edges);
  return {
    parseError: compiled.error,
    unknownReferences,
    unusableReferences,
    cycle,
  };
}

export const hasFormulaProblem = (check: FormulaCheck) =>
  check.parseError !== null ||
  check.unknownReferences.length > 0 ||
  check.unusableReferences.length > 0 ||
  check.cycle !== null;

export interface FormulaSiteBody {
  site: FormulaSite;
  path: string;
  body: string;
  /** False for a show condition that is switched off: it is never evaluated. */
  enabled: boolean;
}

/** Every formula body and show condition of a topic, with where it stands. */
export function topicFormulaSites(topic: Topic): FormulaSiteBody[] {
  const sites: FormulaSiteBody[] = [];
  topic.pages.forEach((page, p) => {
    if (page.showCondition)
      sites.push({
        site: { kind: 'pageCondition', pageId: page._id },
        path: `pages.${p}.showCondition.formula.body`,
        body: page.showCondition.formula.body,
        enabled: page.showCondition.enabled,
      });
    page.fragments.forEach((fragment, f) => {
      if (fragment.showCondition)
        sites.push({
          site: { kind: 'fragmentCondition', pageId: page._id, fragmentId: fragment._id },
          path: `pages.${p}.fragments.${f}.showCondition.formula.body`,
          body: fragment.showCondition.formula.body,
          enabled: fragment.showCondition.enabled,
        });
      if (fragment.type === 'formula')
        sites.push({
          site: {
            kind: 'formula',
            pageId: page._id,
            fragmentId: fragment._id,
            formulaId: fragment.formula._id,
          },
          path: `pages.${p}.fragments.${f}.formula.body`,
          body: fragment.formula.body,
          enabled: true,
        });
    });
  });
  return sites;
}

/**
 * The problems of every formula and show condition of a topic: what publishing refuses. A
 * condition that is switched off is only held to its references (a pack refuses a reference to
 * nothing wherever it stands). A loop is named once, at the first formula of it in page order.
 */
export function checkTopicFormulas(topic: Topic, options: ReferableOptions = {}): FormulaProblem[] {
  const referables = referableThings(topic, 'en-US', options);
  const formulas = topicFormulaBodies(topic);
  const namedLoops = new Set<string>();
  const problems: FormulaProblem[] = [];
  for (const { site, path, body, enabled } of topicFormulaSites(topic)) {
    const check = checkFormulaBody(body, referables, formulas, {
      ...(site.kind === 'formula' && { formulaId: site.formulaId }),
    });
    if (!enabled) {
      check.parseError = null;
      check.cycle = null;
    }
    if (check.cycle && site.kind === 'formula') {
      const key = [...new Set(check.cycle)].sort().join('\u0000');
      if (namedLoops.has(key)) check.cycle = null;
      else namedLoops.add(key);
    }
    if (hasFormulaProblem(check)) problems.push({ site, path, check });
  }
  return problems;
}
