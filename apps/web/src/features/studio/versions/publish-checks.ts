import {
  accessibilityProblems,
  checkTopicFormulas,
  referableThings,
  runFormulaTests,
  type Topic,
} from '@portal/domain';
import type { IntlShape } from 'react-intl';
import { formulaCheckTexts } from '../formula/lib/formula-check-texts';
import { displayText, languageName } from '../lib/localised';

/** Where a problem is: its page (null: the topic's settings), block, and JSON path. */
export interface ProblemLocation {
  pageId: string | null;
  fragmentId: string | null;
  path: string;
}

/** One line of the publish check list: what is wrong, where, and whether it stops a publish. */
export interface PublishProblem extends ProblemLocation {
  key: string;
  text: string;
  /** "page “Intro”, block “Flour”": what the link to it says. */
  where: string;
  blocks: boolean;
}

const FIRST_WORDS = 40;

/** "page “Intro”, block “Flour”", or "the topic's settings". */
function whereLabel(
  intl: IntlShape,
  topic: Topic,
  locale: string,
  pageId: string | null,
  fragmentId: string | null,
): string {
  const page = topic.pages.find((each) => each._id === pageId);
  if (!page) return intl.formatMessage({ id: 'studio.publish.where.topic' });
  const pageName = displayText(
    page.name,
    locale,
    intl.formatMessage({ id: 'studio.pages.untitled' }),
  );
  const fragment = page.fragments.find((each) => each._id === fragmentId);
  if (!fragment) return intl.formatMessage({ id: 'studio.publish.where.page' }, { page: pageName });
  let block: string;
  switch (fragment.type) {
    case 'field':
      block = displayText(fragment.field.name, locale, fragment.field._id);
      break;
    case 'formula':
      block = displayText(fragment.formula.name, locale, fragment.formula._id);
      break;
    case 'attachment':
      block = displayText(fragment.attachment.name, locale, fragment._id);
      break;
    case 'content': {
      const text = new DOMParser()
        .parseFromString(displayText(fragment.content, locale, ''), 'text/html')
        .body.textContent?.replace(/\s+/g, ' ')
        .trim();
      block =
        text && text.length > FIRST_WORDS
          ? `${text.slice(0, FIRST_WORDS).trimEnd()}…`
          : text || fragment._id;
    }
  }
  return intl.formatMessage({ id: 'studio.publish.where.block' }, { page: pageName, block });
}

/**
 * What stops a publish before the server is asked: formulas and show conditions that do not
 * read, name nothing or loop (the domain's checkTopicFormulas, as the server checks), and
 * formula test cases that fail.
 */
export function blockingProblems(
  intl: IntlShape,
  topic: Topic,
  locale: string,
  general: Topic | null,
): PublishProblem[] {
  const labels = new Map(
    referableThings(topic, locale, { general }).map((thing) => [thing.id, thing.label]),
  );
  const labelOf = (id: string) => labels.get(id) || id;
  const problems: PublishProblem[] = [];
  for (const { site, path, check } of checkTopicFormulas(topic, { general })) {
    const fragmentId = site.kind === 'pageCondition' ? null : site.fragmentId;
    const where = whereLabel(intl, topic, locale, site.pageId, fragmentId);
    const kind = intl.formatMessage({
      id:
        site.kind === 'formula'
          ? 'studio.publish.formula'
          : site.kind === 'pageCondition'
            ? 'studio.publish.pageCondition'
            : 'studio.publish.blockCondition',
    });
    formulaCheckTexts(intl, check, labelOf).forEach((text, index) =>
      problems.push({
        key: `formula:${path}:${index}`,
        pageId: site.pageId,
        fragmentId,
        path,
        where,
        text: `${kind} ${text}`,
        blocks: true,
      }),
    );
  }
  for (const run of runFormulaTests(topic)) {
    if (run.pass) continue;
    const pageId = run.pageId ?? null;
    const fragmentId = run.fragmentId ?? null;
    problems.push({
      key: `test:${run.fragmentId ?? ''}:${run.index}`,
      pageId,
      fragmentId,
      path: '',
      where: whereLabel(intl, topic, locale, pageId, fragmentId),
      text: intl.formatMessage(
        { id: 'studio.publish.testFails' },
        {
          test: run.name?.trim() || String(run.index + 1),
          expect: run.expect,
          actual: run.actual,
        },
      ),
      blocks: true,
    });
  }
  return problems;
}

/**
 * What learners with assistive technologies would miss (ATAG 2.0 part B): named, with a link to
 * each, but not in the way of a publish.
 */
export function accessibilityWarnings(
  intl: IntlShape,
  topic: Topic,
  locale: string,
  locales: readonly string[],
): PublishProblem[] {
  return accessibilityProblems(topic, locales).map((problem, index) => {
    const text = intl.formatMessage({ id: `studio.a11y.${problem.code}` }, problem.values ?? {});
    return {
      key: `a11y:${problem.path}:${problem.code}:${problem.locale ?? ''}:${index}`,
      pageId: problem.pageId,
      fragmentId: problem.fragmentId,
      path: problem.path,
      where: whereLabel(intl, topic, locale, problem.pageId, problem.fragmentId),
      text:
        problem.locale === null
          ? text
          : intl.formatMessage(
              { id: 'studio.a11y.inLocale' },
              { problem: text, language: languageName(problem.locale, locale) },
            ),
      blocks: false,
    };
  });
}
