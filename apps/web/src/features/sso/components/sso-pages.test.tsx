import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { leaveFor } from '../lib/leave';
import { OAuthCallbackPage, returnTarget } from './oauth-callback-page';
import { SsoPage } from './sso-page';

vi.mock('../lib/leave', () => ({ leaveFor: vi.fn() }));

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockReset();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('SsoPage', () => {
  it('shows the group’s prompt and goes to the provider’s address, keeping the invitation', async () => {
    const requests = fakeApi(({ url }) => {
      if (url.pathname === '/api/org/sample/userGroup/staff/oauthuserprompt')
        return ok({ oAuthUserPrompt: 'Staff sign in here.' });
      if (url.pathname === '/api/org/sample/login/oauth')
        return ok({ authorizationUrl: 'https://id.example/auth?x=1' });
      return undefined;
    });
    renderWithSession(<SsoPage />, { path: '/sso?oauth=staff&inviteId=inv-1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeDefined();
    expect(await screen.findByText('Staff sign in here.')).toBeDefined();
    expect(requests[0]!.url.searchParams.get('locale')).toBe('en-US');
    expect(window.localStorage.getItem('oAuthInviteId')).toBe('inv-1');
    expect(document.title).toBe('Single sign-on · Sample Academy');

    fireEvent.click(screen.getByRole('button', { name: 'Log in with Sample Academy' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://id.example/auth?x=1'));
    const start = requests.find((r) => r.url.pathname === '/api/org/sample/login/oauth')!;
    expect(Object.fromEntries(start.url.searchParams)).toEqual({
      groupid: 'staff',
      inviteId: 'inv-1',
    });
  });

  it('forgets an invitation of an earlier visit', async () => {
    window.localStorage.setItem('oAuthInviteId', 'old');
    fakeApi(() => ok({ oAuthUserPrompt: 'Hello' }));
    renderWithSession(<SsoPage />, { path: '/sso?oauth=staff' });
    await screen.findByText('Hello');
    expect(window.localStorage.getItem('oAuthInviteId')).toBeNull();
  });

  it('shows a failed prompt in a red box with a retry', async () => {
    let answer: FakeAnswer = { status: 404, body: { errors: ['No such group.'] } };
    fakeApi(() => answer);
    renderWithSession(<SsoPage />, { path: '/sso?oauth=nope' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No such group.');
    answer = ok({ oAuthUserPrompt: 'Now it works.' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Now it works.')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refused start in a red box, and tries again', async () => {
    let start: FakeAnswer = { status: 503, body: { errors: ['Provider away.'] } };
    fakeApi(({ url }) =>
      url.pathname.endsWith('/oauthuserprompt') ? ok({ oAuthUserPrompt: 'Prompt' }) : start,
    );
    renderWithSession(<SsoPage />, { path: '/sso?oauth=staff' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in with Sample Academy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Provider away.');
    expect(leaveFor).not.toHaveBeenCalled();
    start = ok({ authorizationUrl: 'https://id.example/auth' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://id.example/auth'));
  });

  it('links, signed in (link mode): says what linking does and remembers it for the callback', async () => {
    window.localStorage.setItem('token', 'password-session-token');
    const requests = fakeApi(({ url }) => {
      if (url.pathname.endsWith('/oauthuserprompt')) return ok({ oAuthUserPrompt: 'Prompt' });
      if (url.pathname === '/api/org/sample/login/oauth')
        return ok({ authorizationUrl: 'https://id.example/auth?l=1' });
      return undefined;
    });
    renderWithSession(<SsoPage />, {
      path: '/sso?oauth=staff&link=1',
      session: { account: sampleAccount() },
    });
    expect(await screen.findByText(/You are logged in with your password/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Link my account with Sample Academy' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://id.example/auth?l=1'));
    expect(window.localStorage.getItem('oAuthLinkGroupId')).toBe('staff');
    const start = requests.find((r) => r.url.pathname === '/api/org/sample/login/oauth')!;
    expect(start.url.searchParams.get('groupid')).toBe('staff');
  });

  it('in link mode, not signed in: sends the learner to sign in with the password first', async () => {
    fakeApi(() => ok({ oAuthUserPrompt: 'Prompt' }));
    renderWithSession(<SsoPage />, { path: '/sso?oauth=staff&link=1' });
    const link = await screen.findByRole('link', { name: 'Log in with your password to link' });
    expect(link.getAttribute('href')).toBe(
      `/signin?returnTo=${encodeURIComponent('/sso?oauth=staff&link=1')}`,
    );
    expect(screen.queryByRole('button', { name: /Log in with/ })).toBeNull();
  });

  it('a plain log in forgets a link started earlier', async () => {
    window.localStorage.setItem('oAuthLinkGroupId', 'staff');
    fakeApi(({ url }) =>
      url.pathname.endsWith('/oauthuserprompt')
        ? ok({ oAuthUserPrompt: 'Prompt' })
        : ok({ authorizationUrl: 'https://id.example/auth' }),
    );
    renderWithSession(<SsoPage />, { path: '/sso?oauth=staff' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in with Sample Academy' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(window.localStorage.getItem('oAuthLinkGroupId')).toBeNull();
  });

  it('says so when the link names no group', () => {
    fakeApi(() => undefined);
    renderWithSession(<SsoPage />, { path: '/sso' });
    expect(screen.getByRole('alert').textContent).toContain('does not say which group');
  });

  it('speaks French', async () => {
    fakeApi(() => ok({ oAuthUserPrompt: 'Bonjour' }));
    renderWithSession(<SsoPage />, {
      path: '/sso?oauth=staff',
      org: sampleOrganisation({ currentLocale: 'fr-CA' }),
    });
    expect(
      await screen.findByRole('button', { name: 'Se connecter avec Sample Academy' }),
    ).toBeDefined();
  });
});

describe('OAuthCallbackPage', () => {
  function renderCallback(path: string, signIn = vi.fn(() => Promise.resolve())) {
    renderWithSession(
      <Routes>
        <Route path="/oauth/callback/:groupId" element={<OAuthCallbackPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path, session: { signIn } },
    );
    return signIn;
  }

  it('exchanges the code (a spinner meanwhile), signs in and goes to the remembered address', async () => {
    window.localStorage.setItem('oAuthOriginUrl', '/topic/t1?oauth=staff&tab=2');
    window.localStorage.setItem('oAuthInviteId', 'inv-1');
    let release: (answer: Response) => void = () => {};
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        requests.push({ url, body: JSON.parse(String(init.body)) });
        return new Promise<Response>((resolve) => (release = resolve));
      }),
    );
    const signIn = renderCallback('/oauth/callback/staff?code=c-1&state=s-1&iss=https%3A%2F%2Fid');
    expect(screen.getByRole('status').textContent).toContain('Logging you in…');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      url: '/api/org/sample/oauth/complete',
      body: {
        groupId: 'staff',
        code: 'c-1',
        oAuthInviteId: 'inv-1',
        state: 's-1',
        iss: 'https://id',
      },
    });
    release(new Response(JSON.stringify({ token: 'tok-1' }), { status: 200 }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/topic/t1?tab=2'));
    expect(signIn).toHaveBeenCalledWith('tok-1');
    expect(window.localStorage.getItem('oAuthUserGroupId')).toBe('staff');
    expect(window.localStorage.getItem('oAuthOriginUrl')).toBeNull();
    expect(window.localStorage.getItem('oAuthInviteId')).toBeNull();
  });

  it('goes home when nothing (or an sso address) was remembered', async () => {
    window.localStorage.setItem('oAuthOriginUrl', '/sso?oauth=staff');
    fakeApi(() => ok({ token: 'tok-2' }));
    renderCallback('/oauth/callback/staff?code=c-2&state=s');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('shows “Login token not found.” in a red box with a way to try again', async () => {
    const requests = fakeApi(() => ({ status: 400, body: { errors: ['Login token not found.'] } }));
    const signIn = renderCallback('/oauth/callback/staff?code=c-3');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login token not found.');
    expect(requests[0]!.body).toEqual({ groupId: 'staff', code: 'c-3', oAuthInviteId: '' });
    expect(screen.getByRole('link', { name: 'Try logging in again' }).getAttribute('href')).toBe(
      '/sso?oauth=staff',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'We could not log you in' }),
    ).toBeDefined();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('an account with this email: the refusal offers to sign in with the password and link', async () => {
    const message =
      'An account with this email already exists. To use single sign-on with it, log in with your password first, then link the two.';
    fakeApi(() => ({ status: 409, body: { errors: [message], errfor: { link: 'staff' } } }));
    const signIn = renderCallback('/oauth/callback/staff?code=c-4&state=s-4');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(
      screen.getByRole('link', { name: 'Log in with your password to link' }).getAttribute('href'),
    ).toBe(`/signin?returnTo=${encodeURIComponent('/sso?oauth=staff&link=1')}`);
    expect(screen.getByRole('link', { name: 'Try logging in again' })).toBeDefined();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('completes a link started on /sso?link=1: `link` goes along, once', async () => {
    window.localStorage.setItem('oAuthLinkGroupId', 'staff');
    const requests = fakeApi(() => ok({ token: 'tok-linked' }));
    const signIn = renderCallback('/oauth/callback/staff?code=c-5&state=s-5');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('tok-linked'));
    expect(requests[0]!.body).toEqual({
      groupId: 'staff',
      code: 'c-5',
      oAuthInviteId: '',
      state: 's-5',
      link: true,
    });
    expect(window.localStorage.getItem('oAuthLinkGroupId')).toBeNull();
  });

  it('shows the provider’s error from the address, without calling the server', async () => {
    const requests = fakeApi(() => undefined);
    renderCallback(
      '/oauth/callback/staff?error=access_denied&error_description=End-User%20aborted%20interaction',
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The single sign-on provider says: End-User aborted interaction',
    );
    expect(requests).toHaveLength(0);
  });

  it('says “Login token not found.” when the address has no code', async () => {
    const requests = fakeApi(() => undefined);
    renderCallback('/oauth/callback/staff');
    expect((await screen.findByRole('alert')).textContent).toContain('Login token not found.');
    expect(requests).toHaveLength(0);
  });
});

describe('returnTarget', () => {
  it('keeps addresses of this site, without the oauth query, and never an sso address', () => {
    expect(returnTarget(null)).toBe('/');
    expect(returnTarget('/topics?oauth=g&inviteId=i')).toBe('/topics');
    expect(returnTarget('/topic/t?oauth=g#p2')).toBe('/topic/t#p2');
    expect(returnTarget('/sso?oauth=g')).toBe('/');
    expect(returnTarget('/oauth/callback/g?code=1')).toBe('/');
    expect(returnTarget('//evil.example/x')).toBe('/');
    expect(returnTarget('https://evil.example/x')).toBe('/');
  });
});
