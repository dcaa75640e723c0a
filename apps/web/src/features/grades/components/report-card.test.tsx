import type { Scores, TopicView } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopicWorkbookContext, type TopicWorkbook } from '../../../lib/workbook';
import type { TopicOutletContext } from '../../../lib/topic-outlet';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { samplePage, sampleTopic } from '../../../test/sample-topic';
import { ReportCard } from './report-card';

const topic: TopicView = sampleTopic({
  pages: [
    samplePage('intro', { name: 'Introduction' }),
    samplePage('quiz', {
      name: 'Quiz',
      hasScoredFields: true,
      fragments: [
        {
          _id: 'f1',
          type: 'field',
          field: {
            _id: 'q-rent',
            name: 'Fixed expense',
            question: '<p>Which one is fixed?</p>',
            type: 'radio',
            isScored: true,
            scoreWeight: 1,
          },
        },
        {
          _id: 'f2',
          type: 'field',
          field: { _id: 'q-needs', name: 'Needs', question: '', type: 'number', isScored: true },
        },
      ],
    }),
  ],
});

const scores: Scores = {
  score: 1,
  total: 3,
  summary: {
    quiz: [
      { fieldId: 'q-rent', isCorrect: true, scoreWeight: 1 },
      { fieldId: 'q-needs', isCorrect: false, scoreWeight: 2 },
    ],
  },
};

function TopicOutlet({ workbook }: { workbook?: Partial<TopicWorkbook> }) {
  const context: TopicOutletContext = { topicId: 'budgeting', topic, pages: topic.pages };
  const outlet = <Outlet context={context} />;
  return workbook ? (
    <TopicWorkbookContext.Provider value={workbook as TopicWorkbook}>
      {outlet}
    </TopicWorkbookContext.Provider>
  ) : (
    outlet
  );
}

function renderReportCard({
  signedIn = true,
  workbook,
}: { signedIn?: boolean; workbook?: Partial<TopicWorkbook> } = {}) {
  return renderWithSession(
    <Routes>
      <Route element={<TopicOutlet workbook={workbook} />}>
        <Route path="/topic/:topicId/reportcard" element={<ReportCard />} />
      </Route>
    </Routes>,
    {
      path: '/topic/budgeting/reportcard',
      session: signedIn ? { account: sampleAccount() } : {},
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportCard', () => {
  it('shows each scored field by page, right or wrong in words, its weight and the total', async () => {
    const requests = fakeApi((request) =>
      request.url.pathname === '/api/org/sample/topic/budgeting/worksheet/0/grade'
        ? ok({ scores })
        : undefined,
    );
    renderReportCard();
    expect(screen.getByRole('heading', { level: 1, name: 'Report card' })).toBeDefined();
    expect((await screen.findByTestId('report-score')).textContent).toBe('1 / 3');
    expect(screen.getByTestId('report-percent').textContent).toBe('33%');
    expect(requests).toHaveLength(1);

    const section = screen.getByRole('region', { name: 'Quiz' });
    expect(within(section).getByText('Page score: 1 / 3')).toBeDefined();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Fixed expenseWhich one is fixed?✓Correct1 point',
      'Needs✗Incorrect2 points',
    ]);
    // The icons are decoration: the words say right or wrong.
    for (const icon of section.querySelectorAll('.result-mark__icon'))
      expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Introduction' })).toBeNull();
  });

  it("shows the error's message text when the scores cannot be loaded (spec §8)", async () => {
    fakeApi(() => ({ status: 404, body: { errors: ['Worksheet 0 does not exist'] } }));
    renderReportCard();
    expect((await screen.findByRole('alert')).textContent).toBe('Worksheet 0 does not exist');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('asks a visitor to sign in and loads nothing', () => {
    const requests = fakeApi(() => undefined);
    renderReportCard({ signedIn: false });
    expect(screen.getByText(/Sign in to see your report card/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(requests).toHaveLength(0);
  });

  it('grades the worksheet the workbook has selected and clears the history once', async () => {
    const requests = fakeApi(() => ok({ scores }));
    const clearHistory = vi.fn();
    renderReportCard({ workbook: { worksheetIndex: 2, clearHistory } });
    await screen.findByTestId('report-score');
    expect(requests[0]!.url.pathname).toBe('/api/org/sample/topic/budgeting/worksheet/2/grade');
    await waitFor(() => expect(clearHistory).toHaveBeenCalledTimes(1));
  });

  it('says so when the topic has no scored answers', async () => {
    fakeApi(() => ok({ scores: { score: 0, total: 0, summary: {} } }));
    renderReportCard();
    expect((await screen.findByTestId('report-score')).textContent).toBe('0 / 0');
    expect(screen.getByTestId('report-percent').textContent).toBe('0%');
    expect(screen.getByText('This topic has no scored questions yet.')).toBeDefined();
  });
});
