import {
  emptyWorkbook,
  mergeWorkbooks,
  type FieldView,
  type FragmentView,
  type TopicView,
  type Workbook,
} from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportCard } from '../features/grades';
import { TopicPage } from '../features/page';
import { PrintTopicPage } from '../features/print';
import { TopicHome, TopicLayout } from '../features/topics';
import { MessagesPanelProvider } from '../lib/messages-panel';
import { SessionContext } from '../lib/session/session-context';
import { SessionTokenProvider } from '../lib/session/session-token';
import { fakeApi, isRoute, ok, type FakeAnswer, type FakeRequest } from '../test/fake-api';
import { renderWithOrganisation } from '../test/render';
import { VISITOR_SESSION } from '../test/render-session';
import { sampleAccount } from '../test/sample-account';
import { samplePage, sampleTopic } from '../test/sample-topic';
import { StudioPreviewBoundary } from './studio-preview-boundary';

const TOKEN = 'author-token';

function numberField(id: string, name: string, extra: Partial<FieldView> = {}): FragmentView {
  return {
    _id: `frag-${id}`,
    type: 'field',
    field: { _id: id, name, question: '', type: 'number', isScored: false, ...extra },
  };
}

const ref = (id: string) => `<span data-ref="${id}"></span>`;

/** The draft as the preview route answers it (the learner's shape). */
const draft: TopicView = sampleTopic({
  name: 'Budgeting (draft)',
  showGradeReport: true,
  hasScoredFields: true,
  pages: [
    samplePage('numbers', {
      name: 'Your numbers',
      hasScoredFields: true,
      fragments: [
        numberField('income', 'Income', { isScored: true, scoreWeight: 1 }),
        numberField('rent', 'Rent', { defaultValue: 1000 }),
        {
          _id: 'frag-left',
          type: 'formula',
          formula: {
            _id: 'left',
            name: 'Left over',
            description: '',
            body: `${ref('income')} - ${ref('rent')}`,
          },
        },
      ],
    }),
  ],
});

/** The studio's preview routes; any learner route answers 500, which the tests look for. */
function server(options: { workbookStatus?: number } = {}) {
  let stored: Workbook = emptyWorkbook();
  let version = 0;
  const answer = () => ok({ workbook: { workbook: stored, version, updatedAt: 'now' } });
  const requests = fakeApi((request: FakeRequest): FakeAnswer | undefined => {
    if (isRoute(request, 'studioPreviewTopic')) return ok({ topic: draft });
    if (isRoute(request, 'studioPreviewWorkbook')) {
      if (options.workbookStatus)
        return { status: options.workbookStatus, body: { errors: ['Refused'] } };
      return answer();
    }
    if (isRoute(request, 'saveStudioPreviewWorkbook')) {
      stored = mergeWorkbooks(stored, (request.body as { workbook: Workbook }).workbook);
      version += 1;
      return answer();
    }
    if (isRoute(request, 'resetStudioPreviewWorkbook')) {
      stored = emptyWorkbook();
      version = 0;
      return answer();
    }
    if (isRoute(request, 'studioPreviewGrade')) {
      const income = stored.topics.budgeting?.[0]?.data.income;
      const isCorrect = income === 200;
      return ok({
        scores: {
          score: isCorrect ? 1 : 0,
          total: 1,
          summary: { numbers: [{ fieldId: 'income', isCorrect, scoreWeight: 1 }] },
        },
      });
    }
    return { status: 500, body: { errors: ['A learner route was called'] } };
  });
  return { requests, stored: () => stored };
}

function renderPreview(path: string, options: { signedIn?: boolean } = {}) {
  const signedIn = options.signedIn ?? true;
  if (signedIn) window.localStorage.setItem('token', TOKEN);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = signedIn
    ? { ...VISITOR_SESSION, account: sampleAccount(), isSignedIn: true }
    : VISITOR_SESSION;
  renderWithOrganisation(
    <QueryClientProvider client={client}>
      <SessionTokenProvider>
        <SessionContext.Provider value={session}>
          <MessagesPanelProvider>
            <main>
              <Routes>
                <Route element={<StudioPreviewBoundary />}>
                  <Route element={<TopicLayout />}>
                    <Route path="/studio/topic/:topicId/preview" element={<TopicHome />} />
                    <Route
                      path="/studio/topic/:topicId/preview/page/:pageId"
                      element={<TopicPage />}
                    />
                    <Route
                      path="/studio/topic/:topicId/preview/reportcard"
                      element={<ReportCard />}
                    />
                  </Route>
                  <Route path="/studio/topic/:topicId/preview/print" element={<PrintTopicPage />} />
                </Route>
              </Routes>
            </main>
          </MessagesPanelProvider>
        </SessionContext.Provider>
      </SessionTokenProvider>
    </QueryClientProvider>,
    { path },
  );
  return client;
}

const formulaValue = (name: string) =>
  within(screen.getByRole('group', { name })).getByText((_, el) =>
    Boolean(el?.classList.contains('formula__value')),
  ).textContent;
const saveStatus = () => document.querySelector('.save-status__text')?.textContent ?? '';
const learnerCalls = (requests: FakeRequest[]) =>
  requests.filter((r) => !r.url.pathname.startsWith('/api/org/sample/studio/'));

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the studio’s preview of a draft', () => {
  it('draws the draft in the learner’s page, recalculates formulas and saves to the preview workbook only', async () => {
    const api = server();
    renderPreview('/studio/topic/budgeting/preview/page/numbers');
    const income = await screen.findByLabelText('Income');
    expect(
      screen.getByText('Preview of the draft — answers are not saved to any learner'),
    ).toBeDefined();
    expect(screen.getAllByText('Budgeting (draft)').length).toBeGreaterThan(0);
    expect(formulaValue('Left over')).toBe('-1,000');
    fireEvent.focus(income);
    fireEvent.change(income, { target: { value: '3000' } });
    expect(formulaValue('Left over')).toBe('2,000');
    fireEvent.blur(income);
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    expect(api.stored().topics.budgeting?.[0]?.data).toMatchObject({ income: 3000 });
    expect(api.requests.some((r) => isRoute(r, 'saveStudioPreviewWorkbook'))).toBe(true);
    // Nothing went to the learner's topic, workbook, scores or analytics.
    expect(learnerCalls(api.requests)).toEqual([]);
  });

  it('keeps its links in the preview: sidebar, previous and next, print', async () => {
    server();
    renderPreview('/studio/topic/budgeting/preview');
    const nav = await screen.findByRole('navigation', { name: 'Pages of Budgeting (draft)' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/studio/topic/budgeting/preview',
      '/studio/topic/budgeting/preview/page/numbers',
      '/studio/topic/budgeting/preview/reportcard',
      '/studio/topic/budgeting/preview/others',
    ]);
    expect(screen.getByRole('link', { name: /Print/ }).getAttribute('href')).toBe(
      '/studio/topic/budgeting/preview/print',
    );
    expect(screen.getByRole('link', { name: 'Back to the editor' }).getAttribute('href')).toBe(
      '/studio/topic/budgeting',
    );
  });

  it('grades on the preview route in the report card', async () => {
    const api = server();
    renderPreview('/studio/topic/budgeting/preview/page/numbers');
    const income = await screen.findByLabelText('Income');
    fireEvent.focus(income);
    fireEvent.change(income, { target: { value: '200' } });
    fireEvent.blur(income);
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    const nav = screen.getByRole('navigation', { name: 'Pages of Budgeting (draft)' });
    fireEvent.click(within(nav).getByRole('link', { name: /Report card/ }));
    expect(await screen.findByText('Correct')).toBeDefined();
    expect(screen.getAllByText('1 / 1').length).toBeGreaterThan(0);
    expect(api.requests.some((r) => isRoute(r, 'studioPreviewGrade'))).toBe(true);
    expect(learnerCalls(api.requests)).toEqual([]);
  });

  it('resets the answers and draws the page again from the empty workbook', async () => {
    const api = server();
    renderPreview('/studio/topic/budgeting/preview/page/numbers');
    const income = await screen.findByLabelText('Income');
    fireEvent.focus(income);
    fireEvent.change(income, { target: { value: '3000' } });
    fireEvent.blur(income);
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reset answers' }));
    });
    expect(await screen.findByText('The preview’s answers were reset.')).toBeDefined();
    expect(api.requests.some((r) => isRoute(r, 'resetStudioPreviewWorkbook'))).toBe(true);
    await waitFor(() =>
      expect((screen.getByLabelText('Income') as HTMLInputElement).value).toBe(''),
    );
    expect(formulaValue('Left over')).toBe('-1,000');
    // The next edit goes on from the empty workbook.
    const again = screen.getByLabelText('Income');
    fireEvent.focus(again);
    fireEvent.change(again, { target: { value: '7' } });
    fireEvent.blur(again);
    await waitFor(() => expect(api.stored().topics.budgeting?.[0]?.data.income).toBe(7));
    expect(learnerCalls(api.requests)).toEqual([]);
  });

  it('prints the draft with the preview’s answers', async () => {
    server();
    renderPreview('/studio/topic/budgeting/preview/print');
    expect(await screen.findByRole('button', { name: /Print/ })).toBeDefined();
    expect(screen.getAllByText('Budgeting (draft)').length).toBeGreaterThan(0);
  });

  it('says who may preview: a learner is refused, a visitor asked to log in', async () => {
    server({ workbookStatus: 403 });
    renderPreview('/studio/topic/budgeting/preview');
    expect(
      await screen.findByRole('heading', {
        name: 'Only the organisation’s authors and administrators can preview drafts',
      }),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Reset answers' })).toBeNull();
  });

  it('asks a visitor to log in, and is axe-clean', async () => {
    server();
    renderPreview('/studio/topic/budgeting/preview', { signedIn: false });
    expect(
      await screen.findByRole('heading', { name: 'Log in to preview this draft' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDefined();
    const results = await axe.run(document.body, {
      // jsdom draws nothing: contrast is checked in Chromium.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('is axe-clean with the draft on screen', async () => {
    server();
    renderPreview('/studio/topic/budgeting/preview/page/numbers');
    await screen.findByLabelText('Income');
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
  });
});
