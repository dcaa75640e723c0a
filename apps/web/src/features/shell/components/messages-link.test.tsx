import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, isRoute } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { PHONE_QUERY } from '../hooks/use-media-query';
import { Header } from './header';

/** A group's line of GET /{org}/message/unread: `unread` group messages, no private ones. */
const unreadIn = (groupId: string, unread: number) => ({
  groupId,
  unread,
  group: unread,
  private: 0,
  threads: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const member = sampleAccount({
  userGroups: [
    { _id: 'cohort', name: 'Cohort', isAdmin: false },
    { _id: 'team', name: 'Team', isAdmin: false },
  ],
});

function renderHeader(options: Parameters<typeof renderWithSession>[1] = {}) {
  window.localStorage.setItem('token', 'learner-token');
  return renderWithSession(<Header />, { session: { account: member }, ...options });
}

const banner = () => within(screen.getByRole('banner'));

describe('the header’s Messages entry', () => {
  it('shows the unread count with words for assistive technology, and toggles the panel', async () => {
    const requests = fakeApi((request) =>
      isRoute(request, 'unreadMessages')
        ? ok({
            groups: [unreadIn('cohort', 2), unreadIn('team', 1)],
          })
        : undefined,
    );
    renderHeader();
    const button = await banner().findByRole('button', { name: 'Messages 3 unread messages' });
    expect(within(button).getByText('3').getAttribute('aria-hidden')).toBe('true');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe('messages-panel');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the count on a phone’s folded Menu button while it is closed, and asks every 10 s', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    let unread = 0;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeApi(() => ok({ groups: [unreadIn('cohort', unread)] }));
      renderHeader();
      const menu = await banner().findByRole('button', { name: /^Menu$/ });
      // Someone posts while the panel is closed: the next poll brings the count.
      unread = 4;
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() => expect(menu.textContent).toContain('4 unread messages'));
      fireEvent.click(menu);
      // Open, the menu shows the count on its Messages entry instead.
      expect(menu.textContent).not.toContain('unread');
      expect(banner().getByRole('button', { name: 'Messages 4 unread messages' })).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hides the badge at zero', async () => {
    const requests = fakeApi(() => ok({ groups: [unreadIn('cohort', 0)] }));
    renderHeader();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(banner().getByRole('button', { name: 'Messages' })).toBeDefined();
  });

  it('says the count in French', async () => {
    fakeApi(() => ok({ groups: [unreadIn('cohort', 1)] }));
    renderHeader({ org: sampleOrganisation({ currentLocale: 'fr-CA' }) });
    expect(
      await banner().findByRole('button', { name: 'Messages 1 message non lu' }),
    ).toBeDefined();
  });

  it('is not there without a group, for a visitor, or when messaging is off or not allowed', () => {
    const requests = fakeApi(() => ok({ groups: [] }));
    const cases = [
      { session: { account: sampleAccount() } },
      { session: {} },
      { org: sampleOrganisation({ enableMessaging: false }) },
      {
        org: sampleOrganisation({
          constraints: {
            groupAdminMessagingOnly: false,
            messagingAllowed: false,
            maxTopicWorksheets: 3,
          },
        }),
      },
    ];
    for (const options of cases) {
      const { unmount } = renderHeader(options);
      expect(banner().queryByRole('button', { name: /^Messages/ })).toBeNull();
      unmount();
    }
    expect(requests).toHaveLength(0);
  });
});
