import {
  checkTopicFormulas,
  compileFormula,
  contentPackSchema,
  CONTENT_PACK_FORMAT,
  errorText,
  formulaUses,
  packProblems,
  type ContentPack,
  type Topic,
} from '@portal/domain';
import type { StoredPackContent } from '../../db/repositories/content-packs';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import type { Said } from '../errors';

/**
 * What the studio checks of a topic: on save, what the pack's schema says of the topic alone
 * (formula bodies wait for the publish, so that a draft being typed autosaves); on publish, the
 * whole pack as it will be exported, with unknown formula references and loops named.
 */

/** Problems keyed by JSON paths inside the topic (`pages.0.fragments.2.field.label`). */
export type TopicProblems = Record<string, Said>;

type Path = ReadonlyArray<PropertyKey>;
const keyOf = (path: Path) => path.map(String).join('.') || '_id';

const isFormulaBody = (path: Path) => path.length > 1 && path[path.length - 1] === 'body';

/** Problems of the part of the pack under `prefix` (the topic's place in the pack). */
function packProblemsUnder(pack: unknown, prefix: Path, skip: (path: Path) => boolean) {
  const problems: TopicProblems = {};
  const parsed = contentPackSchema.safeParse(pack);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const path = issue.path;
    if (!prefix.every((part, i) => path[i] === part)) continue;
    const inner = path.slice(prefix.length);
    if (skip(inner)) continue;
    problems[keyOf(inner)] ??= { verbatim: issue.message };
  }
  return problems;
}

/**
 * What a save refuses: what the pack's checks across parts refuse in the topic alone (ids used
 * twice, reserved ids, a locale the organisation does not know), formula bodies aside. The topic
 * was parsed by the route's schema already: it is not parsed again.
 */
export function draftProblems(org: OrganisationRecord, topic: Topic): TopicProblems {
  const problems: TopicProblems = {};
  const pack = {
    format: CONTENT_PACK_FORMAT as typeof CONTENT_PACK_FORMAT,
    organisation: org.settings,
    topics: [topic],
    topicGroups: [],
    userGroups: [],
    bundles: [],
    users: [],
  };
  packProblems(pack, (path, message) => {
    if (path[0] !== 'topics' || path[1] !== 0) return;
    const inner = path.slice(2);
    if (!isFormulaBody(inner)) problems[keyOf(inner)] ??= { verbatim: message };
  });
  return problems;
}

/** Ids a formula may name in a pack: every page, field and formula of every topic, and `topic`. */
function referableIds(topics: readonly Topic[]): Set<string> {
  const ids = new Set<string>(['topic']);
  for (const topic of topics)
    for (const page of topic.pages) {
      ids.add(page._id);
      for (const fragment of page.fragments) {
        if (fragment.type === 'field') ids.add(fragment.field._id);
        if (fragment.type === 'formula') ids.add(fragment.formula._id);
      }
    }
  return ids;
}

/** Every formula body of a topic (formulas and show conditions) with its path in the topic. */
function formulaBodies(topic: Topic): Array<{ path: Path; body: string; formulaId?: string }> {
  const out: Array<{ path: Path; body: string; formulaId?: string }> = [];
  topic.pages.forEach((page, p) => {
    if (page.showCondition)
      out.push({
        path: ['pages', p, 'showCondition', 'formula', 'body'],
        body: page.showCondition.formula.body,
      });
    page.fragments.forEach((fragment, f) => {
      const at = ['pages', p, 'fragments', f];
      if (fragment.showCondition)
        out.push({
          path: [...at, 'showCondition', 'formula', 'body'],
          body: fragment.showCondition.formula.body,
        });
      if (fragment.type === 'formula')
        out.push({
          path: [...at, 'formula', 'body'],
          body: fragment.formula.body,
          formulaId: fragment.formula._id,
        });
    });
  });
  return out;
}

/** The first loop among formulas that use each other, as ids (`a → b → a`), or null. */
export function formulaLoop(bodies: ReadonlyMap<string, string>, from: readonly string[]) {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'open') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'open');
    stack.push(id);
    const body = bodies.get(id);
    for (const ref of body === undefined ? [] : compileFormula(body).references) {
      if (!bodies.has(ref.id)) continue;
      const loop = visit(ref.id);
      if (loop) return loop;
    }
    stack.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of from) {
    const loop = visit(id);
    if (loop) return loop;
  }
  return null;
}

/**
 * What a publish refuses: the pack as it will be exported, with this topic published, must be
 * valid; every formula of the topic must read, name only what exists and use no loop.
 */
export function publishProblems(
  org: OrganisationRecord,
  content: StoredPackContent,
  topic: Topic,
  isGeneral: boolean,
): TopicProblems {
  const others = content.topics.filter((t) => t._id !== topic._id);
  const topics = isGeneral ? others : [...others, topic];
  const general = isGeneral ? topic : content.general;
  const pack: ContentPack = {
    format: CONTENT_PACK_FORMAT as typeof CONTENT_PACK_FORMAT,
    organisation: org.settings,
    ...(general && { general }),
    topicGroups: content.topicGroups,
    topics,
    userGroups: content.userGroups,
    bundles: content.bundles,
    users: content.users,
  };
  const problems = packProblemsUnder(
    pack,
    isGeneral ? ['general'] : ['topics', topics.length - 1],
    isFormulaBody,
  );

  const all = general ? [general, ...topics] : topics;
  const referable = referableIds(all);
  const bodies = new Map<string, string>();
  for (const t of all)
    for (const f of formulaBodies(t)) if (f.formulaId) bodies.set(f.formulaId, f.body);
  for (const { path, body } of formulaBodies(topic)) {
    const where = keyOf(path);
    const compiled = compileFormula(body);
    if (compiled.error !== null) {
      problems[where] ??= errorText('studioFormulaInvalid', { where, reason: compiled.error });
      continue;
    }
    const unknown = compiled.references.find((ref) => !referable.has(ref.id));
    if (unknown) {
      problems[where] ??= errorText('studioUnknownReference', { where, ref: unknown.id });
      continue;
    }
    const badUse = formulaUses(body).find((use) => use !== 'score' && use !== 'max');
    if (badUse !== undefined)
      problems[where] ??= errorText('studioFormulaInvalid', {
        where,
        reason: `data-use="${badUse}" must be "score" or "max"`,
      });
  }
  const own = formulaBodies(topic).flatMap((f) => (f.formulaId ? [f] : []));
  const loop = formulaLoop(
    bodies,
    own.map((f) => f.formulaId!),
  );
  if (loop) {
    const at = own.find((f) => f.formulaId === loop[0]) ?? own[0]!;
    problems[keyOf(at.path)] ??= errorText('studioFormulaCycle', { cycle: loop.join(' → ') });
  }
  // The studio's own check (the one its publish dialog runs first): a reference must name
  // something of this topic or the general topic that has what it reads (a value, a score).
  for (const { path, check } of checkTopicFormulas(topic, {
    general: isGeneral ? null : general,
  })) {
    const where = path;
    const unknown = check.unknownReferences[0];
    const unusable = check.unusableReferences[0];
    if (check.parseError !== null)
      problems[where] ??= errorText('studioFormulaInvalid', { where, reason: check.parseError });
    else if (unknown)
      problems[where] ??= errorText('studioUnknownReference', { where, ref: unknown.id });
    else if (unusable)
      problems[where] ??= errorText('studioFormulaInvalid', {
        where,
        reason: `${unusable.id} (a ${unusable.kind}) has no ${unusable.use === 'value' ? 'value' : 'score'} to read`,
      });
    else if (check.cycle)
      problems[where] ??= errorText('studioFormulaCycle', { cycle: check.cycle.join(' → ') });
  }
  return problems;
}
