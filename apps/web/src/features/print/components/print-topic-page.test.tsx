import type { FieldView, FragmentView, Scores, TopicView } from '@portal/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { LEARNER_TOKEN, renderWithWorkbook } from '../../../test/render-workbook';
import { sampleAccount } from '../../../test/sample-account';
import { samplePage, sampleTopic } from '../../../test/sample-topic';
import { PrintTopicPage } from './print-topic-page';

function fieldFragment(field: Omit<FieldView, 'isScored' | 'question'>): FragmentView {
  return {
    _id: `fragment-${field._id}`,
    type: 'field',
    field: { question: '', isScored: false, ...field },
  };
}

const choices = [
  { _id: 'c1', value: 'rent', label: 'Rent' },
  { _id: 'c2', value: 'food', label: 'Food' },
];

const topic: TopicView = sampleTopic({
  pages: [
    samplePage('intro', {
      name: 'Introduction',
      fragments: [
        { _id: 'c', type: 'content', content: { body: '<p>Welcome to budgeting.</p>' } },
        {
          _id: 'a',
          type: 'attachment',
          attachment: { url: '/media/plan.pdf', name: 'Budget plan', description: 'A template' },
        },
      ],
    }),
    samplePage('answers', {
      name: 'Your answers',
      fragments: [
        fieldFragment({ _id: 'income', name: 'Income', type: 'number' }),
        fieldFragment({ _id: 'goal', name: 'Goal', type: 'string' }),
        fieldFragment({ _id: 'fixed', name: 'Fixed expense', type: 'radio', pickList: choices }),
        fieldFragment({ _id: 'pick', name: 'Pick one', type: 'select', pickList: choices }),
        fieldFragment({ _id: 'static', name: 'Never changes', type: 'boolean' }),
        fieldFragment({ _id: 'share', name: 'Share', type: 'slider', minValue: 0, maxValue: 10 }),
        fieldFragment({ _id: 'grid', name: 'Grid', type: 'table', rowCount: 1, columnCount: 2 }),
        {
          _id: 'total',
          type: 'formula',
          formula: {
            _id: 'total',
            name: 'Twice the income',
            description: '',
            body: '<span data-ref="income"></span> * 2',
          },
        },
      ],
    }),
    samplePage('hidden', {
      name: 'Hidden page',
      showCondition: { enabled: true, formula: { body: '<span data-ref="income"></span> > 5000' } },
    }),
  ],
});

const worksheet = (id: string, name: string, data: Record<string, unknown>) => ({
  _id: id,
  name,
  createdAt: '2024-01-01',
  data,
  fieldTimes: {},
  completedPages: [],
});

/** A visitor's workbook in this browser: worksheets of the topic, and maybe a saved history. */
function storeVisitorWorkbook(
  worksheets: ReturnType<typeof worksheet>[],
  history: { topicId: string; worksheetIndex: number; pageId: string } | null = null,
) {
  window.localStorage.setItem(
    'anonymousWorkbook',
    JSON.stringify({
      general: { data: {}, fieldTimes: {}, completedPages: [] },
      topics: { budgeting: worksheets },
      history,
    }),
  );
}

function storeVisitorAnswers(data: Record<string, unknown>) {
  storeVisitorWorkbook([worksheet('w1', 'Mine', data)]);
}

/** Two worksheets of a topic with several, and a saved history that may point at one. */
function storeTwoWorksheets(history: { topicId: string; worksheetIndex: number } | null) {
  storeVisitorWorkbook(
    [
      worksheet('w1', 'First plan', { goal: 'Pay off the card' }),
      worksheet('w2', 'Second plan', { goal: 'Buy a bike' }),
    ],
    history && { ...history, pageId: 'answers' },
  );
}

const multiTopic: TopicView = { ...topic, allowMultiWorksheets: true };

/** The print view as the app shows it: inside the workbook boundary, a visitor unless told. */
function renderPrint(
  shown: TopicView = topic,
  learner: Parameters<typeof renderWithWorkbook>[1] = {},
  grades: Scores | null = null,
) {
  const requests = fakeApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/org/sample/topic/budgeting') return ok({ topic: shown });
    if (grades && path === '/api/org/sample/topic/budgeting/worksheet/0/grade')
      return ok({ scores: grades });
    return undefined;
  });
  renderWithWorkbook(
    <Routes>
      <Route path="/print/topic/:topicId" element={<PrintTopicPage />} />
      <Route path="/topic/:topicId" element={<p>the topic home</p>} />
    </Routes>,
    { path: '/print/topic/budgeting', ...learner },
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PrintTopicPage', () => {
  it('shows every page the learner sees with content and answers, every input disabled', async () => {
    storeVisitorAnswers({
      income: 3200,
      goal: 'Save more',
      fixed: 'rent',
      pick: 'food',
      static: false,
      share: 4,
      grid: [['a', 'b']],
    });
    renderPrint();
    expect(await screen.findByRole('heading', { level: 1, name: 'Budgeting' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Introduction',
      'Your answers',
    ]);
    expect(screen.getByText('Welcome to budgeting.')).toBeDefined();
    expect(screen.getByText(/Attachment: Budget plan/)).toBeDefined();

    const controls = document.querySelectorAll('.print-view :is(input, select, textarea)');
    expect(controls.length).toBeGreaterThan(8);
    // Disabled one by one, or by their fieldset (a radio group).
    for (const control of controls) expect(control.matches(':disabled')).toBe(true);

    expect((screen.getByLabelText('Income') as HTMLInputElement).value).toBe('3,200');
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe('Save more');
    expect((screen.getByLabelText('Pick one') as HTMLSelectElement).value).toBe('food');
    const fixed = screen.getByRole('group', { name: 'Fixed expense' });
    expect((within(fixed).getByLabelText('Rent') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Never changes') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Row 1, column 2') as HTMLInputElement).value).toBe('b');
    expect(screen.getByText('6,400')).toBeDefined();

    // On paper each answer is text (print.css hides the controls): the chosen label, whole.
    const printed = [...document.querySelectorAll('[data-printed-answer]')].map(
      (p) => p.textContent,
    );
    expect(printed).toEqual(['3,200', 'Save more', 'Rent', 'Food', 'No', '4 (0–10)']);
    expect(
      [...document.querySelectorAll('.field-table__printed')].map((s) => s.textContent),
    ).toEqual(['a', 'b']);
  });

  it('prints an answer left empty as "Not answered", and a formula without inputs as waiting', async () => {
    storeVisitorAnswers({});
    renderPrint();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your answers' })).toBeDefined();
    const printed = [...document.querySelectorAll('[data-printed-answer]')].map(
      (p) => p.textContent,
    );
    expect(printed.filter((text) => text === 'Not answered')).toHaveLength(5);
    expect(
      screen.getByText('Twice the income').closest('.print-formula')?.querySelector('output')
        ?.textContent,
    ).toBe('Waiting for your answers');
  });

  it('prints with the Print button and goes back with Cancel', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPrint();
    const actions = await screen.findByRole('group', { name: 'Print options' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // Opened on its own (no history to go back to): Cancel leads to the topic.
    fireEvent.click(within(actions).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('the topic home')).toBeDefined();
  });

  it("computes formulas from a signed-in learner's saved answers and scores", async () => {
    const quiz = samplePage('quiz', {
      name: 'Quiz',
      hasScoredFields: true,
      fragments: [
        {
          _id: 'points',
          type: 'formula',
          formula: {
            _id: 'points',
            name: 'Points',
            description: '',
            body: '<span data-ref="quiz" data-use="score"></span>',
          },
        },
      ],
    });
    const scores: Scores = {
      score: 1,
      total: 1,
      summary: { quiz: [{ fieldId: 'q1', isCorrect: true, scoreWeight: 1 }] },
    };
    const workbook = {
      general: { data: {}, fieldTimes: {}, completedPages: [] },
      topics: { budgeting: [worksheet('w1', 'Mine', { income: 2000 })] },
      history: null,
      removedWorksheets: {},
    };
    const requests = renderPrint(
      { ...topic, pages: [...topic.pages, quiz] },
      { account: sampleAccount(), workbook },
      scores,
    );
    expect(await screen.findByText('4,000')).toBeDefined();
    expect((screen.getByLabelText('Income') as HTMLInputElement).value).toBe('2,000');
    const points = await screen.findByText('Points');
    expect(points.closest('.print-formula')?.querySelector('output')?.textContent).toBe('1');
    // The scores are the learner's own: asked for with their token.
    const grade = requests.find((r) => r.url.pathname.endsWith('/worksheet/0/grade'));
    expect(grade?.headers.get('Authorization')).toBe(`Bearer ${LEARNER_TOKEN}`);
  });

  it("prints the saved history's worksheet of a topic with several", async () => {
    storeTwoWorksheets({ topicId: 'budgeting', worksheetIndex: 1 });
    renderPrint(multiTopic);
    expect(await screen.findByText('Worksheet: Second plan')).toBeDefined();
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe('Buy a bike');
  });

  it.each([
    ['is of another topic', { topicId: 'saving', worksheetIndex: 1 }],
    ['points past the worksheets', { topicId: 'budgeting', worksheetIndex: 2 }],
    ['is none', null],
  ])('prints the first worksheet when the saved history %s', async (_, history) => {
    storeTwoWorksheets(history);
    renderPrint(multiTopic);
    expect(await screen.findByText('Worksheet: First plan')).toBeDefined();
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe('Pay off the card');
  });

  it('shows the not-found page for an unknown topic', async () => {
    fakeApi(() => undefined);
    renderWithWorkbook(
      <Routes>
        <Route path="/print/topic/:topicId" element={<PrintTopicPage />} />
      </Routes>,
      { path: '/print/topic/nope' },
    );
    expect(
      await screen.findByRole('heading', {
        name: 'Page not found, please select another topic to continue',
      }),
    ).toBeDefined();
  });
});
