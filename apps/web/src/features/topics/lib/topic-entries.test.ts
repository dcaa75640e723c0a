import { OTHER_TOPICS, REPORT_CARD, TOPIC_HOME } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { LEARNER_TOPIC_PATHS, type TopicPaths } from '../../../lib/topic-outlet';
import { samplePage, sampleTopic } from '../../../test/sample-topic';
import { scrollTopToReveal } from './reveal';
import {
  currentEntryOf,
  flipBetween,
  hasReportCard,
  pageTurns,
  topicEntries,
} from './topic-entries';

const topic = sampleTopic();
const pages = topic.pages;

describe('topicEntries (the sidebar)', () => {
  it('lists Home, each page, Report Card and Other Topics, with their addresses', () => {
    expect(
      topicEntries(LEARNER_TOPIC_PATHS, 'budgeting', topic, pages).map(({ id, kind, to }) => [
        id,
        kind,
        to,
      ]),
    ).toEqual([
      [TOPIC_HOME, 'home', '/topic/budgeting'],
      ['intro', 'page', '/topic/budgeting/page/intro'],
      ['numbers', 'page', '/topic/budgeting/page/numbers'],
      ['quiz', 'page', '/topic/budgeting/page/quiz'],
      [REPORT_CARD, 'reportcard', '/topic/budgeting/reportcard'],
      [OTHER_TOPICS, 'others', '/topic/budgeting/others'],
    ]);
    expect(topicEntries(LEARNER_TOPIC_PATHS, 'budgeting', topic, pages)[1]?.pageName).toBe(
      'Introduction',
    );
  });

  it('has a Report Card only when the topic shows a grade report and has scored fields', () => {
    for (const [showGradeReport, hasScoredFields, expected] of [
      [true, true, true],
      [true, false, false],
      [false, true, false],
    ] as const) {
      const variant = sampleTopic({ showGradeReport, hasScoredFields });
      expect(hasReportCard(variant)).toBe(expected);
      const kinds = topicEntries(LEARNER_TOPIC_PATHS, 't', variant, variant.pages).map(
        (entry) => entry.kind,
      );
      expect(kinds.includes('reportcard')).toBe(expected);
    }
  });

  it('uses the id of the address, so the general topic stays under /topic/general', () => {
    const general = sampleTopic({ _id: 'general', isGeneral: true, parentTopicGroup: undefined });
    expect(topicEntries(LEARNER_TOPIC_PATHS, 'general', general, general.pages)[1]?.to).toBe(
      '/topic/general/page/intro',
    );
  });
});

describe('pageTurns (previous and next, docs/product-spec.md §4)', () => {
  const targets = (current: string, input = topic) => {
    const { previous, next } = pageTurns(
      LEARNER_TOPIC_PATHS,
      'budgeting',
      input,
      input.pages,
      current,
    );
    return [previous?.id ?? null, next?.id ?? null];
  };

  it('walks home → pages → report card → other topics', () => {
    expect(targets(TOPIC_HOME)).toEqual([null, 'intro']);
    expect(targets('intro')).toEqual([null, 'numbers']);
    expect(targets('numbers')).toEqual(['intro', 'quiz']);
    expect(targets('quiz')).toEqual(['numbers', REPORT_CARD]);
    expect(targets(REPORT_CARD)).toEqual(['quiz', OTHER_TOPICS]);
    expect(targets(OTHER_TOPICS)).toEqual([REPORT_CARD, null]);
  });

  it('goes from the last page to other topics when there is no report card', () => {
    const noReport = sampleTopic({ showGradeReport: false });
    expect(targets('quiz', noReport)).toEqual(['numbers', OTHER_TOPICS]);
    expect(targets(OTHER_TOPICS, noReport)).toEqual(['quiz', null]);
  });

  it('links each target to its address', () => {
    const { previous, next } = pageTurns(LEARNER_TOPIC_PATHS, 'budgeting', topic, pages, 'numbers');
    expect(previous?.to).toBe('/topic/budgeting/page/intro');
    expect(next?.to).toBe('/topic/budgeting/page/quiz');
  });

  it('handles a topic without pages', () => {
    const empty = sampleTopic({ pages: [], showGradeReport: false });
    expect(targets(TOPIC_HOME, empty)).toEqual([null, OTHER_TOPICS]);
    expect(targets(OTHER_TOPICS, empty)).toEqual([null, null]);
  });
});

describe('currentEntryOf', () => {
  it('reads the entry from the address', () => {
    expect(currentEntryOf(LEARNER_TOPIC_PATHS, 't', '/topic/t', undefined)).toBe(TOPIC_HOME);
    expect(currentEntryOf(LEARNER_TOPIC_PATHS, 't', '/topic/t/page/p%201', 'p 1')).toBe('p 1');
    expect(currentEntryOf(LEARNER_TOPIC_PATHS, 't', '/topic/t/reportcard', undefined)).toBe(
      REPORT_CARD,
    );
    expect(currentEntryOf(LEARNER_TOPIC_PATHS, 't', '/topic/t/others', undefined)).toBe(
      OTHER_TOPICS,
    );
    expect(currentEntryOf(LEARNER_TOPIC_PATHS, 't', '/topic/t/others/group/g', undefined)).toBe(
      OTHER_TOPICS,
    );
  });

  it('reads it from the addresses other paths give the topic (the studio’s preview)', () => {
    const base = (id: string) => `/studio/topic/${encodeURIComponent(id)}/preview`;
    const preview: TopicPaths = {
      ...LEARNER_TOPIC_PATHS,
      topic: base,
      page: (id, pageId) => `${base(id)}/page/${encodeURIComponent(pageId)}`,
      reportCard: (id) => `${base(id)}/reportcard`,
      others: (id) => `${base(id)}/others`,
    };
    expect(
      currentEntryOf(preview, 'reportcard', '/studio/topic/reportcard/preview', undefined),
    ).toBe(TOPIC_HOME);
    expect(currentEntryOf(preview, 'a:b', '/studio/topic/a:b/preview/reportcard', undefined)).toBe(
      REPORT_CARD,
    );
    expect(currentEntryOf(preview, 't', '/studio/topic/t/preview/others', undefined)).toBe(
      OTHER_TOPICS,
    );
    expect(
      topicEntries(preview, 't', topic, pages)
        .map((entry) => entry.to)
        .slice(0, 2),
    ).toEqual(['/studio/topic/t/preview', `/studio/topic/t/preview/page/${pages[0]!._id}`]);
  });
});

describe('flipBetween', () => {
  it('flips forwards to a later entry and backwards to an earlier one', () => {
    const entries = topicEntries(LEARNER_TOPIC_PATHS, 'budgeting', topic, [
      samplePage('a'),
      samplePage('b'),
    ]);
    expect(flipBetween(entries, 'a', 'b')).toBe('next');
    expect(flipBetween(entries, 'b', TOPIC_HOME)).toBe('previous');
  });
});

describe('scrollTopToReveal (sidebar offsets 50 px top, 100 px bottom)', () => {
  const view = { scrollTop: 200, height: 400 };

  it('leaves an entry that is well inside alone', () => {
    expect(scrollTopToReveal(view, { top: 300, height: 40 })).toBeNull();
    expect(scrollTopToReveal(view, { top: 250, height: 40 })).toBeNull();
    expect(scrollTopToReveal(view, { top: 460, height: 40 })).toBeNull();
  });

  it('scrolls up so the entry sits 50 px below the top', () => {
    expect(scrollTopToReveal(view, { top: 220, height: 40 })).toBe(170);
    expect(scrollTopToReveal(view, { top: 20, height: 40 })).toBe(0);
  });

  it('scrolls down so the entry sits 100 px above the bottom', () => {
    expect(scrollTopToReveal(view, { top: 470, height: 40 })).toBe(210);
    expect(scrollTopToReveal(view, { top: 900, height: 40 })).toBe(640);
  });
});
