import type { FragmentView, TopicView } from '@portal/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithWorkbook, TopicRoute } from '../../../test/render-workbook';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { samplePage, sampleTopic } from '../../../test/sample-topic';
import { TopicPage } from './topic-page';

// The capture needs a real media stack; its logic is tested on its own (capture-thumbnail.test).
vi.mock('./video-thumbnail', () => ({
  VideoThumbnail: ({ videoUrl, snapshotAtTime }: { videoUrl: string; snapshotAtTime: number }) => (
    <span data-testid="thumbnail" data-url={videoUrl} data-at={snapshotAtTime} />
  ),
}));

const fragments: FragmentView[] = [
  { _id: 'f1', type: 'content', content: { body: '<h2>Why</h2><p>A budget helps.</p>' } },
  {
    _id: 'f2',
    type: 'attachment',
    attachment: {
      url: '/media/sample/steps.mp4',
      name: 'Four steps',
      description: 'A video.',
      captions: { url: '/media/sample/steps.fr-CA.vtt', locale: 'fr-CA' },
    },
  },
  {
    _id: 'f3',
    type: 'attachment',
    attachment: { url: '/media/sample/template.csv', name: 'Template', description: 'Fill it.' },
  },
  {
    _id: 'f4',
    type: 'field',
    field: {
      _id: 'income',
      name: 'Monthly income',
      question: '<p>How much comes in?</p>',
      type: 'number',
      isScored: false,
    },
  },
  {
    _id: 'f5',
    type: 'formula',
    formula: {
      _id: 'left',
      name: 'Left over',
      description: 'Income minus costs.',
      body: '<span data-ref="income"></span> - 1200',
    },
  },
  {
    _id: 'f6',
    type: 'content',
    showCondition: { enabled: true, formula: { body: '0' } },
    content: { body: '<p>Hidden until its condition holds.</p>' },
  },
  { _id: 'f7', type: 'content', content: { contentId: 'long-body' } },
];

function renderPage(topic: TopicView, path = '/topic/budgeting/page/intro') {
  const org = sampleOrganisation({
    glossary: [{ word: 'budget', definition: 'A plan for your money.' }],
  });
  renderWithWorkbook(
    <Routes>
      <Route element={<TopicRoute topic={topic} topicId="budgeting" />}>
        <Route path="/topic/:topicId/page/:pageId" element={<TopicPage />} />
      </Route>
    </Routes>,
    { path, org },
  );
}

function topicWith(overrides: Partial<TopicView> = {}, pageOverrides = {}) {
  return sampleTopic({
    pages: [samplePage('intro', { name: 'Introduction', fragments, ...pageOverrides })],
    ...overrides,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('TopicPage', () => {
  function stubContent() {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ content: { body: '<p>The long body.</p>', locale: 'en-US' } }),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('renders the fragments in order, leaving out those whose condition does not hold', async () => {
    stubContent();
    renderPage(topicWith());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Introduction');
    expect(document.title).toBe('Introduction · Budgeting · Sample Academy');
    await screen.findByText('The long body.');
    const kinds = [...document.querySelectorAll('.fragment')].map((el) => el.className);
    expect(kinds).toEqual([
      'fragment fragment--content',
      'fragment fragment--attachment',
      'fragment fragment--attachment',
      'fragment fragment--field',
      'fragment fragment--formula',
      'fragment fragment--content',
    ]);
    expect(screen.queryByText(/Hidden until/)).toBeNull();
  });

  it('marks glossary words in content', () => {
    stubContent();
    renderPage(topicWith());
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['budget']);
  });

  it('fetches a body stored apart, by its content id, page and locale', async () => {
    const fetchMock = stubContent();
    renderPage(topicWith());
    await screen.findByText('The long body.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/org/sample/long-body/content/?parent=intro&locale=en-US',
      expect.anything(),
    );
  });

  it('plays .mp4 attachments, with a thumbnail taken 10 s in, and links other files', () => {
    stubContent();
    renderPage(topicWith());
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/media/sample/steps.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.getAttribute('aria-label')).toBe('Four steps');
    const thumbnail = screen.getByTestId('thumbnail');
    expect(thumbnail.dataset.url).toBe('/media/sample/steps.mp4');
    expect(thumbnail.dataset.at).toBe('10');
    // Its captions, named by their language.
    const track = video?.querySelector('track');
    expect(track?.getAttribute('kind')).toBe('captions');
    expect(track?.getAttribute('src')).toBe('/media/sample/steps.fr-CA.vtt');
    expect(track?.getAttribute('srclang')).toBe('fr-CA');
    expect(track?.getAttribute('label')).toMatch(/French/);
    expect(track?.hasAttribute('default')).toBe(true);
    const download = screen.getByRole('link', { name: /Template/ });
    expect(download.getAttribute('href')).toBe('/media/sample/template.csv');
    expect(download.hasAttribute('download')).toBe(true);
    expect(download.textContent).toBe('Template (CSV file)');
    expect(screen.getByText('Fill it.')).toBeDefined();
  });

  it("draws fields with the workbook's inputs, and formulas with their value as answers change", () => {
    stubContent();
    renderPage(topicWith());
    const income = screen.getByLabelText<HTMLInputElement>('Monthly income');
    expect(income.disabled).toBe(false);
    expect(screen.getByText('How much comes in?')).toBeDefined();
    const formula = screen.getByRole('group', { name: 'Left over' });
    expect(within(formula).getByText('Income minus costs.')).toBeDefined();
    // Nothing to work from yet: a placeholder, not -1,200.
    expect(within(formula).getByText('Waiting for your answers')).toBeDefined();
    fireEvent.change(income, { target: { value: '3000' } });
    expect(within(formula).getByText('1,800')).toBeDefined();
  });

  describe('sharing icons', () => {
    const shareGroup = () => screen.queryByRole('group', { name: 'Share this page' });

    it('appear when the group, the topic and the page are all public', () => {
      stubContent();
      renderPage(topicWith());
      const group = shareGroup();
      expect(group).not.toBeNull();
      if (!group) return;
      expect(
        within(group).getByRole('button', { name: 'Copy the link to this page' }),
      ).toBeDefined();
      const email = within(group).getByRole('link', { name: 'Share this page by email' });
      expect(email.getAttribute('href')).toMatch(/^mailto:\?subject=Introduction/);
    });

    it.each([
      ['a private topic', { visibility: 'Private' as const }, {}],
      [
        'a private group',
        { parentTopicGroup: { _id: 'g', name: 'G', visibility: 'Private' as const } },
        {},
      ],
      ['no group (the general topic)', { parentTopicGroup: undefined }, {}],
      ['a private page', {}, { visibility: 'Private' as const }],
    ])('are left out for %s', (_case, topicOverrides, pageOverrides) => {
      stubContent();
      renderPage(topicWith(topicOverrides, pageOverrides));
      expect(shareGroup()).toBeNull();
    });
  });

  it('is the not-found page for a page the topic does not have', () => {
    renderPage(topicWith(), '/topic/budgeting/page/nope');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Page not found, please select another topic to continue',
    );
  });
});
