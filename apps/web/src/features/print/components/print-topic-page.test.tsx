import type { FieldView, FragmentView, TopicView } from '@portal/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TopicWorkbookContext,
  WorkbookFeatureContext,
  type FieldSlotProps,
  type TopicWorkbook,
  type WorkbookFeature,
} from '../../../lib/workbook';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
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

function renderPrint(
  wrap: (ui: React.ReactElement) => React.ReactElement = (ui) => ui,
  shown: TopicView = topic,
) {
  fakeApi((request) =>
    request.url.pathname === '/api/org/sample/topic/budgeting' ? ok({ topic: shown }) : undefined,
  );
  return renderWithSession(
    wrap(
      <Routes>
        <Route path="/print/topic/:topicId" element={<PrintTopicPage />} />
        <Route path="/topic/:topicId" element={<p>the topic home</p>} />
      </Routes>,
    ),
    { path: '/print/topic/budgeting' },
  );
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
    const { container } = renderPrint();
    expect(await screen.findByRole('heading', { level: 1, name: 'Budgeting' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Introduction',
      'Your answers',
    ]);
    expect(screen.getByText('Welcome to budgeting.')).toBeDefined();
    expect(screen.getByText(/Attachment: Budget plan/)).toBeDefined();

    const controls = container.querySelectorAll('input, select, textarea');
    expect(controls.length).toBeGreaterThan(8);
    for (const control of controls) expect((control as HTMLInputElement).disabled).toBe(true);

    expect((screen.getByLabelText('Income') as HTMLInputElement).value).toBe('3200');
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe('Save more');
    expect((screen.getByLabelText('Pick one') as HTMLSelectElement).value).toBe('food');
    const fixed = screen.getByRole('group', { name: 'Fixed expense' });
    expect((within(fixed).getByLabelText('Rent') as HTMLInputElement).checked).toBe(true);
    const never = screen.getByRole('group', { name: 'Never changes' });
    expect((within(never).getByLabelText('No') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Grid 1, 2') as HTMLInputElement).value).toBe('b');
    expect(screen.getByText('6,400')).toBeDefined();
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

  it("draws fields with the workbook's own components, read-only, when the workbook is there", async () => {
    const Field = vi.fn(({ field, readOnly }: FieldSlotProps) => (
      <p>
        {field.name} {readOnly ? 'read-only' : 'editable'}
      </p>
    ));
    const workbook = {
      topic,
      worksheetIndex: 0,
      worksheets: [{ _id: 'w1', name: 'Mine' }],
      answers: { income: 1 },
      isShown: (item: { showCondition?: { enabled: boolean } }) => !item.showCondition?.enabled,
      formulaText: () => '42',
    } as unknown as TopicWorkbook;
    const feature = {
      TopicScope: ({ children }: { children: React.ReactNode }) => (
        <TopicWorkbookContext.Provider value={workbook}>{children}</TopicWorkbookContext.Provider>
      ),
      Field,
    } as unknown as WorkbookFeature;
    renderPrint((ui) => (
      <WorkbookFeatureContext.Provider value={feature}>{ui}</WorkbookFeatureContext.Provider>
    ));
    expect(await screen.findByText('Income read-only')).toBeDefined();
    expect(screen.getByText('Grid read-only')).toBeDefined();
    expect(screen.getByText('42')).toBeDefined();
    expect(screen.queryByText('editable', { exact: false })).toBeNull();
  });

  it("prints the saved history's worksheet of a topic with several", async () => {
    storeTwoWorksheets({ topicId: 'budgeting', worksheetIndex: 1 });
    renderPrint(undefined, multiTopic);
    expect(await screen.findByText('Worksheet: Second plan')).toBeDefined();
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe('Buy a bike');
  });

  it.each([
    ['is of another topic', { topicId: 'saving', worksheetIndex: 1 }],
    ['points past the worksheets', { topicId: 'budgeting', worksheetIndex: 2 }],
    ['is none', null],
  ])('prints the first worksheet when the saved history %s', async (_, history) => {
    storeTwoWorksheets(history);
    renderPrint(undefined, multiTopic);
    expect(await screen.findByText('Worksheet: First plan')).toBeDefined();
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe('Pay off the card');
  });

  it('shows the not-found page for an unknown topic', async () => {
    fakeApi(() => undefined);
    renderWithSession(
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
