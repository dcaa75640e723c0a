import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContentPack, FIELD_TYPES, topicSchema, type Topic } from '../content-pack';
import { compileFormula } from '../formula';
import { accessibilityProblems } from './accessibility';
import { describeTopicChanges } from './topic-changes';
import { topicArbitrary } from './topic-arbitrary';
import { untranslated } from './untranslated';

const locales = ['en-US', 'fr-CA'];

function packOf(topics: Topic[]) {
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: 'demo',
      name: { 'en-US': 'Demo', 'fr-CA': 'Démo' },
      locales,
      theme: {
        primaryColor: '#111111',
        secondaryColor: '#222222',
        tertiaryColor: '#333333',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#eeeeee',
        tertiaryBackgroundColor: '#dddddd',
      },
      homePage: { title: 'Home' },
    },
    topics,
  };
}

function formulaBodies(topic: Topic): string[] {
  return topic.pages.flatMap((page) => [
    ...(page.showCondition ? [page.showCondition.formula.body] : []),
    ...page.fragments.flatMap((fragment) => [
      ...(fragment.showCondition ? [fragment.showCondition.formula.body] : []),
      ...(fragment.type === 'formula' ? [fragment.formula.body] : []),
    ]),
  ]);
}

// Property tests run a few hundred draws; a busy two-core machine needs more than the default 5 s.
describe('topicArbitrary', { timeout: 30_000 }, () => {
  it('draws topics that topicSchema reads back unchanged, in a pack that validates', () => {
    fc.assert(
      fc.property(topicArbitrary(), (topic) => {
        expect(topicSchema.parse(topic)).toEqual(topic);
        const check = checkContentPack(packOf([topic]));
        expect(check.ok ? [] : check.problems).toEqual([]);
        for (const body of formulaBodies(topic)) expect(compileFormula(body).error).toBeNull();
      }),
      { numRuns: 60 },
    );
  });

  it('draws every field type, formulas, show conditions and both locales', () => {
    const topics = fc.sample(topicArbitrary({ maxPages: 3 }), 30);
    const fragments = topics.flatMap((t) => t.pages.flatMap((p) => p.fragments));
    const types = new Set(fragments.flatMap((f) => (f.type === 'field' ? [f.field.type] : [])));
    expect([...types].sort()).toEqual([...FIELD_TYPES].sort());
    expect(fragments.some((f) => f.type === 'formula')).toBe(true);
    expect(fragments.some((f) => f.showCondition)).toBe(true);
    expect(topics.some((t) => t.pages.some((p) => p.showCondition))).toBe(true);
    expect(fragments.some((f) => f.type === 'field' && f.field.correctValue !== undefined)).toBe(
      true,
    );
    const names = topics.map((t) => t.name);
    expect(names.some((n) => typeof n !== 'string' && n['fr-CA'] !== undefined)).toBe(true);
  });

  it('draws topics with distinct ids under distinct prefixes, so several fit in one pack', () => {
    fc.assert(
      fc.property(
        topicArbitrary({ idPrefix: 'a-' }),
        topicArbitrary({ idPrefix: 'b-' }),
        (a, b) => {
          const check = checkContentPack(packOf([a, b]));
          expect(check.ok ? [] : check.problems).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('feeds the studio checks without throwing; a topic compared with itself has no changes', () => {
    fc.assert(
      fc.property(topicArbitrary(), (topic) => {
        accessibilityProblems(topic, locales);
        const report = untranslated(topic, locales);
        expect(report.count).toBe(report.texts.length);
        expect(describeTopicChanges(topic, topic, 'fr-CA')).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
