import type { GroupMembersAnswer } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SeatsAndInvitationsComponent } from '../../../lib/invitations-slot';
import { fakeApi, ok, isRoute } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { GroupPage } from './group-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(overrides: Partial<GroupMembersAnswer> = {}): GroupMembersAnswer {
  return {
    group: { _id: 'club', name: 'Small Business Cohort', parent: null },
    topics: [],
    members: [],
    count: 0,
    offset: 0,
    limit: 100,
    seats: { bought: 0, used: 0, free: 0 },
    invites: [],
    inviteCounts: { open: 0, pending: 0, used: 0, revoked: 0 },
    cohorts: [],
    answersVisible: false,
    ...overrides,
  };
}

const COHORTS: GroupMembersAnswer['cohorts'] = [
  {
    _id: 'cohort-a',
    name: 'Marchetti Bakery · Small Business Cohort',
    owner: { _id: 'u-rosa', name: 'Rosa Marchetti' },
    members: 1,
    seats: { bought: 5, used: 1, free: 4 },
  },
  {
    _id: 'cohort-b',
    name: 'Wells Plumbing · Small Business Cohort',
    owner: { _id: 'u-theo', name: 'Theo Wells' },
    members: 2,
    seats: { bought: 3, used: 2, free: 1 },
  },
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderGroup(
  path: string,
  answers: Record<string, GroupMembersAnswer>,
  account = sampleAccount(),
  invitations?: SeatsAndInvitationsComponent,
) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = fakeApi((request) => {
    const match = /^\/api\/org\/sample\/userGroup\/([\w-]+)\/members$/.exec(request.url.pathname);
    const found = match && answers[match[1] ?? ''];
    return found ? ok(found) : undefined;
  });
  renderWithSession(
    <Routes>
      <Route
        path="/group/:groupId"
        element={
          <>
            <GroupPage invitations={invitations} />
            <Where />
          </>
        }
      />
    </Routes>,
    { path, session: { account } },
  );
  return requests;
}

describe('/group/{groupId}', () => {
  it('lists a group’s cohorts for its administrators, and opens the one picked', async () => {
    renderGroup('/group/club', {
      club: answer({ cohorts: COHORTS }),
      'cohort-b': answer({
        group: {
          _id: 'cohort-b',
          name: 'Wells Plumbing · Small Business Cohort',
          parent: { _id: 'club', name: 'Small Business Cohort' },
        },
      }),
    });
    const cohorts = await screen.findByRole('region', { name: 'Cohorts (2)' });
    expect(within(cohorts).getByText(/Bought by Rosa Marchetti\./)).toBeDefined();
    expect(within(cohorts).getByText(/2 members, 2 of 3 seats used\./)).toBeDefined();
    fireEvent.change(within(cohorts).getByRole('combobox', { name: 'Cohort' }), {
      target: { value: 'cohort-b' },
    });
    fireEvent.click(within(cohorts).getByRole('button', { name: 'Open the cohort' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/group/cohort-b'));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Wells Plumbing · Small Business Cohort',
      }),
    ).toBeDefined();
  });

  it('names a cohort’s group, as a link for those who administer that group', async () => {
    const cohort = answer({
      group: {
        _id: 'cohort-a',
        name: 'Marchetti Bakery · Small Business Cohort',
        parent: { _id: 'club', name: 'Small Business Cohort' },
      },
    });
    renderGroup(
      '/group/cohort-a',
      { 'cohort-a': cohort },
      sampleAccount({
        userGroups: [
          { _id: 'club', name: 'Small Business Cohort', isAdmin: true, parentId: null },
          { _id: 'cohort-a', name: 'Marchetti Bakery', isAdmin: true, parentId: 'club' },
        ],
      }),
    );
    const back = await screen.findByRole('link', { name: /Part of Small Business Cohort/ });
    expect(back.getAttribute('href')).toBe('/group/club');
    // No cohort picker on a cohort's own page.
    expect(screen.queryByRole('region', { name: /^Cohorts/ })).toBeNull();
  });

  it('names the group without a link for a buyer who administers only their cohort', async () => {
    renderGroup('/group/cohort-a', {
      'cohort-a': answer({
        group: {
          _id: 'cohort-a',
          name: 'Marchetti Bakery · Small Business Cohort',
          parent: { _id: 'club', name: 'Small Business Cohort' },
        },
      }),
    });
    expect(await screen.findByText('Part of Small Business Cohort')).toBeDefined();
    expect(screen.queryByRole('link', { name: /Part of/ })).toBeNull();
  });

  it('shows the seat section the routes give it, and reads the members again when it changes', async () => {
    const Invitations: SeatsAndInvitationsComponent = ({ groupId, onChanged }) => (
      <button type="button" onClick={onChanged}>
        Seat section of {groupId}
      </button>
    );
    const requests = renderGroup('/group/club', { club: answer() }, sampleAccount(), Invitations);
    const section = await screen.findByRole('button', { name: 'Seat section of club' });
    const asked = () => requests.filter((r) => isRoute(r, 'groupMembers')).length;
    const before = asked();
    fireEvent.click(section);
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
  });

  it('says "Nothing graded yet" for a topic with no scored question, never "Score 0 of 0" (issue 24)', async () => {
    const member: GroupMembersAnswer['members'][number] = {
      account: {
        _id: 'u-ada',
        username: 'ada',
        email: 'ada@example.com',
        name: { first: 'Ada', last: 'Lovelace', full: 'Ada Lovelace' },
      },
      joinedAt: '2026-01-05T10:00:00.000Z',
      lastActiveAt: '2026-01-06T10:00:00.000Z',
      progress: [
        { topicId: 'intro', worksheetIndex: 0, completedPages: 1, pages: 2, score: 0, total: 0 },
      ],
    };
    window.localStorage.setItem('token', 'learner-token');
    fakeApi((request) => {
      if (request.url.pathname === '/api/org/sample/userGroup/club/members')
        return ok(
          answer({
            topics: [{ _id: 'intro', name: 'Introduction', pages: 2, total: 0 }],
            members: [member],
            count: 1,
          }),
        );
      if (request.url.pathname.endsWith('/members/u-ada/topic/intro/worksheet/0'))
        return ok({
          scores: { score: 0, total: 0, summary: {} },
          completedPages: ['p1'],
          pages: [
            { _id: 'p1', name: 'Welcome' },
            { _id: 'p2', name: 'Next steps' },
          ],
          fields: {},
          answers: null,
        });
      return undefined;
    });
    renderWithSession(
      <Routes>
        <Route path="/group/:groupId" element={<GroupPage />} />
      </Routes>,
      { path: '/group/club', session: { account: sampleAccount() } },
    );
    const cell = await screen.findByRole('button', {
      name: 'Report card of Ada Lovelace, Introduction, worksheet 1: 1 of 2 pages, nothing graded yet',
    });
    fireEvent.click(cell);
    const dialog = await screen.findByRole('dialog');
    expect(
      (await within(dialog).findByText(/Nothing graded yet · 1 of 2 pages completed/)).textContent,
    ).toBe('Nothing graded yet · 1 of 2 pages completed');
    expect(dialog.textContent).not.toMatch(/Score 0 of 0/);
  });
});
