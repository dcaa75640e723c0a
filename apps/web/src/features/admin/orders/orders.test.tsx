import type { AdminOrderView } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { AdminRoutes } from '../shell/admin-routes';

const admin = sampleAccount({ roles: ['admin'] });

const order = (id: string, over: Partial<AdminOrderView> = {}): AdminOrderView => ({
  _id: id,
  buyer: { _id: `u-${id}`, name: `Buyer ${id}`, username: id, email: `${id}@example.com` },
  bundleId: 'starter',
  bundleName: { 'en-US': 'Starter pack', 'fr-CA': 'Trousse de départ' },
  quantity: 5,
  unitCents: 2000,
  percentOff: 10,
  totalCents: 9000,
  currency: 'usd',
  status: 'fulfilled',
  provider: 'local',
  createdAt: '2026-11-20T10:00:00.000Z',
  fulfilledAt: '2026-11-20T10:00:01.000Z',
  cohortId: `cohort-${id}`,
  seats: { used: 2, unused: 3, revoked: 0 },
  ...over,
});

const bundles = {
  bundles: [
    {
      _id: 'starter',
      name: { 'en-US': 'Starter pack', 'fr-CA': 'Trousse de départ' },
      price: 20,
      userGroup: 'insiders',
      discountTiers: [],
    },
  ],
  groups: [{ _id: 'insiders', name: 'Insiders' }],
};

function openConsole(path: string) {
  return renderWithAccount(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
    </Routes>,
    admin,
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('token');
});

describe('the Orders screen', () => {
  it(
    'lists orders with their seats, filters them, and refunds one after saying what happens to the seats',
    { timeout: 15_000 },
    async () => {
      let refunded = false;
      const requests: FakeRequest[] = [];
      fakeApi((request) => {
        requests.push(request);
        if (isRoute(request, 'consoleBundles')) return ok(bundles);
        if (isRoute(request, 'adminOrders'))
          return ok({
            orders: [
              order(
                'ann',
                refunded ? { status: 'refunded', seats: { used: 2, unused: 0, revoked: 3 } } : {},
              ),
              order('bob', {
                status: 'pending',
                percentOff: 0,
                totalCents: 4000,
                quantity: 2,
                seats: { used: 0, unused: 0, revoked: 0 },
              }),
            ],
            next: null,
          });
        if (isRoute(request, 'adminRefundOrder')) {
          refunded = true;
          return ok({
            order: order('ann', { status: 'refunded', seats: { used: 2, unused: 0, revoked: 3 } }),
            seatsTakenBack: 3,
            seatsInUse: 2,
          });
        }
        return undefined;
      });
      const { container } = openConsole('/admin/orders');
      const list = await screen.findByRole('list', { name: 'Orders, newest first' });
      expect(within(list).getByText('Buyer ann')).toBeTruthy();
      expect(within(list).getByText('5 seats: 2 in use, 3 not taken')).toBeTruthy();
      expect(within(list).getByText('$90.00')).toBeTruthy();
      expect(within(list).getByText('Waiting for payment')).toBeTruthy();
      // Only a fulfilled order can be refunded.
      expect(within(list).getAllByRole('button', { name: /^Refund/ })).toHaveLength(1);

      fireEvent.change(screen.getByLabelText('State'), { target: { value: 'fulfilled' } });
      fireEvent.change(await screen.findByLabelText('Bundle'), { target: { value: 'starter' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(
          requests.some(
            (r) =>
              isRoute(r, 'adminOrders') &&
              r.url.searchParams.get('state') === 'fulfilled' &&
              r.url.searchParams.get('bundle') === 'starter',
          ),
        ).toBe(true),
      );

      fireEvent.click(
        await screen.findByRole('button', {
          name: 'Refund the order of Buyer ann for Starter pack',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
      expect(
        within(dialog).getByText(
          /Buyer ann gets \$90\.00 back\. 3 seats nobody has taken are taken back; 2 members keep their seats\./,
        ),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund the order' }));
      expect(
        await screen.findByText(
          'The order of Buyer ann is refunded. 3 seats were taken back; 2 are still in use.',
        ),
      ).toBeTruthy();
      const after = await screen.findByRole('list', { name: 'Orders, newest first' });
      expect(await within(after).findByText('Refunded')).toBeTruthy();
      expect(requests.filter((r) => isRoute(r, 'adminRefundOrder'))).toHaveLength(1);
      const result = await axe.run(container, { rules: { region: { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    },
  );

  it('says why a refund failed and keeps the dialog open', { timeout: 15_000 }, async () => {
    fakeApi((request) => {
      if (isRoute(request, 'consoleBundles')) return ok(bundles);
      if (isRoute(request, 'adminOrders')) return ok({ orders: [order('ann')], next: null });
      if (isRoute(request, 'adminRefundOrder'))
        return {
          status: 503,
          body: {
            errors: [
              'The payment provider did not make the refund; the order is unchanged. Try again later.',
            ],
          },
        };
      return undefined;
    });
    openConsole('/admin/orders');
    fireEvent.click(await screen.findByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund the order' }));
    expect(await within(dialog).findByText(/the order is unchanged/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when nobody has ordered, and when no order matches', async () => {
    fakeApi((request) => {
      if (isRoute(request, 'consoleBundles')) return ok(bundles);
      if (isRoute(request, 'adminOrders')) return ok({ orders: [], next: null });
      return undefined;
    });
    openConsole('/admin/orders');
    expect(await screen.findByText('Nobody has ordered yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Buyer's name, username or email"), {
      target: { value: 'zed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No order matches these filters.')).toBeTruthy();
  });
});

describe('an erased buyer’s order (docs/design.md §18)', () => {
  it(
    'names the buyer "Erased account" in the list, the refund dialog and its notice',
    { timeout: 15_000 },
    async () => {
      const gone = order('gone', {
        buyer: { _id: 'u-gone', name: '', username: '', email: '' },
      });
      fakeApi((request) => {
        if (isRoute(request, 'consoleBundles')) return ok(bundles);
        if (isRoute(request, 'adminOrders')) return ok({ orders: [gone], next: null });
        if (isRoute(request, 'adminRefundOrder'))
          return ok({
            order: { ...gone, status: 'refunded' },
            seatsTakenBack: 3,
            seatsInUse: 2,
          });
        return undefined;
      });
      const { container } = openConsole('/admin/orders');
      const list = await screen.findByRole('list', { name: 'Orders, newest first' });
      const row = within(list).getByRole('listitem');
      expect(within(row).getByText('Erased account')).toBeTruthy();
      // No empty email line under it.
      expect(row.querySelector('.admin-people__email')).toBeNull();
      fireEvent.click(
        within(row).getByRole('button', {
          name: 'Refund the order of Erased account for Starter pack',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
      expect(within(dialog).getByText(/^Erased account gets \$90\.00 back\./)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund the order' }));
      expect(
        await screen.findByText(
          'The order of Erased account is refunded. 3 seats were taken back; 2 are still in use.',
        ),
      ).toBeTruthy();
      const result = await axe.run(container, { rules: { region: { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    },
  );
});
