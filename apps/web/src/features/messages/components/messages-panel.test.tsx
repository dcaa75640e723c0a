import type { MessageView } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { useMessagesPanel } from '../../../lib/messages-panel';
import { fakeApi, ok, type FakeAnswer, type FakeRequest, isRoute } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { MessagesPanel } from './messages-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const BASE = '/api/org/sample/userGroup';

function message(id: string, second: number, overrides: Partial<MessageView> = {}): MessageView {
  return {
    _id: id,
    body: `Message ${id}`,
    isPrivate: false,
    createDate: `2026-11-24T10:00:${String(second).padStart(2, '0')}.000Z`,
    account: {
      _id: 'account-sam',
      name: { first: 'Sam', last: 'Lee' },
      user: { id: { username: 'sam' } },
    },
    ...overrides,
  };
}

interface Routes {
  list?: (request: FakeRequest) => FakeAnswer;
  post?: (request: FakeRequest) => FakeAnswer;
  stream?: (request: FakeRequest) => FakeAnswer;
  threads?: (request: FakeRequest) => FakeAnswer;
  unread?: (request: FakeRequest) => FakeAnswer;
}

function messagesApi(routes: Routes = {}) {
  return fakeApi((request) => {
    const path = request.url.pathname;
    if (request.method === 'GET' && /\/message\/stream$/.test(path))
      return routes.stream?.(request) ?? { status: 404, body: { errors: ['Not found'] } };
    if (request.method === 'GET' && /^\/api\/org\/sample\/userGroup\/[\w-]+\/message$/.test(path))
      return routes.list?.(request) ?? ok({ results: [] });
    if (request.method === 'POST' && /\/message$/.test(path))
      return routes.post?.(request) ?? ok({ message: message('new', 59) });
    if (request.method === 'POST' && /\/message\/read$/.test(path)) return ok({ success: true });
    if (request.method === 'GET' && /\/message\/threads$/.test(path))
      return routes.threads?.(request) ?? ok({ threads: [] });
    if (path === '/api/org/sample/message/unread')
      return routes.unread?.(request) ?? ok({ groups: [] });
    return undefined;
  });
}

const GROUPS = [
  { _id: 'cohort', name: 'Small business cohort', isAdmin: false },
  { _id: 'team', name: 'Team', isAdmin: true },
];

function Toggle() {
  const panel = useMessagesPanel();
  return (
    <button type="button" data-messages-toggle="" onClick={panel.toggle}>
      Toggle messages
    </button>
  );
}

function renderPanel({ forcedPrivate = false, groups = GROUPS } = {}) {
  window.localStorage.setItem('token', 'learner-token');
  const org = sampleOrganisation({
    constraints: {
      groupAdminMessagingOnly: forcedPrivate,
      messagingAllowed: true,
      maxTopicWorksheets: 3,
    },
  });
  const view = renderWithSession(
    <>
      <Toggle />
      <main id="main-content" tabIndex={-1}>
        <p>The page</p>
      </main>
      <MessagesPanel />
    </>,
    { org, session: { account: sampleAccount({ userGroups: groups }) } },
  );
  return view;
}

function openPanel() {
  const toggle = screen.getByRole('button', { name: 'Toggle messages' });
  toggle.focus();
  fireEvent.click(toggle);
  return screen.getByRole('complementary', { name: 'Messages' });
}

const listRequests = (requests: FakeRequest[]) => requests.filter((r) => isRoute(r, 'messages'));

describe('MessagesPanel', () => {
  it('is closed at first, opens with focus inside, and closes on Escape with focus back', async () => {
    messagesApi();
    renderPanel();
    expect(screen.queryByRole('complementary', { name: 'Messages' })).toBeNull();
    const panel = openPanel();
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Messages' }));
    await screen.findByText('No messages yet');

    fireEvent.keyDown(within(panel).getByRole('heading'), { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Messages' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Toggle messages' }));
  });

  it('closes with its close icon', async () => {
    messagesApi();
    renderPanel();
    const panel = openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close messages' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Toggle messages' })),
    );
  });

  it('shows the first group’s messages as a chat, oldest at the top, and marks the group read', async () => {
    const requests = messagesApi({
      list: () =>
        ok({
          results: [
            message('m3', 3, {
              body: 'Line one\nLine two <b>not bold</b> https://example.com/x',
              account: {
                _id: 'account-groupadmin',
                name: { first: '', last: '' },
                user: { id: { username: 'groupadmin' } },
              },
            }),
            message('m1', 1),
          ],
        }),
    });
    renderPanel();
    const panel = openPanel();
    const log = await within(panel).findByRole('log', {
      name: 'Messages of Small business cohort',
    });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Message m1|Line one/).textContent)).toEqual([
      'Message m1',
      'Line one\nLine two <b>not bold</b> https://example.com/x',
    ]);
    expect(within(items[0]!).getByText('Sam Lee')).toBeDefined();
    expect(within(items[0]!).getByText('SL')).toBeDefined();
    expect(within(items[1]!).getByText('groupadmin')).toBeDefined();
    expect(within(items[1]!).getByText('G')).toBeDefined();
    expect(items[1]!.querySelector('b')).toBeNull();
    const link = within(items[1]!).getByRole('link', { name: 'https://example.com/x' });
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-24T10:00:01.000Z',
    );

    const [first] = listRequests(requests);
    expect(first?.url.pathname).toBe(`${BASE}/cohort/message`);
    expect(first?.url.searchParams.get('page')).toBe('1');
    expect(first?.url.searchParams.get('limit')).toBe('50');
    expect(first?.url.searchParams.has('isPrivate')).toBe(false);
    expect(first?.headers.get('Authorization')).toBe('Bearer learner-token');
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.method === 'POST' && r.url.pathname === `${BASE}/cohort/message/read`,
        ),
      ).toBe(true),
    );
  });

  it('switches mode and group, asking again each time', async () => {
    const requests = messagesApi();
    renderPanel();
    const panel = openPanel();
    await screen.findByText('No messages yet');
    expect(
      within(panel).getByText('Every member of the group reads these messages.'),
    ).toBeDefined();

    fireEvent.click(within(panel).getByRole('tab', { name: 'Administrators (private)' }));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.url.searchParams.get('isPrivate')).toBe('true'),
    );
    expect(
      within(panel).getByText(
        'Only you and the group’s administrators read these messages; their answers come here.',
      ),
    ).toBeDefined();

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Group' }), {
      target: { value: 'team' },
    });
    // An administrator of the group reads its members' private threads, listed by member.
    await waitFor(() => expect(requests.at(-1)?.url.pathname).toBe(`${BASE}/team/message/threads`));
    expect(
      within(panel).getByText(
        'Each member’s private thread with the group’s administrators: open one to read it and answer.',
      ),
    ).toBeDefined();
    expect(within(panel).getByRole('tab', { name: 'Private threads' })).toBeDefined();
  });

  it('forces private mode and hides the tabs under groupAdminMessagingOnly', async () => {
    const requests = messagesApi();
    renderPanel({ forcedPrivate: true, groups: [GROUPS[0]!] });
    const panel = openPanel();
    await screen.findByText('No messages yet');
    expect(within(panel).queryByRole('tablist')).toBeNull();
    expect(within(panel).queryByRole('tab', { name: 'Group members' })).toBeNull();
    expect(within(panel).queryByRole('combobox')).toBeNull();
    expect(within(panel).getByText('Small business cohort')).toBeDefined();
    expect(listRequests(requests)[0]?.url.searchParams.get('isPrivate')).toBe('true');

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Hello admins' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(requests.find((r) => isRoute(r, 'postMessage'))?.body).toEqual({
        body: 'Hello admins',
        isPrivate: true,
      }),
    );
  });

  it('says so in a red box when the answer has no results', async () => {
    messagesApi({ list: () => ok({ messages: [] }) });
    renderPanel();
    openPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot display fetched messages.');
  });

  it('shows the server’s error in a red box', async () => {
    messagesApi({
      list: () => ({ status: 403, body: { errors: ['Not a member of this group'] } }),
    });
    renderPanel();
    openPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('Not a member of this group');
  });

  it('does not send an empty body, and says why', async () => {
    const requests = messagesApi();
    renderPanel();
    const panel = openPanel();
    await screen.findByText('No messages yet');
    const input = within(panel).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(input, { target: { value: '   \n ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(within(panel).getByText('Write a message before sending it.')).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => isRoute(r, 'postMessage'))).toBe(false);
  });

  it('sends with Ctrl+Enter, blocks the form meanwhile, then clears it and shows the message', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const requests = messagesApi();
    const fetchStub = globalThis.fetch as unknown as Mock<typeof fetch>;
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation((input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST' && String(input).endsWith('/cohort/message')) {
        requests.push({
          method: 'POST',
          url: new URL(String(input), 'http://localhost'),
          headers: new Headers(init.headers),
          body: JSON.parse(String(init.body)) as unknown,
        });
        return new Promise<Response>((resolve) => {
          answer = (value) =>
            resolve(
              new Response(JSON.stringify(value === 'pending' ? {} : value.body), {
                status: value === 'pending' ? 200 : value.status,
              }),
            );
        });
      }
      return original(input, init);
    });
    renderPanel();
    const panel = openPanel();
    await screen.findByText('No messages yet');
    const input = within(panel).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(input, { target: { value: 'Hello\nthere' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(requests.some((r) => isRoute(r, 'postMessage'))).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    const sending = await within(panel).findByRole('button', { name: 'Sending…' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(input.hasAttribute('readonly')).toBe(true);
    expect(requests.find((r) => isRoute(r, 'postMessage'))?.body).toEqual({
      body: 'Hello\nthere',
      isPrivate: false,
    });

    await act(async () => {
      answer(ok({ message: message('sent', 30, { body: 'Hello\nthere' }) }));
      await Promise.resolve();
    });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    expect(
      await within(panel).findByText('Hello there', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeDefined();
  });

  it('says when the post answered no message, above the form', async () => {
    messagesApi({ post: () => ok({}) });
    renderPanel();
    const panel = openPanel();
    await screen.findByText('No messages yet');
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Cannot retrieve the new message sent',
    );
  });

  it('shows a rate-limited or refused post’s error', async () => {
    messagesApi({
      post: () => ({ status: 403, body: { errors: ['Only administrators write to this group'] } }),
    });
    renderPanel();
    const panel = openPanel();
    await screen.findByText('No messages yet');
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Only administrators write to this group',
    );
    expect((within(panel).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Hi');
  });
  it('shows unread counts per group in the picker and per mode on the tabs', async () => {
    // As the server does: once the cohort's group messages are read, they no longer count.
    const isRead = () =>
      requests.some(
        (r) => r.method === 'POST' && r.url.pathname.endsWith('/userGroup/cohort/message/read'),
      );
    const requests = messagesApi({
      unread: () =>
        ok({
          groups: [
            isRead()
              ? { groupId: 'cohort', unread: 2, group: 0, private: 2, threads: [] }
              : { groupId: 'cohort', unread: 3, group: 1, private: 2, threads: [] },
            { groupId: 'team', unread: 4, group: 0, private: 4, threads: [] },
          ],
        }),
    });
    renderPanel();
    const panel = openPanel();
    const picker = within(panel).getByRole('combobox', { name: 'Group' });
    await waitFor(() =>
      expect(within(picker).getByRole('option', { name: 'Team (4 unread)' })).toBeDefined(),
    );
    // The group shown is read at once: its group messages no longer count, its private ones do.
    await waitFor(() =>
      expect(
        within(picker).getByRole('option', { name: 'Small business cohort (2 unread)' }),
      ).toBeDefined(),
    );
    expect(within(panel).getByRole('tab', { name: 'Group members' })).toBeDefined();
    expect(
      within(panel).getByRole('tab', { name: /^Administrators \(private\)\s*2 unread messages$/ }),
    ).toBeDefined();
  });

  it('lets an administrator open a member’s thread, read it and answer inside it', async () => {
    const thread = {
      thread: 'account-ana',
      account: {
        _id: 'account-ana',
        name: { first: 'Ana', last: 'Lima' },
        user: { id: { username: 'ana' } },
      },
      lastMessageAt: '2026-11-24T10:00:05.000Z',
      unread: 2,
    };
    const requests = messagesApi({
      threads: () => ok({ threads: [thread] }),
      list: (request) =>
        request.url.searchParams.get('thread') === 'account-ana'
          ? ok({
              results: [
                message('q1', 5, {
                  isPrivate: true,
                  thread: 'account-ana',
                  body: 'Could you review my invoice?',
                }),
              ],
            })
          : ok({ results: [] }),
      post: (request) =>
        ok({
          message: message('a1', 9, {
            isPrivate: true,
            thread: 'account-ana',
            body: (request.body as { body: string }).body,
          }),
        }),
    });
    renderPanel();
    const panel = openPanel();
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Group' }), {
      target: { value: 'team' },
    });
    fireEvent.click(within(panel).getByRole('tab', { name: 'Private threads' }));
    const open = await within(panel).findByRole('button', { name: /^Ana Lima/ });
    expect(open.textContent).toContain('2 unread messages');
    fireEvent.click(open);
    expect(
      await within(panel).findByRole('heading', { name: 'Private messages with Ana Lima' }),
    ).toBeDefined();
    expect(await within(panel).findByText('Could you review my invoice?')).toBeDefined();
    // Read: the thread is marked on the server, by its member.
    await waitFor(() =>
      expect(requests.find((r) => isRoute(r, 'markMessagesRead'))?.body).toEqual({
        thread: 'account-ana',
      }),
    );
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Sure, send it over.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/team/message'))?.body,
      ).toEqual({ body: 'Sure, send it over.', isPrivate: true, threadOf: 'account-ana' }),
    );
    expect(await within(panel).findByText('Sure, send it over.')).toBeDefined();
    // Back to the list, focus on the thread's line.
    fireEvent.click(within(panel).getByRole('button', { name: /All threads/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Ana Lima'));
  });

  it('marks a member’s own private thread read by itself, not the group', async () => {
    const requests = messagesApi();
    renderPanel();
    const panel = openPanel();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Administrators (private)' }));
    await waitFor(() =>
      expect(
        requests.filter((r) => isRoute(r, 'markMessagesRead')).map((r) => r.body),
      ).toContainEqual({ isPrivate: true }),
    );
  });
});
