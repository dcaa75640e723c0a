import type { BundleView } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, isRoute } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleBundle, sampleOrganisation } from '../../../test/sample-organisation';
import { StorePage } from './store-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const starter = sampleBundle({ bundleImage: { url: '/media/starter.jpg' } });
const pro = sampleBundle({
  _id: 'bundle-2',
  name: { 'en-US': 'Pro pack', 'fr-CA': 'Trousse pro' },
  description: { 'en-US': 'For teams.' },
  price: 120.5,
  isMemberOf: true,
});

function bundlesApi(answer: () => BundleView[]) {
  return fakeApi((request) =>
    isRoute(request, 'bundles') ? ok({ bundles: answer() }) : undefined,
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderStore(options: { signedIn?: boolean; path?: string; locale?: string } = {}) {
  if (options.signedIn) window.localStorage.setItem('token', 'learner-token');
  return renderWithSession(
    <Routes>
      <Route
        path="/store"
        element={
          <>
            <StorePage />
            <Where />
          </>
        }
      />
    </Routes>,
    {
      path: options.path ?? '/store',
      session: options.signedIn ? { account: sampleAccount() } : {},
      org: options.locale ? sampleOrganisation({ currentLocale: options.locale }) : undefined,
    },
  );
}

describe('/store (docs/product-spec.md §2)', () => {
  it('shows a visitor the cards, each with its image, name, description and USD price; no tabs', async () => {
    bundlesApi(() => [starter, pro]);
    renderStore();
    expect(screen.getByRole('heading', { level: 1, name: 'Store' })).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Bundles' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Starter pack' }).getAttribute('href')).toBe(
      '/bundle/bundle-1',
    );
    expect(first.getByText('Three topics to begin with.')).toBeDefined();
    expect(first.getByText('$49.00')).toBeDefined();
    expect((cards[0] as HTMLElement).querySelector('img')?.getAttribute('src')).toBe(
      '/media/starter.jpg',
    );
    expect(within(cards[1] as HTMLElement).getByText('$120.50')).toBeDefined();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(document.title).toBe('Store · Sample Academy');
  });

  it('writes prices the fr-CA way, still in USD, with the names in French', async () => {
    bundlesApi(() => [pro]);
    renderStore({ locale: 'fr-CA' });
    expect(await screen.findByRole('link', { name: 'Trousse pro' })).toBeDefined();
    // The organisation's money is the US dollar: the same plain "$" as in English.
    expect(screen.getByText(/^120,50\s\$$/)).toBeDefined();
  });

  it('names the US dollar in both languages for an organisation whose money is another', async () => {
    bundlesApi(() => [pro]);
    const cad = (locale: string) =>
      renderWithSession(<StorePage />, {
        path: '/store',
        org: sampleOrganisation({ currentLocale: locale, currency: 'CAD' }),
      });
    const en = cad('en-US');
    expect(await screen.findByText('US$120.50')).toBeDefined();
    en.unmount();
    cad('fr-CA');
    expect(await screen.findByText(/^120,50\s\$\sUS$/)).toBeDefined();
  });

  it('says so when the store is empty, and shows loading and errors', async () => {
    bundlesApi(() => []);
    const { unmount } = renderStore();
    expect(screen.getByText('Loading the store…')).toBeDefined();
    expect(await screen.findByText('There are no bundles in the store yet.')).toBeDefined();
    unmount();
    fakeApi(() => ({ status: 500, body: { errors: ['Database unavailable'] } }));
    renderStore();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The store could not be loaded. Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('gives a learner the tabs All bundles, Unowned and Purchased, with arrow keys', async () => {
    bundlesApi(() => [starter, pro]);
    renderStore({ signedIn: true });
    const tablist = await screen.findByRole('tablist', { name: 'Show bundles' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All bundles', 'Unowned', 'Purchased']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'All bundles' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    // The owned bundle is marked in All bundles.
    expect(within(panel).getByText('Purchased')).toBeDefined();

    (tabs[0] as HTMLElement).focus();
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    const unowned = screen.getByRole('tabpanel', { name: 'Unowned' });
    expect(
      within(unowned)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Starter pack']);
    fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'ArrowRight' });
    const purchased = screen.getByRole('tabpanel', { name: 'Purchased' });
    expect(
      within(purchased)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pro pack']);
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'End' });
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
  });

  it("empty tabs: Purchased offers 'View all bundles', which goes back to All bundles", async () => {
    bundlesApi(() => [starter]);
    renderStore({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Purchased' }));
    expect(screen.getByText('You have not purchased any bundles yet.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'View all bundles' }));
    const all = screen.getByRole('tab', { name: 'All bundles' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(all);
    expect(screen.getByRole('link', { name: 'Starter pack' })).toBeDefined();
  });

  it('says when every bundle is owned, in Unowned', async () => {
    bundlesApi(() => [pro]);
    renderStore({ signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Unowned' }));
    expect(screen.getByText('You already have every bundle in the store.')).toBeDefined();
  });
});

describe('?purchased={bundleId}: the checkout-complete popup', () => {
  it('says the payment is being confirmed until the bundle is owned, then what the learner has', async () => {
    let calls = 0;
    const requests = bundlesApi(() => {
      calls += 1;
      return [sampleBundle({ isMemberOf: calls > 2 })];
    });
    renderStore({ signedIn: true, path: '/store?purchased=bundle-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Checkout complete' });
    expect(within(dialog).getByText('Your payment is being confirmed…')).toBeDefined();
    expect(
      await within(dialog).findByText(
        'You now have access to Starter pack.',
        {},
        { timeout: 4_000 },
      ),
    ).toBeDefined();
    expect(
      within(dialog).getByRole('link', { name: 'Go to your topics' }).getAttribute('href'),
    ).toBe('/topics');
    expect(requests.every((r) => r.headers.get('Authorization') === 'Bearer learner-token')).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/store'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leads to the cohort’s seat screen when more than one was bought, and only then', async () => {
    for (const [quantity, expected] of [
      [5, true],
      [1, false],
    ] as const) {
      const requests = fakeApi((request) => {
        const key = `${request.method} ${request.url.pathname}`;
        if (key === 'GET /api/org/sample/bundle')
          return ok({ bundles: [sampleBundle({ isMemberOf: true })] });
        if (key === 'GET /api/org/sample/order')
          return ok({
            orders: [
              {
                _id: 'order-1',
                bundleId: 'bundle-1',
                bundleName: 'Starter pack',
                quantity,
                unitCents: 4900,
                percentOff: 0,
                totalCents: 4900 * quantity,
                currency: 'usd',
                status: 'fulfilled',
                provider: 'local',
                createdAt: '2026-11-24T09:00:00.000Z',
                cohortId: quantity > 1 ? 'cohort-1' : null,
              },
            ],
          });
        return undefined;
      });
      const { unmount } = renderStore({ signedIn: true, path: '/store?purchased=bundle-1' });
      const dialog = await screen.findByRole('dialog', { name: 'Checkout complete' });
      await within(dialog).findByText('You now have access to Starter pack.');
      if (expected) {
        const link = await within(dialog).findByRole('link', {
          name: 'Invite people to your seats',
        });
        expect(link.getAttribute('href')).toBe('/group/cohort-1');
      } else {
        await waitFor(() =>
          expect(requests.map((r) => r.url.pathname)).toContain('/api/org/sample/order'),
        );
        await within(dialog).findByRole('link', { name: 'Go to your topics' });
        expect(
          within(dialog).queryByRole('link', { name: 'Invite people to your seats' }),
        ).toBeNull();
      }
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('is not shown to a visitor', async () => {
    bundlesApi(() => [starter]);
    renderStore({ path: '/store?purchased=bundle-1' });
    expect(await screen.findByRole('link', { name: 'Starter pack' })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
