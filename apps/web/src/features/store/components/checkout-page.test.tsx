import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import type { OrderView } from '@portal/domain';
import { CheckoutPage } from './checkout-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function sampleOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    _id: 'order-1',
    bundleId: 'bundle-1',
    bundleName: 'Starter pack',
    quantity: 5,
    unitCents: 4900,
    percentOff: 10,
    totalCents: 22_050,
    currency: 'usd',
    status: 'pending',
    provider: 'local',
    createdAt: '2026-11-24T09:00:00.000Z',
    cohortId: null,
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function orderApi(
  order: OrderView,
  actions: { pay?: () => FakeAnswer; cancel?: () => FakeAnswer } = {},
) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.url.pathname}`;
    if (key === 'GET /api/org/sample/order/order-1') return ok({ order });
    if (key === 'POST /api/org/sample/order/order-1/pay')
      return actions.pay?.() ?? ok({ order: { ...order, status: 'paid' } });
    if (key === 'POST /api/org/sample/order/order-1/cancel')
      return actions.cancel?.() ?? ok({ order: { ...order, status: 'cancelled' } });
    return undefined;
  });
}

function renderCheckout(signedIn = true) {
  if (signedIn) window.localStorage.setItem('token', 'learner-token');
  return renderWithSession(
    <Routes>
      <Route path="/checkout/:orderId" element={<CheckoutPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/checkout/order-1', session: signedIn ? { account: sampleAccount() } : {} },
  );
}

describe('/checkout/{orderId}: the local test checkout', () => {
  it('is marked as test mode and sums the order up', async () => {
    const requests = orderApi(sampleOrder());
    renderCheckout();
    expect(screen.getByText('Loading the order…')).toBeDefined();
    expect(await screen.findByText('Test mode — no real payment')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeDefined();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const facts = [...summary.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Bundle', 'Starter pack'],
      ['Seats', '5'],
      ['Unit price', '$49.00'],
      ['Discount', '10% (−$24.50)'],
      ['Total', '$220.50'],
    ]);
    expect(screen.getByRole('button', { name: 'Pay $220.50' })).toBeDefined();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
  });

  it('Pay confirms the order and goes to the store’s checkout-complete popup', async () => {
    const requests = orderApi(sampleOrder());
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $220.50' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/store?purchased=bundle-1');
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
      'POST /api/org/sample/order/order-1/pay',
    );
  });

  it('Cancel gives the order up and goes back to the bundle, which says nothing was charged', async () => {
    orderApi(sampleOrder());
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/bundle/bundle-1?cancelled=1');
  });

  it('shows a refused payment and stays', async () => {
    orderApi(sampleOrder(), {
      pay: () => ({ status: 409, body: { errors: ['This order is no longer pending'] } }),
    });
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $220.50' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order is no longer pending');
    expect(screen.getByRole('button', { name: 'Pay $220.50' })).toBeDefined();
  });

  it('says what became of an order no longer pending', async () => {
    orderApi(sampleOrder({ status: 'cancelled', percentOff: 0, totalCents: 24_500 }));
    renderCheckout();
    expect(await screen.findByText('This order was cancelled.')).toBeDefined();
    expect(screen.getByText('None')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the bundle' }).getAttribute('href')).toBe(
      '/bundle/bundle-1',
    );
  });

  it('offers no Pay for a Stripe order: it says where it is paid and links back to the bundle', async () => {
    const requests = orderApi(sampleOrder({ provider: 'stripe' }));
    renderCheckout();
    expect(await screen.findByText('Paid on the secure payment page')).toBeDefined();
    expect(
      screen.getByText(
        'This order is paid on the payment provider’s secure page, not here. Start the purchase again from the bundle to reach it.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('region', { name: 'Order summary' })).toBeDefined();
    expect(screen.queryByText('Test mode — no real payment')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to the bundle' });
    expect(back.getAttribute('href')).toBe('/bundle/bundle-1');
    fireEvent.click(back);
    expect((await screen.findByTestId('where')).textContent).toBe('/bundle/bundle-1');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says a paid Stripe order is paid, like a local one', async () => {
    orderApi(sampleOrder({ provider: 'stripe', status: 'fulfilled' }));
    renderCheckout();
    expect(await screen.findByText('This order has been paid.')).toBeDefined();
    expect(screen.queryByText('Paid on the secure payment page')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('is the not-found page for an unknown order, and asks a visitor to log in', async () => {
    fakeApi(() => undefined);
    const { unmount } = renderCheckout();
    expect(
      await screen.findByRole('heading', {
        name: 'Page not found, please select another topic to continue',
      }),
    ).toBeDefined();
    unmount();
    window.localStorage.clear();
    renderCheckout(false);
    const notice = screen.getByRole('status');
    expect(within(notice).getByText('Log in to see this order.')).toBeDefined();
    expect(within(notice).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/signin?returnTo=%2Fcheckout%2Forder-1',
    );
  });
});
