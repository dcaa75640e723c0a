import { emptyWorkbook, type Scores, type TopicView, type Workbook } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, isRoute } from '../../../test/fake-api';
import { renderWithWorkbook, TopicRoute } from '../../../test/render-workbook';
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
        {
          _id: 'f3',
          type: 'field',
          field: { _id: 'q-wants', name: 'Wants', question: '', type: 'number', isScored: true },
        },
      ],
    }),
  ],
});

const scores: Scores = {
  score: 1,
  total: 4,
  summary: {
    quiz: [
      { fieldId: 'q-rent', isCorrect: true, scoreWeight: 1 },
      { fieldId: 'q-needs', isCorrect: false, scoreWeight: 2 },
      { fieldId: 'q-wants', isCorrect: false, scoreWeight: 1, isAnswered: false },
    ],
  },
};

function renderReportCard({
  signedIn = true,
  workbook,
}: { signedIn?: boolean; workbook?: Workbook } = {}) {
  return renderWithWorkbook(
    <Routes>
      <Route element={<TopicRoute topic={topic} />}>
        <Route path="/topic/:topicId/reportcard" element={<ReportCard />} />
      </Route>
    </Routes>,
    {
      path: '/topic/budgeting/reportcard',
      ...(signedIn && { account: sampleAccount(), workbook }),
    },
  );
}

const worksheet = (id: string) => ({
  _id: id,
  name: `Plan ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  data: {},
  fieldTimes: {},
  completedPages: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportCard', () => {
  it('shows each scored field by page, right, wrong or not answered in words, its weight and the total', async () => {
    const requests = fakeApi((request) => (isRoute(request, 'grade') ? ok({ scores }) : undefined));
    renderReportCard();
    expect(screen.getByRole('heading', { level: 1, name: 'Report card' })).toBeDefined();
    expect((await screen.findByTestId('report-score')).textContent).toBe('1 / 4');
    expect(screen.getByTestId('report-percent').textContent).toBe('25%');
    expect(screen.getByTestId('report-unanswered').textContent).toBe(
      '1 question is not answered yet. It already counts in the total: answer it to earn its points.',
    );
    expect(requests).toHaveLength(1);

    const section = screen.getByRole('region', { name: 'Quiz' });
    expect(within(section).getByText('Page score: 1 / 4 · 1 not answered')).toBeDefined();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Fixed expenseWhich one is fixed?✓Correct1 point',
      'Needs✗Incorrect2 points',
      'Wants–Not answered1 point',
    ]);
    // The icons are decoration: the words say right or wrong.
    for (const icon of section.querySelectorAll('.result-mark__icon'))
      expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Introduction' })).toBeNull();
  });

  it("shows the error's own message text when the scores cannot be loaded", async () => {
    fakeApi(() => ({ status: 404, body: { errors: ['Worksheet 0 does not exist'] } }));
    renderReportCard();
    expect((await screen.findByRole('alert')).textContent).toBe('Worksheet 0 does not exist');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('asks a visitor to sign in and loads nothing', () => {
    const requests = fakeApi(() => undefined);
    renderReportCard({ signedIn: false });
    expect(screen.getByText(/Log in to see your report card/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/signin');
    expect(requests).toHaveLength(0);
  });

  it('grades the worksheet the workbook has selected and clears the history once', async () => {
    const requests = fakeApi((request) =>
      request.method === 'PUT' ? ok({ workbook: request.body }) : ok({ scores }),
    );
    // The learner was last on the third worksheet: the workbook starts there.
    const workbook: Workbook = {
      ...emptyWorkbook(),
      topics: { budgeting: [worksheet('w1'), worksheet('w2'), worksheet('w3')] },
      history: { topicId: 'budgeting', pageId: 'quiz', worksheetIndex: 2 },
    };
    renderReportCard({ workbook });
    await screen.findByTestId('report-score');
    expect(requests[0]!.url.pathname).toBe('/api/org/sample/topic/budgeting/worksheet/2/grade');
    const puts = () => requests.filter((r) => r.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect((puts()[0]!.body as { workbook: Workbook }).workbook.history).toBeNull();
  });

  it('says so when the topic has no scored answers: nothing graded yet, not "0 / 0" (issue 24)', async () => {
    fakeApi(() => ok({ scores: { score: 0, total: 0, summary: {} } }));
    renderReportCard();
    expect((await screen.findByTestId('report-score')).textContent).toBe('Nothing graded yet');
    expect(screen.queryByTestId('report-percent')).toBeNull();
    expect(screen.getByText('This topic has no scored questions yet.')).toBeDefined();
    expect(screen.queryByTestId('report-unanswered')).toBeNull();
  });
});
