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
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopicPage } from '../features/page';
import { TopicHome, TopicLayout } from '../features/topics';
import { workbookKeys } from '../lib/api/workbook';
import { MessagesPanelProvider } from '../lib/messages-panel';
import { SessionContext } from '../lib/session/session-context';
import { SessionTokenProvider } from '../lib/session/session-token';
import { viewerKey } from '../lib/session/token-store';
import { fakeApi, ok, type FakeAnswer, type FakeRequest } from '../test/fake-api';
import { renderWithOrganisation } from '../test/render';
import { VISITOR_SESSION } from '../test/render-session';
import { sampleAccount } from '../test/sample-account';
import { samplePage, sampleTopic } from '../test/sample-topic';
import { WorkbookBoundary } from './workbook-boundary';

const TOKEN = 'learner-token';

function numberField(id: string, name: string, extra: Partial<FieldView> = {}): FragmentView {
  return {
    _id: `frag-${id}`,
    type: 'field',
    field: { _id: id, name, question: '', type: 'number', isScored: false, ...extra },
  };
}

const ref = (id: string, use?: string) =>
  `<span data-ref="${id}"${use ? ` data-use="${use}"` : ''}></span>`;

const topic: TopicView = sampleTopic({
  allowMultiWorksheets: true,
  pages: [
    samplePage('numbers', {
      name: 'Your numbers',
      fragments: [
        numberField('income', 'Income'),
        numberField('rent', 'Rent', { defaultValue: 1000 }),
        {
          _id: 'frag-debt',
          type: 'field',
          field: {
            _id: 'has-debt',
            name: 'I carry debt',
            question: '',
            type: 'boolean',
            isScored: false,
          },
        },
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
        {
          _id: 'frag-tips',
          type: 'content',
          showCondition: { enabled: true, formula: { body: ref('has-debt') } },
          content: { body: '<p>Pay the most expensive debt first.</p>' },
        },
      ],
    }),
    samplePage('debts', {
      name: 'Your debts',
      showCondition: { enabled: true, formula: { body: ref('has-debt') } },
    }),
    samplePage('quiz', {
      name: 'Quiz',
      hasScoredFields: true,
      fragments: [
        {
          _id: 'frag-q1',
          type: 'field',
          field: {
            _id: 'q1',
            name: 'A fixed expense',
            question: '',
            type: 'radio',
            isScored: true,
            scoreWeight: 1,
            pickList: [
              { _id: 'a', value: 'rent', label: 'Rent' },
              { _id: 'b', value: 'food', label: 'Groceries' },
            ],
          },
        },
        {
          _id: 'frag-note',
          type: 'field',
          field: { _id: 'note', name: 'A note', question: '', type: 'string', isScored: false },
        },
        {
          _id: 'frag-score',
          type: 'formula',
          formula: { _id: 'points', name: 'Points', description: '', body: ref('quiz', 'score') },
        },
      ],
    }),
  ],
});

/** The server: the topic, the workbook (merged on PUT, as the real one), and grades. */
function server(options: { isFailing?: { current: boolean }; workbook?: Workbook } = {}) {
  let stored = options.workbook ?? emptyWorkbook();
  const requests = fakeApi((request: FakeRequest): FakeAnswer | undefined => {
    const path = request.url.pathname;
    if (path === '/api/org/sample/topic/budgeting') return ok({ topic });
    if (request.method === 'PUT' && path === '/api/org/sample/workbook') {
      if (options.isFailing?.current)
        return { status: 503, body: { errors: ['The server is busy'] } };
      stored = mergeWorkbooks(stored, (request.body as { workbook: Workbook }).workbook);
      return ok({ workbook: { workbook: stored, version: 1, updatedAt: 'now' } });
    }
    const grade = /^\/api\/org\/sample\/topic\/budgeting\/worksheet\/(\d+)\/grade$/.exec(path);
    if (grade) {
      const sheet = stored.topics.budgeting?.[Number(grade[1])];
      if (!sheet) return { status: 404, body: { errors: ['No such worksheet'] } };
      const isCorrect = sheet.data.q1 === 'rent';
      return ok({
        scores: {
          score: isCorrect ? 1 : 0,
          total: 1,
          summary: { quiz: [{ fieldId: 'q1', isCorrect, scoreWeight: 1 }] },
        },
      });
    }
    return undefined;
  });
  return { requests, stored: () => stored };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderTopic(path: string, options: { signedIn?: boolean; workbook?: Workbook } = {}) {
  const signedIn = options.signedIn ?? true;
  if (signedIn) window.localStorage.setItem('token', TOKEN);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const viewer = viewerKey(signedIn ? TOKEN : null);
  client.setQueryData(workbookKeys.detail('sample', viewer), options.workbook ?? emptyWorkbook());
  const session = signedIn
    ? { ...VISITOR_SESSION, account: sampleAccount(), isSignedIn: true }
    : VISITOR_SESSION;
  renderWithOrganisation(
    <QueryClientProvider client={client}>
      <SessionTokenProvider>
        <SessionContext.Provider value={session}>
          <MessagesPanelProvider>
            <Routes>
              <Route element={<WorkbookBoundary />}>
                <Route element={<TopicLayout />}>
                  <Route path="/topic/:topicId" element={<TopicHome />} />
                  <Route path="/topic/:topicId/page/:pageId" element={<TopicPage />} />
                </Route>
              </Route>
              <Route path="/" element={<p>The home page</p>} />
            </Routes>
            <Where />
          </MessagesPanelProvider>
        </SessionContext.Provider>
      </SessionTokenProvider>
    </QueryClientProvider>,
    { path },
  );
  return client;
}

/** IntersectionObserver, driven by the test: `scrollToEnd()` brings every watched end into view. */
const observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
class FakeIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observed.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    this.entry.targets = [];
  }
}
function scrollToEnd() {
  act(() => {
    for (const { callback, targets } of observed)
      if (targets.length)
        callback(
          targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
  });
}

const sidebar = () => screen.getByRole('navigation', { name: 'Pages of Budgeting' });
const formulaValue = (name: string) =>
  within(screen.getByRole('group', { name })).getByText((_, el) =>
    Boolean(el?.classList.contains('formula__value')),
  ).textContent;
const saveStatus = () => document.querySelector('.save-status__text')?.textContent ?? '';
const puts = (requests: FakeRequest[]) =>
  requests
    .filter((r) => r.method === 'PUT')
    .map((r) => (r.body as { workbook: Workbook }).workbook);

beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => vi.unstubAllGlobals());

describe('a topic with its workbook', () => {
  it('recomputes formulas as a number is typed, saves on blur, then says all is saved', async () => {
    const api = server();
    renderTopic('/topic/budgeting/page/numbers');
    const income = await screen.findByLabelText('Income');
    // The default of Rent (1000) counts before anything is typed.
    expect(formulaValue('Left over')).toBe('-1,000');
    fireEvent.focus(income);
    fireEvent.change(income, { target: { value: '3000' } });
    expect(formulaValue('Left over')).toBe('2,000');
    fireEvent.change(screen.getByLabelText('Rent'), { target: { value: '1250.555' } });
    expect(formulaValue('Left over')).toBe('1,749.45');
    const before = puts(api.requests).length;
    fireEvent.blur(income);
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    const saved = puts(api.requests).slice(before).at(-1);
    expect(saved?.topics.budgeting?.[0]?.data).toMatchObject({ income: 3000, rent: 1250.555 });
    expect(api.stored().topics.budgeting?.[0]?.fieldTimes.income).toMatch(/^\d{4}-/);
  });

  it('shows fragments and pages whose condition holds, as the answer changes', async () => {
    server();
    renderTopic('/topic/budgeting/page/numbers');
    const debt = await screen.findByRole('checkbox', { name: 'I carry debt' });
    expect(screen.queryByText('Pay the most expensive debt first.')).toBeNull();
    expect(within(sidebar()).queryByRole('link', { name: /Your debts/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(
      '/topic/budgeting/page/quiz',
    );
    fireEvent.click(debt);
    expect(screen.getByText('Pay the most expensive debt first.')).toBeDefined();
    expect(within(sidebar()).getByRole('link', { name: /Your debts/ })).toBeDefined();
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(
      '/topic/budgeting/page/debts',
    );
    fireEvent.click(debt);
    expect(screen.queryByText('Pay the most expensive debt first.')).toBeNull();
  });

  it('completes a page without scored questions when its end scrolls into view', async () => {
    const api = server();
    renderTopic('/topic/budgeting/page/numbers');
    await screen.findByLabelText('Income');
    expect(within(sidebar()).queryByText('completed')).toBeNull();
    scrollToEnd();
    expect(within(sidebar()).getByRole('link', { name: 'Your numbers completed' })).toBeDefined();
    await waitFor(() =>
      expect(api.stored().topics.budgeting?.[0]?.completedPages).toEqual(['numbers']),
    );
  });

  it('completes a page with scored questions once its other fields are answered, not on scroll', async () => {
    server();
    renderTopic('/topic/budgeting/page/quiz');
    const note = await screen.findByLabelText('A note');
    scrollToEnd();
    expect(within(sidebar()).queryByText('completed')).toBeNull();
    fireEvent.click(screen.getByLabelText('Groceries'));
    expect(within(sidebar()).queryByText('completed')).toBeNull();
    fireEvent.change(note, { target: { value: 'Rent is fixed.' } });
    expect(within(sidebar()).getByRole('link', { name: 'Quiz completed' })).toBeDefined();
  });

  it('reloads the scores after a save, and formulas follow them', async () => {
    const api = server();
    renderTopic('/topic/budgeting/page/quiz');
    await screen.findByLabelText('Rent');
    // Issue 15 point 10: no bold "0" before the question it reads is answered.
    expect(formulaValue('Points')).toBe('Waiting for your answers');
    fireEvent.click(screen.getByLabelText('Rent'));
    await waitFor(() => expect(formulaValue('Points')).toBe('1'));
    const paths = api.requests.map((r) => `${r.method} ${r.url.pathname}`);
    const put = api.requests.findIndex(
      (r) => r.method === 'PUT' && JSON.stringify(r.body).includes('"q1":"rent"'),
    );
    expect(put).toBeGreaterThan(0);
    expect(paths.slice(put)).toContain('GET /api/org/sample/topic/budgeting/worksheet/0/grade');
  });

  it('adds worksheets up to the cap, switches every answer with them, and removes one after a confirmation', async () => {
    const api = server();
    renderTopic('/topic/budgeting/page/numbers');
    const income = await screen.findByLabelText<HTMLInputElement>('Income');
    fireEvent.change(income, { target: { value: '3000' } });
    fireEvent.blur(income);
    const selector = within(screen.getByRole('region', { name: 'Worksheets' }));
    const current = selector.getByLabelText<HTMLSelectElement>('Current worksheet');
    const add = selector.getByRole<HTMLButtonElement>('button', { name: 'Add a worksheet' });
    const remove = selector.getByRole<HTMLButtonElement>('button', {
      name: 'Remove this worksheet',
    });
    expect(remove.disabled).toBe(true);
    expect(selector.getByText('A topic always keeps at least one worksheet.')).toBeDefined();

    fireEvent.click(add);
    // The new one is selected, with the topic's defaults.
    expect([...current.options].map((o) => o.text)).toEqual([
      '1. New Worksheet',
      '2. New Worksheet',
    ]);
    expect(current.value).toBe('1');
    expect(screen.getByLabelText<HTMLInputElement>('Income').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Rent').value).toBe('1,000');
    fireEvent.change(current, { target: { value: '0' } });
    expect(screen.getByLabelText<HTMLInputElement>('Income').value).toBe('3,000');

    fireEvent.click(add);
    expect(current.options).toHaveLength(3);
    expect(add.disabled).toBe(true);
    expect(selector.getByText('This topic allows at most 3 worksheets.')).toBeDefined();

    fireEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Remove this worksheet?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the worksheet' }));
    expect(current.options).toHaveLength(2);
    expect(current.value).toBe('0');
    await waitFor(() => expect(api.stored().topics.budgeting).toHaveLength(2));
    expect(Object.keys(api.stored().removedWorksheets)).toHaveLength(1);
  });

  it('saves the history on entering a page, with the worksheet, and the topic home clears it', async () => {
    const api = server();
    renderTopic('/topic/budgeting/page/quiz');
    await screen.findByLabelText('A note');
    await waitFor(() =>
      expect(api.stored().history).toMatchObject({
        topicId: 'budgeting',
        pageId: 'quiz',
        worksheetIndex: 0,
      }),
    );
    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(api.stored().historyClearedAt).toBeTruthy());
    expect(api.stored().history).toBeNull();
  });

  it('renames the worksheet on the topic home (Enter saves, Escape restores)', async () => {
    const api = server();
    renderTopic('/topic/budgeting');
    const name = await screen.findByLabelText<HTMLInputElement>('Worksheet name');
    expect(name.value).toBe('New Worksheet');
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Offer A' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(name.value).toBe('New Worksheet');
    fireEvent.change(name, { target: { value: 'Offer A' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.stored().topics.budgeting?.[0]?.name).toBe('Offer A'));
    expect(screen.getByLabelText<HTMLInputElement>('Worksheet name').value).toBe('Offer A');
  });

  it('renames on leaving the box, saying "Unsaved changes" until then, never "saved"', async () => {
    const api = server();
    renderTopic('/topic/budgeting');
    const name = await screen.findByLabelText<HTMLInputElement>('Worksheet name');
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: '  Offer B ' } });
    expect(saveStatus()).toBe('Unsaved changes');
    expect(api.stored().topics.budgeting?.[0]?.name).not.toBe('Offer B');
    fireEvent.blur(name);
    await waitFor(() => expect(api.stored().topics.budgeting?.[0]?.name).toBe('Offer B'));
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    expect(name.value).toBe('Offer B');
    // An empty name is refused: the name before comes back.
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: '' } });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(name);
    expect(name.value).toBe('Offer B');
  });

  it('leaves a stale history for "/" after clearing it', async () => {
    const workbook = {
      ...emptyWorkbook(),
      history: { topicId: 'budgeting', pageId: 'gone', worksheetIndex: 0, updatedAt: '2026-01-01' },
    };
    const api = server({ workbook });
    renderTopic('/topic/budgeting/page/gone', { workbook });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    await waitFor(() => expect(api.stored().historyClearedAt).toBeTruthy());
    expect(api.stored().history).toBeNull();
  });

  it('clears a history pointing at a page its show condition hides, and goes to "/" (issue 24)', async () => {
    // "Your debts" shows only while "I carry debt" is ticked, which it is not here.
    const workbook = {
      ...emptyWorkbook(),
      history: {
        topicId: 'budgeting',
        pageId: 'debts',
        worksheetIndex: 0,
        updatedAt: '2026-01-01',
      },
    };
    const api = server({ workbook });
    renderTopic('/topic/budgeting/page/debts', { workbook });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    await waitFor(() => expect(api.stored().historyClearedAt).toBeTruthy());
    expect(api.stored().history).toBeNull();
    expect(
      screen.queryByRole('heading', {
        name: 'Page not found, please select another topic to continue',
      }),
    ).toBeNull();
  });

  it('shows a failed save with its error, retries, and only then says saved', async () => {
    const isFailing = { current: false };
    const api = server({ isFailing });
    renderTopic('/topic/budgeting/page/numbers');
    const debt = await screen.findByRole('checkbox', { name: 'I carry debt' });
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    isFailing.current = true;
    fireEvent.click(debt);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Your latest answers are not saved yet: The server is busy' +
        'Trying again automatically. Retry',
    );
    expect(saveStatus()).not.toBe('All changes saved');
    // The refused save's answer is not stored (an earlier save may have stored the box unticked).
    expect(api.stored().topics.budgeting?.[0]?.data['has-debt']).not.toBe(true);
    isFailing.current = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(saveStatus()).toBe('All changes saved'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.stored().topics.budgeting?.[0]?.data['has-debt']).toBe(true);
  });

  it("keeps a visitor's answers in the browser, without calling the server", async () => {
    const api = server();
    renderTopic('/topic/budgeting/page/numbers', { signedIn: false });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I carry debt' }));
    const kept = JSON.parse(window.localStorage.getItem('anonymousWorkbook') ?? '{}') as Workbook;
    expect(kept.topics.budgeting?.[0]?.data['has-debt']).toBe(true);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(saveStatus()).toContain('Your answers are kept in this browser.');
  });
});
