import type { Invitation, InvitationsAnswer } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { SeatsAndInvitations } from './seats-and-invitations';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = '/api/org/sample/userGroup/cohort-1/invites';

function invitation(id: string, overrides: Partial<Invitation> = {}): Invitation {
  return {
    _id: id,
    group: 'cohort-1',
    email: null,
    state: 'open',
    createdAt: '2026-11-24T09:00:00.000Z',
    usedBy: null,
    usedAt: null,
    revokedAt: null,
    link: `/signup?inviteId=${id}`,
    ...overrides,
  };
}

const ANSWER: InvitationsAnswer = {
  invitations: [
    invitation('inv-open'),
    invitation('inv-sent', {
      email: 'sam@example.com',
      state: 'pending',
      link: '/signup?email=sam%40example.com&inviteId=inv-sent',
    }),
    invitation('inv-gone', { state: 'revoked', revokedAt: '2026-11-24T11:00:00.000Z' }),
  ],
  counts: { open: 1, pending: 1, used: 2, revoked: 1 },
  seats: { bought: 5, used: 2, free: 3 },
};

interface Routes {
  list?: () => FakeAnswer;
  invite?: (request: FakeRequest) => FakeAnswer;
  revoke?: (request: FakeRequest) => FakeAnswer;
  resend?: (request: FakeRequest) => FakeAnswer;
}

function invitationsApi(routes: Routes = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.url.pathname}`;
    if (key === `GET ${BASE}`) return routes.list?.() ?? ok(ANSWER);
    if (key === `POST ${BASE}`) return routes.invite?.(request) ?? ok({ invited: [], skipped: [] });
    if (key === `POST ${BASE}/inv-sent/resend`)
      return routes.resend?.(request) ?? ok({ invitation: ANSWER.invitations[1] });
    const revoke = new RegExp(`^POST ${BASE}/([\\w-]+)/revoke$`).exec(key);
    if (revoke)
      return (
        routes.revoke?.(request) ??
        ok({ invitation: invitation(revoke[1] ?? '', { state: 'revoked' }) })
      );
    return undefined;
  });
}

function renderSection(onChanged = vi.fn()) {
  window.localStorage.setItem('token', 'learner-token');
  renderWithSession(<SeatsAndInvitations groupId="cohort-1" onChanged={onChanged} />, {
    path: '/group/cohort-1',
    session: { account: sampleAccount() },
  });
  return onChanged;
}

describe('the one seat section', () => {
  it('shows the seats, the pending invitations, the open seats and the history', async () => {
    invitationsApi();
    renderSection();
    const seats = await screen.findByRole('region', { name: 'Seats' });
    const figures = within(seats)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['5', '2', '3']);
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByText('Pending (1)')).toBeDefined();
    const sent = within(invitations).getByRole('listitem', { name: /sam@example\.com/ });
    expect(sent.textContent).toContain('Pending');
    expect(within(sent).getByRole('button', { name: 'Resend' })).toBeDefined();
    // An open seat is a link to copy, sent to no one; it is not called pending.
    expect(within(invitations).getByText('Open seats (1)')).toBeDefined();
    const open = within(invitations).getByRole('listitem', { name: /^Open seat\s*Open$/ });
    expect(open.textContent).toContain('Open');
    expect(within(open).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(invitations).getByText('Used (2) and revoked (1)')).toBeDefined();
  });

  it('invites pasted emails, says what was not sent and why, and keeps the invalid ones', async () => {
    const requests = invitationsApi({
      invite: () =>
        ok({
          invited: [invitation('inv-new', { email: 'ana@example.com', state: 'pending' })],
          skipped: [
            { email: 'nope', reason: 'invalid' },
            { email: 'sam@example.com', reason: 'invited' },
          ],
        }),
    });
    const onChanged = renderSection();
    const field = await screen.findByLabelText('Invite people by email');
    fireEvent.change(field, { target: { value: 'ana@example.com, nope\nsam@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('1 invitation sent.')).toBeDefined();
    const problems = screen.getByRole('alert');
    expect(problems.textContent).toContain('nope: not an email address');
    expect(problems.textContent).toContain('sam@example.com: already invited');
    expect((field as HTMLTextAreaElement).value).toBe('nope');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      emails: 'ana@example.com, nope\nsam@example.com',
      locale: 'en-US',
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('refuses an empty list in words, without asking the server', async () => {
    const requests = invitationsApi();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Paste at least one email address.')).toBeDefined();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('revokes a pending invitation after a confirmation, then reads the seats again', async () => {
    const requests = invitationsApi();
    const onChanged = renderSection();
    const sent = await screen.findByRole('listitem', { name: /sam@example\.com/ });
    fireEvent.click(within(sent).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Revoke the invitation for sam@example.com?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.url.pathname === `${BASE}/inv-sent/revoke`),
      ).toBe(true),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === BASE).length).toBe(2);
  });

  it('says a group without seats has none, and offers no form', async () => {
    invitationsApi({
      list: () =>
        ok({
          invitations: [],
          counts: { open: 0, pending: 0, used: 0, revoked: 0 },
          seats: { bought: 0, used: 0, free: 0 },
        }),
    });
    renderSection();
    expect(await screen.findByText(/This group has no seats of its own/)).toBeDefined();
    expect(screen.queryByLabelText('Invite people by email')).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    invitationsApi({
      list: () => (fail ? { status: 404, body: { errors: ['Group not found'] } } : ok(ANSWER)),
    });
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('Group not found');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Seats' })).toBeDefined();
  });
});
