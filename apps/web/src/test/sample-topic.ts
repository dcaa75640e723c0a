import type { PageView, TopicView } from '@portal/domain';

/** A page as GET /api/org/{alias}/topic/{id} answers it; tests override what they need. */
export function samplePage(id: string, overrides: Partial<PageView> = {}): PageView {
  return {
    _id: id,
    name: `Page ${id}`,
    visibility: 'Public',
    fragments: [],
    hasScoredFields: false,
    ...overrides,
  };
}

/** A topic as GET /api/org/{alias}/topic/{id} answers it: three public pages in a public group. */
export function sampleTopic(overrides: Partial<TopicView> = {}): TopicView {
  return {
    _id: 'budgeting',
    name: 'Budgeting',
    description: '<p>Plan your budget each month.</p>',
    isGeneral: false,
    visibility: 'Public',
    topicImage: {
      secure_url: '/media/sample/budgeting.svg',
      unsplashAttribution: { photographerName: 'Ada Lens', photographerHandle: '@adalens' },
    },
    parentTopicGroup: { _id: 'foundations', name: 'Foundations', visibility: 'Public' },
    allowMultiWorksheets: false,
    showGradeReport: true,
    hasScoredFields: true,
    pages: [
      samplePage('intro', { name: 'Introduction' }),
      samplePage('numbers', { name: 'Your numbers' }),
      samplePage('quiz', { name: 'Quiz', hasScoredFields: true }),
    ],
    ...overrides,
  };
}
