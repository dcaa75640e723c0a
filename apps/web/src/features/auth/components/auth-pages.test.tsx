import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashGroup, flashOf, flashState } from '../../../lib/flash';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { ForgotPage } from './forgot-page';
import { ResetPasswordPage } from './reset-password-page';
import { SignInPage } from './signin-page';
import { SignUpPage } from './signup-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInPage', () => {
  it('says why with ?timeout (docs/product-spec.md §8 wording)', () => {
    renderWithSession(<SignInPage />, { path: '/signin?timeout=1' });
    const notice = screen.getByText('You have been logged out automatically due to inactivity.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(document.title).toBe('Log in · Sample Academy');
  });

  it('says the account was erased when the sign-out after an erasure ends here', () => {
    renderWithSession(
      <Routes>
        <Route path="/" element={<Navigate to="/signin" state={flashState('erased')} />} />
        <Route path="/signin" element={<SignInPage />} />
      </Routes>,
    );
    const notice = screen.getByText('Your account was erased.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });

  it('has no notice without it, and links to forgot password and sign up', () => {
    renderWithSession(<SignInPage />, { path: '/signin' });
    expect(screen.queryByText(/inactivity/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup',
    );
  });

  it('offers no sign up where self signup is disabled', () => {
    renderWithSession(<SignInPage />, {
      path: '/signin',
      org: sampleOrganisation({ disableSelfSignup: true }),
    });
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('an invitation’s link fills in the email and sends the inviteId with the login', async () => {
    const requests = fakeApi(() => ok({ token: 'new-token' }));
    const signIn = vi.fn(() => Promise.resolve());
    renderWithSession(
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/topics" element={<p>Topics</p>} />
      </Routes>,
      { path: '/signin?email=ana%40sample.test&inviteId=inv-1', session: { signIn } },
    );
    expect(
      screen.getByText('You are logging in with an invitation: you join its group once logged in.'),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup?email=ana%40sample.test&inviteId=inv-1',
    );
    const username = screen.getByLabelText('Username or email') as HTMLInputElement;
    expect(username.value).toBe('ana@sample.test');
    expect(username.readOnly).toBe(false);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Topics')).toBeDefined();
    expect(requests[0]?.url.pathname).toBe('/api/org/sample/login');
    expect(requests[0]?.body).toEqual({
      username: 'ana@sample.test',
      password: 'secret-pass',
      inviteId: 'inv-1',
    });
    expect(signIn).toHaveBeenCalledWith('new-token');
  });

  it('sends no inviteId without one', async () => {
    const requests = fakeApi(() => ok({ token: 'new-token' }));
    renderWithSession(<SignInPage />, {
      path: '/signin',
      session: { signIn: () => Promise.resolve() },
    });
    expect(screen.queryByText(/with an invitation/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ username: 'ana', password: 'secret-pass' });
  });

  it('shows a refused invitation in a red box', async () => {
    fakeApi(() => ({
      status: 400,
      body: {
        errors: ['This invitation is not valid or has already been used.'],
        errfor: { inviteId: 'is not valid' },
      },
    }));
    const signIn = vi.fn();
    renderWithSession(<SignInPage />, {
      path: '/signin?email=ana%40sample.test&inviteId=inv-1',
      session: { signIn },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This invitation is not valid or has already been used.',
    );
    expect(signIn).not.toHaveBeenCalled();
  });

  it('tells a learner who arrives signed in', () => {
    renderWithSession(<SignInPage />, { path: '/signin', session: { account: sampleAccount() } });
    expect(screen.getByText('You are logged in as Camille Tremblay.')).toBeDefined();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('an invitation opened by a learner already signed in', () => {
  const joined = () => ({
    ...sampleAccount(),
    userGroups: [{ _id: 'insiders', name: 'Insiders', isAdmin: false }],
  });
  function Topics() {
    const { state } = useLocation();
    return (
      <p>
        Topics {flashOf(state)} {flashGroup(state)}
      </p>
    );
  }
  const routes = (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/topics" element={<Topics />} />
    </Routes>
  );

  it.each([
    ['/signin?email=ana%40sample.test&inviteId=inv-1'],
    ['/signup?email=ana%40sample.test&inviteId=inv-1'],
    ['/signup?inviteId=inv-1'],
  ])('%s: accepts it as this account, then opens the topics', async (path) => {
    const account = joined();
    const requests = fakeApi((request) =>
      request.method === 'POST'
        ? ok({ account, joined: { _id: 'cohort-1', name: 'Marchetti Bakery · Cohort' } })
        : undefined,
    );
    const setAccount = vi.fn();
    renderWithSession(routes, { path, session: { account: sampleAccount(), setAccount } });
    expect(screen.getByText('You are logged in as Camille Tremblay.')).toBeDefined();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    // The topics open saying which group was joined.
    expect(await screen.findByText('Topics joined Marchetti Bakery · Cohort')).toBeDefined();
    const accept = requests.find((r) => r.method === 'POST');
    expect(accept?.url.pathname).toBe('/api/org/sample/invite/inv-1/accept');
    expect(setAccount).toHaveBeenCalledWith(account);
  });

  it('says a refusal under the button and stays', async () => {
    fakeApi((request) =>
      request.method === 'POST'
        ? { status: 409, body: { errors: ['You are already a member of this group.'] } }
        : undefined,
    );
    const setAccount = vi.fn();
    renderWithSession(routes, {
      path: '/signin?inviteId=inv-1',
      session: { account: sampleAccount(), setAccount },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are already a member of this group.',
    );
    expect(screen.getByRole('button', { name: 'Accept the invitation' })).toBeDefined();
    expect(screen.queryByText(/^Topics/)).toBeNull();
    expect(setAccount).not.toHaveBeenCalled();
  });

  it('offers nothing to accept without an invitation', () => {
    renderWithSession(<SignUpPage />, { path: '/signup', session: { account: sampleAccount() } });
    expect(screen.getByText('You are logged in as Camille Tremblay.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });
});

describe('SignUpPage', () => {
  it('asks for username, email, password and optional names, with the agreement link', () => {
    renderWithSession(<SignUpPage />, {
      path: '/signup',
      org: sampleOrganisation({ userSignUpAgreement: { url: '/media/sample/terms.html' } }),
    });
    for (const label of ['Username', 'Email', 'Password', 'First name (optional)'])
      expect(screen.getByLabelText(label)).toBeDefined();
    const terms = screen.getByRole('link', { name: /terms of use/ });
    expect(terms.getAttribute('href')).toBe('/media/sample/terms.html');
  });

  it('has no agreement link when the organisation has none', () => {
    renderWithSession(<SignUpPage />, { path: '/signup' });
    expect(screen.queryByRole('link', { name: /terms of use/ })).toBeNull();
  });

  it('prefills and locks ?email', () => {
    renderWithSession(<SignUpPage />, { path: '/signup?email=ana%40sample.test&inviteId=i-1' });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ana@sample.test');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('You are signing up with an invitation.')).toBeDefined();
    // An existing account uses the invitation by logging in instead: it goes along.
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/signin?email=ana%40sample.test&inviteId=i-1',
    );
  });

  it('sends the inviteId with the signup', async () => {
    const requests = fakeApi(() => ok({ token: 'new-token' }));
    renderWithSession(<SignUpPage />, {
      path: '/signup?email=ana%40sample.test&inviteId=i-1',
      session: { signIn: () => Promise.resolve() },
    });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({
      username: 'ana',
      email: 'ana@sample.test',
      password: 'long-enough',
      inviteId: 'i-1',
    });
  });

  it('is by invitation only where self signup is disabled, unless an inviteId comes along', () => {
    const org = sampleOrganisation({ disableSelfSignup: true });
    const { unmount } = renderWithSession(<SignUpPage />, { path: '/signup', org });
    expect(screen.getByRole('heading', { name: 'Sign up is by invitation only' })).toBeDefined();
    expect(screen.queryByLabelText('Username')).toBeNull();
    unmount();
    renderWithSession(<SignUpPage />, { path: '/signup?inviteId=i-1&email=a%40b.co', org });
    expect(screen.getByLabelText('Username')).toBeDefined();
  });

  it('shows the server’s field errors in a red box', async () => {
    fakeApi(() => ({
      status: 400,
      body: { errors: [], errfor: { username: 'is already taken' } },
    }));
    const signIn = vi.fn();
    renderWithSession(<SignUpPage />, { path: '/signup', session: { signIn } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'taken' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('username is already taken');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('validates before sending and focuses the first field in error', () => {
    const requests = fakeApi(() => undefined);
    renderWithSession(<SignUpPage />, { path: '/signup' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(requests).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByText('Enter a valid email address.')).toBeDefined();
  });
});

describe('ForgotPage (docs/product-spec.md §4: idle, loading, success, error above the form)', () => {
  it('sends the email with the locale, then shows the generic message', async () => {
    let release: (value: Response) => void = () => {};
    const fetch = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithSession(<ForgotPage />, { path: '/forgot' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@sample.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText('Sending…', { selector: 'button' })).toBeDefined();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/org/sample/login/forgot?locale=en-US');
    release(new Response(JSON.stringify({ success: true }), { status: 200 }));
    expect(
      await screen.findByText(/If an account uses ana@sample.test, a link to reset its password/),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
      '/signin',
    );
  });

  it('shows an error above the form and keeps the form', async () => {
    fakeApi(() => ({ status: 429, body: { errors: ['Too many requests, try later.'] } }));
    renderWithSession(<ForgotPage />, { path: '/forgot' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@sample.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many requests, try later.');
    const form = alert.closest('form') as HTMLFormElement;
    expect(form.firstElementChild).toBe(alert);
    expect(screen.getByLabelText('Email')).toBeDefined();
  });
});

describe('ResetPasswordPage', () => {
  function renderReset() {
    return renderWithSession(
      <Routes>
        <Route path="/resetPassword/:email/:token" element={<ResetPasswordPage />} />
      </Routes>,
      { path: '/resetPassword/ana%40sample.test/tok-123' },
    );
  }

  it('sets the password, then says so with a login link', async () => {
    const requests = fakeApi(() => ok({ success: true }));
    renderReset();
    expect(screen.getByText('ana@sample.test')).toBeDefined();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-123' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'new-pass-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Log in with your new password' }).getAttribute('href'),
    ).toBe('/signin');
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      body: { password: 'new-pass-123', confirm: 'new-pass-123' },
    });
    expect(requests[0]?.url.pathname).toBe('/api/org/sample/login/reset/ana%40sample.test/tok-123');
  });

  it('checks that both passwords match before sending', () => {
    const requests = fakeApi(() => ok({ success: true }));
    renderReset();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-123' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'new-pass-124' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByText('The passwords do not match.')).toBeDefined();
    expect(requests).toHaveLength(0);
  });

  it('shows an expired link in a red box, with a way to ask for a new one', async () => {
    const message = 'This password reset link is invalid or has expired. Ask for a new one.';
    fakeApi(() => ({ status: 400, body: { errors: [message] } }));
    renderReset();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-123' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'new-pass-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeDefined(),
    );
  });
});
