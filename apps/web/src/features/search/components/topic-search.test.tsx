import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResultTopic } from '../../../lib/topic-search';
import { renderWithSession } from '../../../test/render-session';
import { TopicSearch } from './topic-search';

interface Call {
  url: URL;
  signal?: AbortSignal | null;
}

const budgeting: SearchResultTopic = {
  _id: 'budgeting',
  name: 'Budgeting basics',
  description: '<p>Plan a budget.</p>',
};
const credit: SearchResultTopic = { _id: 'credit', name: 'Credit', description: '' };

let calls: Call[];
let answer: (url: URL) => Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = () => respond([]);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, signal: init.signal });
      return answer(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function respond(topics: SearchResultTopic[]): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify({ topics }), { status: 200 }));
}

function renderSearch(topicGroupId?: string) {
  return renderWithSession(
    <TopicSearch
      topicGroupId={topicGroupId}
      renderResults={(topics, label) => (
        <ul aria-label={label}>
          {topics.map((topic) => (
            <li key={topic._id}>{topic.name}</li>
          ))}
        </ul>
      )}
    >
      <p>the usual cards</p>
    </TopicSearch>,
    { path: '/topics' },
  );
}

function box() {
  return screen.getByRole('searchbox', { name: 'Search topics' });
}

function type(text: string) {
  fireEvent.change(box(), { target: { value: text } });
}

function status() {
  return screen.getByRole('status');
}

describe('TopicSearch', () => {
  it('is a labelled search landmark with the usual cards below while nothing is searched', () => {
    renderSearch();
    expect(screen.getByRole('search', { name: 'Search topics' })).toBeDefined();
    expect(box().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('the usual cards')).toBeDefined();
    expect(status().textContent).toBe('');
  });

  it('searches nothing under 3 characters (docs/product-spec.md §5)', async () => {
    vi.useFakeTimers();
    renderSearch();
    type('bu');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(0);
    type('  bu  ');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(0);
    expect(screen.getByText('the usual cards')).toBeDefined();
  });

  it('waits for a pause in typing, then searches once in the learner locale', async () => {
    vi.useFakeTimers();
    answer = () => respond([budgeting, credit]);
    renderSearch();
    type('bud');
    await act(() => vi.advanceTimersByTimeAsync(100));
    type('budg');
    await act(() => vi.advanceTimersByTimeAsync(100));
    type('budget');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/api/org/sample/search');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      keywords: 'budget',
      locale: 'en-US',
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const results = screen.getByRole('list', { name: 'Topics matching “budget”' });
    expect(results.textContent).toBe('Budgeting basicsCredit');
    expect(screen.getByRole('heading', { name: 'Results for “budget”' })).toBeDefined();
    expect(screen.queryByText('the usual cards')).toBeNull();
    // The live region says how many were found.
    expect(status().textContent).toBe('2 topics found');
  });

  it('searches at once on Enter', async () => {
    answer = () => respond([budgeting]);
    renderSearch();
    type('budget');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('Budgeting basics')).toBeDefined();
  });

  it("says 'No results matching your search keywords' when nothing matches", async () => {
    answer = () => respond([]);
    renderSearch();
    type('zzzzz');
    await waitFor(() =>
      expect(status().textContent).toBe('No results matching your search keywords'),
    );
    expect(screen.queryByText('the usual cards')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('clears the results and shows the usual cards again when the box is cleared', async () => {
    answer = () => respond([budgeting]);
    renderSearch();
    type('budget');
    expect(await screen.findByText('Budgeting basics')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((box() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box());
    expect(screen.queryByText('Budgeting basics')).toBeNull();
    expect(screen.getByText('the usual cards')).toBeDefined();
    expect(status().textContent).toBe('');
    expect(calls).toHaveLength(1);

    // Escape clears too; deleting the text by hand shows the cards at once.
    type('budget');
    expect(await screen.findByText('Budgeting basics')).toBeDefined();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.getByText('the usual cards')).toBeDefined();
    type('budget');
    expect(await screen.findByText('Budgeting basics')).toBeDefined();
    type('');
    expect(screen.getByText('the usual cards')).toBeDefined();
  });

  it('aborts a request whose answer is no longer wanted', async () => {
    const pending: Call[] = [];
    answer = (url) =>
      url.searchParams.get('keywords') === 'budget'
        ? new Promise<Response>((_, reject) => {
            const call = calls[calls.length - 1]!;
            pending.push(call);
            call.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            );
          })
        : respond([credit]);
    renderSearch();
    type('budget');
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]!.signal?.aborted).toBe(false);

    type('credit');
    expect(await screen.findByText('Credit')).toBeDefined();
    expect(pending[0]!.signal?.aborted).toBe(true);
    expect(calls.map((call) => call.url.searchParams.get('keywords'))).toEqual([
      'budget',
      'credit',
    ]);
  });

  it('searches within the topic group it is given', async () => {
    answer = () => respond([budgeting]);
    renderSearch('everyday-money');
    type('budget');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get('topicGroup')).toBe('everyday-money');
  });

  it("shows the error's message when the search fails", async () => {
    answer = () =>
      Promise.resolve(
        new Response(JSON.stringify({ errors: ['Too many searches'] }), { status: 429 }),
      );
    renderSearch();
    type('budget');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many searches');
  });
});
