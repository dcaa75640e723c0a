import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OrganisationView } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBundle, sampleOrganisation } from '../../test/sample-organisation';
import { sampleTopic } from '../../test/sample-topic';
import { App } from '../app';

type Answer = { status: number; body: unknown } | 'pending';
type Route = (url: URL) => Answer | undefined;

/** A fake fetch at the network boundary: answers by path, records every request. */
function fakeFetch(route: Route) {
  const requests: URL[] = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const answer = route(url) ?? { status: 404, body: { errors: ['not found'] } };
    if (answer === 'pending') return new Promise<Response>(() => {});
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

function organisationApi(org: OrganisationView = sampleOrganisation()): Route {
  return (url) => {
    if (url.pathname === '/api/org/sample') {
      const locale = url.searchParams.get('locale');
      return {
        status: 200,
        body: {
          ...org,
          currentLocale: locale && org.locales.includes(locale) ? locale : org.locales[0],
        },
      };
    }
    if (url.pathname === '/api/org/sample/bundle')
      return { status: 200, body: { bundles: [sampleBundle()] } };
    return undefined;
  };
}

function setOrganisationMeta(alias: string) {
  const meta = document.createElement('meta');
  meta.name = 'portal-org';
  meta.content = alias;
  document.head.append(meta);
}

function renderApp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<App queryClient={queryClient} />);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  setOrganisationMeta('sample');
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = '';
});

describe('app start', () => {
  it('shows an announced spinner while the organisation loads', () => {
    fakeFetch(() => 'pending');
    renderApp();
    expect(screen.getByRole('status').textContent).toBe('Loading your learning portal…');
  });

  it('loads the organisation and bundles, then themes and shows the home page', async () => {
    const requests = fakeFetch(organisationApi());
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn money skills' }),
    ).toBeDefined();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Store' })).toBeDefined();
    expect(requests.map((url) => url.pathname).sort()).toEqual([
      '/api/org/sample',
      '/api/org/sample/bundle',
    ]);
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.documentElement.style.getPropertyValue('--primary-color')).toBe('#1a4d8f');
    // The title is set by an effect, which React may run after the paint that shows the heading.
    await waitFor(() => expect(document.title).toBe('Sample Academy'));
  });

  it('asks the server which organisation when the page does not say', async () => {
    document.head.querySelector('meta[name="portal-org"]')?.remove();
    const api = organisationApi();
    const requests = fakeFetch((url) =>
      url.pathname === '/api/host' ? { status: 200, body: { org: 'sample' } } : api(url),
    );
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn money skills' }),
    ).toBeDefined();
    expect(requests[0]?.pathname).toBe('/api/host');
  });

  it('asks for the stored locale and speaks it', async () => {
    window.localStorage.setItem('locale', 'fr-CA');
    const requests = fakeFetch(organisationApi());
    renderApp();
    expect(await screen.findByRole('link', { name: 'Parcourir les sujets' })).toBeDefined();
    expect(
      requests.find((url) => url.pathname === '/api/org/sample')?.searchParams.get('locale'),
    ).toBe('fr-CA');
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it('uses the organisation’s first locale when the stored one is not offered', async () => {
    window.localStorage.setItem('locale', 'fr-CA');
    fakeFetch(organisationApi(sampleOrganisation({ locales: ['en-US'] })));
    renderApp();
    expect(await screen.findByRole('link', { name: 'Browse topics' })).toBeDefined();
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('switches locale: stores it, reloads the organisation in it, and speaks it', async () => {
    const requests = fakeFetch(organisationApi());
    renderApp();
    const language = await screen.findByRole('group', { name: 'Language' });
    fireEvent.click(within(language).getByRole('button', { name: /^FR/ }));
    expect(await screen.findByRole('link', { name: 'Parcourir les sujets' })).toBeDefined();
    expect(window.localStorage.getItem('locale')).toBe('fr-CA');
    expect(requests.some((url) => url.searchParams.get('locale') === 'fr-CA')).toBe(true);
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it('shows "No organisation at this address" for an unknown organisation', async () => {
    fakeFetch(() => ({ status: 404, body: { errors: ['Organisation not found'] } }));
    renderApp();
    expect(
      await screen.findByRole('heading', { name: 'No organisation at this address' }),
    ).toBeDefined();
    expect(screen.getByText(window.location.host)).toBeDefined();
  });

  it('swallows a 4xx on the organisation call while a token is stored: drops it, goes on as a visitor (spec §2)', async () => {
    window.localStorage.setItem('token', 'a-token-the-server-refuses-000000');
    const api = organisationApi();
    const asked: { path: string; isSignedIn: boolean }[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const isSignedIn = new Headers(init?.headers).has('Authorization');
      asked.push({ path: url.pathname, isSignedIn });
      const known = api(url);
      const answer =
        isSignedIn || known === 'pending' || !known
          ? { status: isSignedIn ? 401 : 404, body: { errors: ['Your session has ended'] } }
          : known;
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    });
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Learn money skills' }),
    ).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })).toBeDefined();
    expect(asked).toContainEqual({ path: '/api/org/sample', isSignedIn: true });
    expect(asked).toContainEqual({ path: '/api/org/sample', isSignedIn: false });
  });

  it('shows an error page with a generic support address when the organisation fails', async () => {
    fakeFetch(() => ({ status: 500, body: { errors: ['boom'] } }));
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it("shows the organisation's support address when only the bundles fail", async () => {
    const api = organisationApi();
    fakeFetch((url) =>
      url.pathname.endsWith('/bundle') ? { status: 503, body: { errors: ['down'] } } : api(url),
    );
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'help@sample.test' }).getAttribute('href')).toBe(
      'mailto:help@sample.test',
    );
  });

  it('recovers when Try again succeeds', async () => {
    let failing = true;
    const api = organisationApi();
    fakeFetch((url) => (failing ? { status: 500, body: { errors: ['boom'] } } : api(url)));
    renderApp();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    fireEvent.click(retry);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Learn money skills' })).toBeDefined(),
    );
  });

  it('shows the not-found page for an unknown route', async () => {
    window.history.replaceState(null, '', '/no/such/page');
    fakeFetch(organisationApi());
    renderApp();
    expect(
      await screen.findByRole('heading', {
        name: 'Page not found, please select another topic to continue',
      }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse topics' }).getAttribute('href')).toBe(
      '/topics',
    );
  });

  it('shows the OAuth callback screen, titled, with its red box when the address has no code', async () => {
    window.history.replaceState(null, '', '/oauth/callback/group1');
    fakeFetch(organisationApi());
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not log you in' }),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('Login token not found.');
    expect(document.title).toBe('We could not log you in · Sample Academy');
  });

  it('shows the report card inside the topic layout', async () => {
    window.history.replaceState(null, '', '/topic/budgeting/reportcard');
    const topic = sampleTopic({ showGradeReport: true, hasScoredFields: true });
    fakeFetch(
      (url) =>
        (url.pathname === '/api/org/sample/topic/budgeting'
          ? { status: 200, body: { topic } }
          : undefined) ?? organisationApi()(url),
    );
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report card' })).toBeDefined();
    // A visitor has no scores: the report card asks to sign in.
    expect(screen.getByText(/Log in to see your report card/)).toBeDefined();
    expect(document.title).toBe('Report card · Budgeting · Sample Academy');
  });
});
