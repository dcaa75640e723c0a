import type { TopicView } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPageSelection, setPageSelection } from '../../../lib/selection';
import { useTopicOutlet } from '../../../lib/topic-outlet';
import { renderWithWorkbook } from '../../../test/render-workbook';
import { sampleBundle } from '../../../test/sample-organisation';
import { sampleTopic } from '../../../test/sample-topic';
import { TopicLayout } from './topic-layout';

function Screen() {
  const { topic, pages } = useTopicOutlet();
  return (
    <p>
      screen of {topic.name} with {pages.length} pages
    </p>
  );
}

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderTopic(path: string, response: (url: string) => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) =>
    response(input instanceof Request ? input.url : String(input)),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithWorkbook(
    <Routes>
      <Route element={<TopicLayout />}>
        <Route path="/topic/:topicId" element={<Screen />} />
        <Route path="/topic/:topicId/page/:pageId" element={<Screen />} />
        <Route path="/topic/:topicId/reportcard" element={<Screen />} />
        <Route path="/topic/:topicId/others" element={<Screen />} />
        <Route path="/topic/:topicId/others/group/:topicGroupId" element={<Screen />} />
      </Route>
    </Routes>,
    { path },
  );
  return fetchMock;
}

const withTopic =
  (topic: TopicView = sampleTopic()) =>
  () =>
    answer(200, { topic });

function sidebar() {
  return screen.getByRole('navigation', { name: 'Pages of Budgeting' });
}

function turn(name: RegExp) {
  const nav = screen.queryByRole('navigation', { name: 'Previous and next page' });
  return nav ? within(nav).queryByRole('link', { name }) : null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setPageSelection(null);
});

describe('TopicLayout', () => {
  it('loads the topic in the current locale, with a spinner meanwhile', async () => {
    const fetchMock = renderTopic('/topic/budgeting', withTopic());
    expect(screen.getByRole('status').textContent).toMatch(/Loading the topic/);
    expect(await screen.findByText('screen of Budgeting with 3 pages')).toBeDefined();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/org/sample/topic/budgeting?locale=en-US');
  });

  it('lists Home, the pages, Report Card and Other Topics in the sidebar', async () => {
    renderTopic('/topic/budgeting/page/numbers', withTopic());
    await screen.findByText(/screen of/);
    const links = within(sidebar()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/topic/budgeting'],
      ['Introduction', '/topic/budgeting/page/intro'],
      ['Your numbers', '/topic/budgeting/page/numbers'],
      ['Quiz', '/topic/budgeting/page/quiz'],
      ['Report card', '/topic/budgeting/reportcard'],
      ['Other topics', '/topic/budgeting/others'],
    ]);
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Your numbers']);
  });

  it('offers previous and next in the order of the sidebar', async () => {
    renderTopic('/topic/budgeting/page/quiz', withTopic());
    await screen.findByText(/screen of/);
    expect(turn(/^Previous/)?.getAttribute('href')).toBe('/topic/budgeting/page/numbers');
    expect(turn(/^Next/)?.getAttribute('href')).toBe('/topic/budgeting/reportcard');
  });

  it('has no previous on the first page and no next on Other Topics', async () => {
    renderTopic('/topic/budgeting/page/intro', withTopic());
    await screen.findByText(/screen of/);
    expect(turn(/^Previous/)).toBeNull();
    expect(turn(/^Next/)?.textContent).toMatch(/Your numbers/);
  });

  it('leaves the report card out when the topic has no scoring', async () => {
    renderTopic('/topic/budgeting/page/quiz', withTopic(sampleTopic({ hasScoredFields: false })));
    await screen.findByText(/screen of/);
    expect(within(sidebar()).queryByRole('link', { name: 'Report card' })).toBeNull();
    expect(turn(/^Next/)?.getAttribute('href')).toBe('/topic/budgeting/others');
  });

  it('hides pages whose show condition does not hold', async () => {
    const topic = sampleTopic();
    const [first, second, third] = topic.pages;
    if (!first || !second || !third) throw new Error('three pages');
    const hidden = { ...second, showCondition: { enabled: true, formula: { body: '1 > 2' } } };
    renderTopic('/topic/budgeting', withTopic({ ...topic, pages: [first, hidden, third] }));
    expect(await screen.findByText('screen of Budgeting with 2 pages')).toBeDefined();
    expect(within(sidebar()).queryByRole('link', { name: 'Your numbers' })).toBeNull();
  });

  it('shows the subheader with a Topics link and sets the selection', async () => {
    renderTopic('/topic/budgeting/page/intro', withTopic());
    await screen.findByText(/screen of/);
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    expect(within(trail).getByRole('link', { name: 'Topics' }).getAttribute('href')).toBe(
      '/topics',
    );
    expect(readPageSelection()).toEqual({
      topicId: 'budgeting',
      topicName: 'Budgeting',
      pageName: 'Introduction',
    });
  });

  it.each([
    ['an unknown topic', '/topic/nope', () => answer(404, { errors: ['Page not found'] })],
    ['an unknown page', '/topic/budgeting/page/nope', withTopic()],
    ['an unknown group', '/topic/budgeting/others/group/nope', withTopic()],
    [
      'a report card the topic does not have',
      '/topic/budgeting/reportcard',
      withTopic(sampleTopic({ showGradeReport: false })),
    ],
  ])('shows the not-found page for %s', async (_case, path, response) => {
    renderTopic(path, response);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Page not found, please select another topic to continue',
    );
  });

  it('asks a visitor to sign in for a private topic (401)', async () => {
    renderTopic('/topic/private', () => answer(401, { errors: ['Sign in'] }));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Log in to open this topic');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/signin');
  });

  it('names the bundle that opens a private topic: its name, a link to its page, its price (issue 24)', async () => {
    const asked = renderTopic('/topic/private', (url) =>
      url.includes('/topic/private/bundles')
        ? answer(200, {
            bundles: [
              sampleBundle({ _id: 'ledger-kit', name: { 'en-US': 'Ledger kit' }, price: 79 }),
            ],
          })
        : answer(401, { errors: ['Sign in'] }),
    );
    const section = await screen.findByRole('region', { name: 'The bundle that opens it' });
    const link = within(section).getByRole('link', { name: 'Ledger kit' });
    expect(link.getAttribute('href')).toBe('/bundle/ledger-kit');
    expect(within(section).getByText('$79.00')).toBeDefined();
    // Signing in is still offered.
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/signin');
    expect(asked.mock.calls.some(([input]) => String(input).includes('/bundles?'))).toBe(true);
  });

  it('says nothing of bundles when none opens the topic', async () => {
    renderTopic('/topic/private', (url) =>
      url.includes('/bundles') ? answer(200, { bundles: [] }) : answer(401, { errors: ['No'] }),
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Log in to open this topic',
    );
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('tells a learner without the grant that the topic is not for them (403)', async () => {
    renderTopic('/topic/private', () => answer(403, { errors: ['No'] }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'You do not have access to this topic',
    );
  });

  it('offers to try again when the topic fails to load', async () => {
    renderTopic('/topic/budgeting', () => answer(500, { errors: ['boom'] }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This topic could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
