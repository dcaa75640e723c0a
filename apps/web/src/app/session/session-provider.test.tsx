import type { AccountView, Workbook } from '@portal/domain';
import { emptyWorkbook } from '@portal/domain';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer, type FakeRequest } from '../../test/fake-api';
import { sampleAccount } from '../../test/sample-account';
import { sampleBundle, sampleOrganisation } from '../../test/sample-organisation';
import { goToPaymentPage } from '../../features/store/lib/redirect';
import { App } from '../app';

vi.mock('../../features/store/lib/redirect', () => ({ goToPaymentPage: vi.fn() }));

const TOKEN = 'token-of-camille';

interface ApiOptions {
  account?: AccountView;
  workbook?: Workbook;
  /** Overrides by "METHOD /path" (path without the query). */
  answers?: Record<string, FakeAnswer>;
}

/** The sample organisation's API: the account and workbook need the bearer token. */
function portalApi({
  account = sampleAccount(),
  workbook = emptyWorkbook(),
  answers = {},
}: ApiOptions = {}) {
  return (request: FakeRequest): FakeAnswer | undefined => {
    const key = `${request.method} ${request.url.pathname}`;
    if (answers[key]) return answers[key];
    const isSignedIn = request.headers.get('Authorization') === `Bearer ${TOKEN}`;
    const refused = {
      status: 401,
      body: { errors: ['Your session has ended. Please log in again.'] },
    };
    switch (key) {
      case 'GET /api/org/sample': {
        const org = sampleOrganisation();
        // Members see one more topic: the answer depends on the viewer.
        const topics = isSignedIn
          ? [...org.topics, { _id: 'members', name: 'Members only' }]
          : org.topics;
        return ok({ ...org, topics });
      }
      case 'GET /api/org/sample/bundle':
        return ok({ bundles: [sampleBundle()] });
      case 'GET /api/org/sample/account/settings':
        return isSignedIn ? ok({ account }) : refused;
      case 'GET /api/org/sample/workbook':
        return isSignedIn
          ? ok({ workbook: { workbook, version: 1, updatedAt: '2026-01-01' } })
          : refused;
      case 'PUT /api/org/sample/workbook':
        return isSignedIn
          ? ok({ workbook: { workbook, version: 2, updatedAt: '2026-01-01' } })
          : refused;
      case 'POST /api/org/sample/login':
        return ok({ token: TOKEN });
      case 'POST /api/org/sample/signup':
        return ok({ token: TOKEN });
      case 'POST /api/org/sample/logout':
        return isSignedIn ? ok({ success: true }) : refused;
      default:
        return undefined;
    }
  };
}

function renderApp() {
  // The app's own defaults (answers stay fresh for a minute), without retries.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false } },
  });
  return render(<App queryClient={queryClient} />);
}

const banner = () => within(screen.getByRole('banner'));
/** The header once the app shows (there is none on the start spinner). */
async function findInBanner(...args: Parameters<typeof screen.findByRole>) {
  return within(await screen.findByRole('banner', {}, { timeout: 3_000 })).findByRole(...args);
}
const paths = (requests: FakeRequest[]) => requests.map((r) => `${r.method} ${r.url.pathname}`);

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  const meta = document.createElement('meta');
  meta.name = 'portal-org';
  meta.content = 'sample';
  document.head.append(meta);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app start (docs/product-spec.md §2)', () => {
  it('without a token: organisation and bundles only, Login and Sign up in the header', async () => {
    const requests = fakeApi(portalApi());
    renderApp();
    expect(await findInBanner('link', { name: 'Log in' })).toBeDefined();
    expect(paths(requests).sort()).toEqual(['GET /api/org/sample', 'GET /api/org/sample/bundle']);
    expect(requests.every((r) => !r.headers.has('Authorization'))).toBe(true);
  });

  it('with a token: organisation, bundles, account and workbook, all with the bearer; then the avatar', async () => {
    window.localStorage.setItem('token', TOKEN);
    const requests = fakeApi(portalApi());
    renderApp();
    expect(screen.getByRole('status').textContent).toBe('Loading your learning portal…');
    expect(await findInBanner('button', { name: 'Account menu, Camille Tremblay' })).toBeDefined();
    expect(paths(requests).sort()).toEqual([
      'GET /api/org/sample',
      'GET /api/org/sample/account/settings',
      'GET /api/org/sample/bundle',
      'GET /api/org/sample/workbook',
    ]);
    for (const request of requests)
      expect(request.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('swallows a 4xx while a token exists: the token goes and the visitor is signed out', async () => {
    window.localStorage.setItem('token', 'revoked-token');
    fakeApi(portalApi());
    renderApp();
    expect(await findInBanner('link', { name: 'Log in' })).toBeDefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn money skills' }),
    ).toBeDefined();
  });

  it('shows the error page when the account fails otherwise (5xx)', async () => {
    window.localStorage.setItem('token', TOKEN);
    fakeApi(
      portalApi({
        answers: {
          'GET /api/org/sample/account/settings': { status: 500, body: { errors: ['boom'] } },
        },
      }),
    );
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'help@sample.test' })).toBeDefined();
    expect(window.localStorage.getItem('token')).toBe(TOKEN);
  });

  it('goes on from "/" to the saved history once the workbook is there', async () => {
    window.localStorage.setItem('token', TOKEN);
    const workbook = {
      ...emptyWorkbook(),
      history: { topicId: 'budgeting', pageId: 'p2', worksheetIndex: 0 },
    };
    fakeApi(portalApi({ workbook }));
    renderApp();
    await waitFor(() => expect(window.location.pathname).toBe('/topic/budgeting/page/p2'));
  });

  it('goes to the topic when the history has no page, and stays put elsewhere than "/"', async () => {
    window.localStorage.setItem('token', TOKEN);
    const workbook = { ...emptyWorkbook(), history: { topicId: 'saving', worksheetIndex: 0 } };
    fakeApi(portalApi({ workbook }));
    const { unmount } = renderApp();
    await waitFor(() => expect(window.location.pathname).toBe('/topic/saving'));
    unmount();
    window.history.replaceState(null, '', '/store');
    renderApp();
    expect(await findInBanner('button', { name: /^Account menu/ })).toBeDefined();
    expect(window.location.pathname).toBe('/store');
  });

  it("resumes a visitor's workbook kept in the browser too", async () => {
    const workbook = { ...emptyWorkbook(), history: { topicId: 'saving', worksheetIndex: 0 } };
    window.localStorage.setItem('anonymousWorkbook', JSON.stringify(workbook));
    fakeApi(portalApi());
    renderApp();
    await waitFor(() => expect(window.location.pathname).toBe('/topic/saving'));
  });
});

async function fillAndSubmitLogin(container: HTMLElement | Document = document) {
  const scope = within(container as HTMLElement);
  fireEvent.change(scope.getByLabelText('Username or email'), { target: { value: 'camille' } });
  fireEvent.change(scope.getByLabelText('Password'), { target: { value: 'secret-pass' } });
  fireEvent.click(scope.getByRole('button', { name: 'Log in' }));
}

describe('login (docs/product-spec.md §4)', () => {
  it('on /signin: stores the token, reloads the organisation as the learner, loads the rest, then /topics', async () => {
    window.history.replaceState(null, '', '/signin');
    const requests = fakeApi(portalApi());
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const before = requests.length;
    await fillAndSubmitLogin(document.querySelector('main') as HTMLElement);
    await waitFor(() => expect(window.location.pathname).toBe('/topics'));
    expect(window.localStorage.getItem('token')).toBe(TOKEN);
    const after = requests.slice(before);
    expect(after[0]).toMatchObject({
      method: 'POST',
      body: { username: 'camille', password: 'secret-pass' },
    });
    // Then the topics screen loads its own data; the sign-in sequence is what comes before it.
    const signedIn = after.slice(1, 5);
    expect(paths(signedIn).sort()).toEqual([
      'GET /api/org/sample',
      'GET /api/org/sample/account/settings',
      'GET /api/org/sample/bundle',
      'GET /api/org/sample/workbook',
    ]);
    expect(signedIn.every((r) => r.headers.get('Authorization') === `Bearer ${TOKEN}`)).toBe(true);
    expect(banner().getByRole('button', { name: /^Account menu/ })).toBeDefined();
  });

  it('goes to ?returnTo when given (a path of this site only)', async () => {
    window.history.replaceState(null, '', '/signin?returnTo=%2Faccount');
    fakeApi(portalApi());
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmitLogin(document.querySelector('main') as HTMLElement);
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeDefined();
  });

  it('shows the server error in a red box, and validates before sending', async () => {
    window.history.replaceState(null, '', '/signin');
    const requests = fakeApi(
      portalApi({
        answers: {
          'POST /api/org/sample/login': {
            status: 401,
            body: { errors: ['Wrong username or password.'] },
          },
        },
      }),
    );
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const main = within(screen.getByRole('main'));
    fireEvent.click(main.getByRole('button', { name: 'Log in' }));
    expect(main.getAllByText('This field is required.')).toHaveLength(2);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await fillAndSubmitLogin(document.querySelector('main') as HTMLElement);
    expect((await main.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('an SSO account gets a prompt to its single sign-on instead of an error', async () => {
    window.history.replaceState(null, '', '/signin');
    fakeApi(
      portalApi({
        answers: {
          'POST /api/org/sample/login': {
            status: 400,
            body: { errors: ['Use single sign-on'], oAuthGroupId: 'g-1' },
          },
        },
      }),
    );
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmitLogin(document.querySelector('main') as HTMLElement);
    const link = await screen.findByRole('link', { name: 'Continue with single sign-on' });
    expect(link.getAttribute('href')).toBe('/sso?oauth=g-1');
    expect(screen.queryByText('Use single sign-on')).toBeNull();
  });

  it('in the dialog from the header: logs in and the dialog closes, staying on the page', async () => {
    fakeApi(portalApi());
    renderApp();
    fireEvent.click(await findInBanner('link', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await fillAndSubmitLogin(dialog);
    expect(await findInBanner('button', { name: /^Account menu/ })).toBeDefined();
    expect(window.location.pathname).toBe('/');
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
  });

  it('the dialog switches between sign up, log in and forgot password', async () => {
    fakeApi(portalApi());
    renderApp();
    fireEvent.click(await findInBanner('link', { name: 'Sign up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in' })).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    expect(within(dialog).getByRole('heading', { name: 'Forgot password' })).toBeDefined();
    expect(
      within(dialog).getByRole('link', { name: 'Open as a full page' }).getAttribute('href'),
    ).toBe('/forgot');
  });
});

describe('signup (docs/product-spec.md §4)', () => {
  it('creates the account, saves the anonymous workbook to it, and goes to /topics', async () => {
    const anonymous = {
      ...emptyWorkbook(),
      general: {
        data: { q1: 'yes' },
        fieldTimes: { q1: '2026-01-01T00:00:00Z' },
        completedPages: [],
      },
    };
    window.localStorage.setItem('anonymousWorkbook', JSON.stringify(anonymous));
    window.history.replaceState(null, '', '/signup?inviteId=inv-7');
    const requests = fakeApi(portalApi());
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Sign up' });
    const main = within(screen.getByRole('main'));
    fireEvent.change(main.getByLabelText('Username'), { target: { value: 'camille' } });
    fireEvent.change(main.getByLabelText('Email'), { target: { value: 'camille@sample.test' } });
    fireEvent.change(main.getByLabelText('Password'), { target: { value: 'long-password-1' } });
    fireEvent.change(main.getByLabelText('First name (optional)'), {
      target: { value: ' Camille ' },
    });
    fireEvent.click(main.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/topics'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'camille',
      email: 'camille@sample.test',
      password: 'long-password-1',
      first: 'Camille',
      inviteId: 'inv-7',
    });
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ workbook: anonymous });
    expect(put?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(window.localStorage.getItem('anonymousWorkbook')).toBeNull();
    const putIndex = requests.indexOf(put as FakeRequest);
    expect(paths(requests.slice(putIndex + 1))).toContain('GET /api/org/sample/workbook');
  });
});

describe('logout (docs/product-spec.md §4)', () => {
  it('revokes the token, signs out, reloads the organisation as a visitor and goes to /signin', async () => {
    window.localStorage.setItem('token', TOKEN);
    window.history.replaceState(null, '', '/store');
    const requests = fakeApi(portalApi());
    renderApp();
    fireEvent.click(await findInBanner('button', { name: /^Account menu/ }));
    const before = requests.length;
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/signin'));
    const after = requests.slice(before);
    expect(after[0]).toMatchObject({ method: 'POST' });
    expect(after[0]?.url.pathname).toBe('/api/org/sample/logout');
    expect(after[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(paths(after.slice(1)).sort()).toEqual([
      'GET /api/org/sample',
      'GET /api/org/sample/bundle',
    ]);
    expect(after.slice(1).every((r) => !r.headers.has('Authorization'))).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await findInBanner('link', { name: 'Log in' })).toBeDefined();
  });

  it('signs out even when the server cannot be reached, and sends an OAuth learner to /sso', async () => {
    window.localStorage.setItem('token', TOKEN);
    window.localStorage.setItem('oAuthUserGroupId', 'g-9');
    const account = sampleAccount({
      user: { id: { email: 'o@x.test', username: 'o', isOAuthUser: true } },
    });
    fakeApi(
      portalApi({
        account,
        answers: { 'POST /api/org/sample/logout': { status: 503, body: { errors: ['down'] } } },
      }),
    );
    renderApp();
    fireEvent.click(await findInBanner('button', { name: /^Account menu/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/sso?oauth=g-9'),
    );
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('erasing the account (docs/design.md §18)', () => {
  it('logs out without revoking the token erased with it, and /signin says the account is gone', async () => {
    window.localStorage.setItem('token', TOKEN);
    window.history.replaceState(null, '', '/account');
    const requests = fakeApi(
      portalApi({ answers: { 'DELETE /api/org/sample/account': ok({ success: true }) } }),
    );
    renderApp();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Erase my account' }, { timeout: 5_000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Erase your account?' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), {
      target: { value: 'my-password' },
    });
    const before = requests.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/signin'));
    const notice = await screen.findByText('Your account was erased.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    const after = requests.slice(before);
    expect(after[0]).toMatchObject({ method: 'DELETE', body: { password: 'my-password' } });
    expect(paths(after)).not.toContain('POST /api/org/sample/logout');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await findInBanner('link', { name: 'Log in' })).toBeDefined();
  });
});

describe('a purchase waiting on the auth dialog (docs/product-spec.md §4 Purchase)', () => {
  const purchase = {
    'POST /api/org/sample/bundle/bundle-1/purchase': ok({
      checkoutSession: { url: '/checkout/order-1' },
    }),
  };

  it('a visitor signs up in the dialog, and the purchase goes on (not to /topics)', async () => {
    vi.mocked(goToPaymentPage).mockClear();
    window.history.replaceState(null, '', '/bundle/bundle-1');
    const requests = fakeApi(portalApi({ answers: purchase }));
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Starter pack' }, { timeout: 3_000 });
    fireEvent.change(screen.getByLabelText('Number of seats'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    const form = within(dialog);
    fireEvent.change(form.getByLabelText('Username'), { target: { value: 'camille' } });
    fireEvent.change(form.getByLabelText('Email'), { target: { value: 'camille@sample.test' } });
    fireEvent.change(form.getByLabelText('Password'), { target: { value: 'long-password-1' } });
    fireEvent.click(form.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/checkout/order-1'));
    const post = requests.find((r) => r.url.pathname.endsWith('/purchase'));
    expect(post?.body).toEqual({ locale: 'en-US', quantity: 3 });
    expect(post?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(window.location.pathname).toBe('/bundle/bundle-1');
    expect(await screen.findByText(/Redirecting to payment portal\./)).toBeDefined();
  });

  it('a visitor logs in in the dialog instead, and the purchase goes on', async () => {
    vi.mocked(goToPaymentPage).mockClear();
    window.history.replaceState(null, '', '/bundle/bundle-1');
    fakeApi(portalApi({ answers: purchase }));
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Starter pack' }, { timeout: 3_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await fillAndSubmitLogin(dialog);
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/checkout/order-1'));
  });
});
