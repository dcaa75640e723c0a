import { emptyWorkbook, type Workbook } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashState } from '../../../lib/flash';
import { setPageSelection, readPageSelection } from '../../../lib/selection';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithWorkbook } from '../../../test/render-workbook';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { firstLine } from '../lib/first-line';
import { FILLER_COUNT } from './card-grid';
import { OthersPage, TopicsPage } from './topics-page';

const org = sampleOrganisation({
  general: {
    _id: 'general',
    name: 'Welcome',
    description: '<p>Start here.</p>',
    isGeneral: true,
  },
  topicGroups: [
    {
      _id: 'foundations',
      name: 'Foundations',
      description: 'Where to start.\nA second line the card leaves out.',
      topicGroupImage: { secure_url: '/media/sample/foundations.jpg' },
      topics: [{ _id: 'budgeting', name: 'Budgeting' }],
    },
  ],
});

function cardLinks() {
  const list = screen.getByRole('list', { name: 'Topic groups and topics' });
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('/topics', () => {
  it('says which group an invitation joined when brought from it, and only then', () => {
    renderWithWorkbook(
      <Routes>
        <Route
          path="/accepted"
          element={
            <Navigate to="/topics" state={flashState('joined', 'Marchetti Bakery · Cohort')} />
          }
        />
        <Route path="/topics" element={<TopicsPage />} />
      </Routes>,
      { org, path: '/accepted' },
    );
    expect(screen.getByRole('status').textContent).toBe('You joined Marchetti Bakery · Cohort.');
  });

  it('says an invitation was accepted when the group has no name to show', () => {
    renderWithWorkbook(
      <Routes>
        <Route path="/accepted" element={<Navigate to="/topics" state={flashState('joined')} />} />
        <Route path="/topics" element={<TopicsPage />} />
      </Routes>,
      { org, path: '/accepted' },
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Invitation accepted: you are now a member of the group.',
    );
  });

  it('has no notice when opened directly', () => {
    renderWithWorkbook(<TopicsPage />, { org, path: '/topics' });
    expect(screen.queryByText(/Invitation accepted/)).toBeNull();
  });

  it('shows the general topic, the groups and the topics in no group as cards', () => {
    renderWithWorkbook(<TopicsPage />, { org, path: '/topics' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Topics');
    // Budgeting is in the Foundations group: it is reached through the group's card.
    expect(cardLinks()).toEqual([
      ['Welcome', '/topic/general'],
      ['Foundations', '/topicGroup/foundations'],
      ['Saving', '/topic/saving'],
    ]);
  });

  it('ends the grid with 10 fillers hidden from assistive technology', () => {
    const { container } = renderWithWorkbook(<TopicsPage />, { org, path: '/topics' });
    const fillers = container.querySelectorAll('.card-grid__filler');
    expect(fillers).toHaveLength(FILLER_COUNT);
    expect(FILLER_COUNT).toBe(10);
    for (const filler of fillers) expect(filler.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it("shows the general topic's picture and description, the letter only without a picture", () => {
    const pictured = {
      ...org,
      general: { ...org.general!, topicImage: { secure_url: '/media/sample/general.svg' } },
    };
    const { container } = renderWithWorkbook(<TopicsPage />, { org: pictured, path: '/topics' });
    const card = container.querySelector('.topic-card--general')!;
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/sample/general.svg');
    expect(card.querySelector('.topic-card__art')).toBeNull();
    expect(card.querySelector('.topic-card__description')?.textContent).toBe('Start here.');
  });

  it("shows only the first line of a group's description", () => {
    renderWithWorkbook(<TopicsPage />, { org, path: '/topics' });
    expect(screen.getByText('Where to start.')).toBeDefined();
    expect(screen.queryByText(/A second line/)).toBeNull();
    expect(screen.getByText('1 topic')).toBeDefined();
  });

  it('clears the page selection', () => {
    setPageSelection({ topicId: 'budgeting', topicName: 'Budgeting', pageName: 'Intro' });
    renderWithWorkbook(<TopicsPage />, { org, path: '/topics' });
    expect(readPageSelection()).toBeNull();
    expect(cardLinks().map(([name]) => name)).toContain('Saving');
  });

  it("clears a signed-in learner's saved history", async () => {
    const requests = fakeApi((request) =>
      request.method === 'PUT' ? ok({ workbook: request.body }) : undefined,
    );
    const workbook: Workbook = {
      ...emptyWorkbook(),
      history: { topicId: 'budgeting', pageId: 'intro', worksheetIndex: 0 },
    };
    renderWithWorkbook(<TopicsPage />, {
      org,
      path: '/topics',
      account: sampleAccount(),
      workbook,
    });
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    const saved = (put?.body as { workbook: Workbook }).workbook;
    expect(saved.history).toBeNull();
    expect(saved.historyClearedAt).toBeTruthy();
  });

  it("says 'No topics are currently available' for an empty organisation", () => {
    renderWithWorkbook(<TopicsPage />, {
      org: sampleOrganisation({ topics: [], topicGroups: [], hasHiddenTopics: false }),
    });
    expect(screen.getByRole('status').textContent).toBe('No topics are currently available');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks to sign in or contact the administrator when every topic is private', () => {
    renderWithWorkbook(<TopicsPage />, {
      org: sampleOrganisation({ topics: [], topicGroups: [], hasHiddenTopics: true }),
    });
    const prompt = screen.getByRole('status');
    expect(within(prompt).getByRole('heading').textContent).toBe('These topics are for members');
    expect(prompt.textContent).toMatch(/contact your administrator/);
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/signin',
    );
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('/others', () => {
  it('leaves out the topic that is open', () => {
    setPageSelection({ topicId: 'budgeting', topicName: 'Budgeting' });
    renderWithWorkbook(<OthersPage />, { org, path: '/others' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Other topics');
    expect(cardLinks().map(([name]) => name)).toEqual(['Welcome', 'Foundations', 'Saving']);
    setPageSelection(null);
  });
});

describe('firstLine', () => {
  it('takes the first non-empty line of text or HTML', () => {
    expect(firstLine('One.\nTwo.')).toBe('One.');
    expect(firstLine('\n  One.  \r\nTwo.')).toBe('One.');
    expect(firstLine('<p>One &amp; only.</p><p>Two.</p>')).toBe('One & only.');
    expect(firstLine('One<br>Two')).toBe('One');
    expect(firstLine(undefined)).toBe('');
  });
});
