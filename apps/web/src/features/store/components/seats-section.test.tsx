import type { InviteView, OrderView } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleBundle } from '../../../test/sample-organisation';
import { BundlePage } from './bundle-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const owned = sampleBundle({ isMemberOf: true });

function sampleOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    _id: 'order-1',
    bundleId: 'bundle-1',
    bundleName: 'Starter pack',
    quantity: 4,
    unitCents: 4900,
    percentOff: 0,
    totalCents: 19_600,
    currency: 'usd',
    status: 'fulfilled',
    provider: 'local',
    createdAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

function invite(id: string, overrides: Partial<InviteView> = {}): InviteView {
  return {
    _id: id,
    email: null,
    status: 'open',
    createdAt: '2026-11-24T09:00:00.000Z',
    usedAt: null,
    link: `/signup?inviteId=${id}`,
    ...overrides,
  };
}

const INVITES = [
  invite('inv-1'),
  invite('inv-2', {
    email: 'sam@example.com',
    link: '/signup?email=sam%40example.com&inviteId=inv-2',
  }),
  invite('inv-3', {
    email: 'lee@example.com',
    status: 'used',
    usedAt: '2026-11-24T10:00:00.000Z',
    link: '/signin?email=lee%40example.com&inviteId=inv-3',
  }),
  invite('inv-4', { status: 'revoked' }),
];

interface Routes {
  orders?: () => FakeAnswer;
  invites?: () => FakeAnswer;
  send?: (request: FakeRequest) => FakeAnswer;
  revoke?: (request: FakeRequest) => FakeAnswer;
}

function seatsApi(routes: Routes = {}, bundles = [owned]) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.url.pathname}`;
    if (key === 'GET /api/org/sample/bundle') return ok({ bundles });
    if (key === 'GET /api/org/sample/order')
      return routes.orders?.() ?? ok({ orders: [sampleOrder()] });
    if (key === 'GET /api/org/sample/order/order-1/invites')
      return routes.invites?.() ?? ok({ invites: INVITES });
    const send = /^POST \/api\/org\/sample\/order\/order-1\/invites\/([\w-]+)\/send$/.exec(key);
    if (send) {
      const body = request.body as { email: string };
      return (
        routes.send?.(request) ??
        ok({
          invite: invite(send[1] ?? '', {
            email: body.email,
            link: `/signup?email=${encodeURIComponent(body.email)}&inviteId=${send[1]}`,
          }),
        })
      );
    }
    const revoke = /^POST \/api\/org\/sample\/order\/order-1\/invites\/([\w-]+)\/revoke$/.exec(key);
    if (revoke)
      return (
        routes.revoke?.(request) ?? ok({ invite: invite(revoke[1] ?? '', { status: 'revoked' }) })
      );
    return undefined;
  });
}

function renderSeats(signedIn = true) {
  if (signedIn) window.localStorage.setItem('token', 'learner-token');
  return renderWithSession(
    <Routes>
      <Route path="/bundle/:bundleId" element={<BundlePage />} />
    </Routes>,
    { path: '/bundle/bundle-1', session: signedIn ? { account: sampleAccount() } : {} },
  );
}

const seats = () => screen.getByRole('region', { name: 'Your seats' });
const seat = (number: number) =>
  screen.getByRole('listitem', { name: new RegExp(`^Seat ${number} `) });

describe('Your seats on the bundle page', () => {
  it('lists each seat of the fulfilled orders with what became of it, and says the buyer uses none', async () => {
    const requests = seatsApi({
      orders: () =>
        ok({
          orders: [
            sampleOrder(),
            sampleOrder({ _id: 'order-2', status: 'pending' }),
            sampleOrder({ _id: 'order-3', bundleId: 'bundle-2' }),
          ],
        }),
    });
    renderSeats();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your seats' })).toBeDefined();
    expect(
      within(seats()).getByText(/You have access to this bundle yourself, without using a seat\./),
    ).toBeDefined();
    expect(
      await within(seats()).findByRole('group', { name: 'Order of November 24, 2026: 4 seats' }),
    ).toBeDefined();
    expect(within(seats()).getByText('2 open, 1 taken, 1 revoked')).toBeDefined();
    expect(
      within(seats())
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.seat__title')?.textContent),
    ).toEqual(['Seat 1 Open', 'Seat 2 Open', 'Seat 3 Taken by lee@example.com', 'Seat 4 Revoked']);
    expect(
      within(seat(2)).getByText('Sent to sam@example.com: only this address can use it.'),
    ).toBeDefined();
    expect((within(seat(1)).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/signup?inviteId=inv-1`,
    );
    // A taken or revoked seat has nothing left to do.
    for (const number of [3, 4]) {
      expect(within(seat(number)).queryByRole('button')).toBeNull();
      expect(within(seat(number)).queryByLabelText('Invitation link')).toBeNull();
    }
    expect(within(seat(3)).getByText('Joined on Nov 24, 2026.')).toBeDefined();
    // Only the fulfilled order of this bundle is asked for its seats.
    expect(
      requests.filter((r) => r.url.pathname.endsWith('/invites')).map((r) => r.url.pathname),
    ).toEqual(['/api/org/sample/order/order-1/invites']);
  });

  it('says a used seat without an address is taken', async () => {
    seatsApi({ invites: () => ok({ invites: [invite('inv-9', { status: 'used' })] }) });
    renderSeats();
    expect(
      (await screen.findByRole('listitem', { name: /^Seat 1 / })).querySelector('.seat__title')
        ?.textContent,
    ).toBe('Seat 1 Taken');
  });

  it('shows loading, then nothing for a learner with no seats of this bundle', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const later = new Promise<FakeAnswer>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const reply =
          path === '/api/org/sample/bundle'
            ? { status: 200, body: { bundles: [owned] } }
            : ((await later) as { status: number; body: unknown });
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }),
    );
    renderSeats();
    expect(await screen.findByText('Loading your seats…')).toBeDefined();
    await act(async () => {
      answer({ status: 200, body: { orders: [sampleOrder({ status: 'cancelled' })] } });
    });
    await waitFor(() => expect(screen.queryByText('Loading your seats…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your seats' })).toBeNull();
  });

  it('asks nothing for a visitor, nor for a learner who is not in the bundle’s group', async () => {
    const learnerRequests = seatsApi({}, [sampleBundle()]);
    const { unmount } = renderSeats(true);
    await screen.findByRole('heading', { level: 1 });
    unmount();
    window.localStorage.clear();
    const visitorRequests = seatsApi({}, [owned]);
    renderSeats(false);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Your seats' })).toBeNull();
    for (const requests of [learnerRequests, visitorRequests])
      expect(requests.map((r) => r.url.pathname)).toEqual(['/api/org/sample/bundle']);
  });

  it('shows an error with Try again when the orders cannot be loaded', async () => {
    let fail = true;
    seatsApi({
      orders: () =>
        fail ? { status: 500, body: { errors: [] } } : ok({ orders: [sampleOrder()] }),
    });
    renderSeats();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your seats could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: /^Seat 1 / })).toBeDefined();
  });

  it('shows an error for an order’s invitations, and an empty order', async () => {
    seatsApi({
      invites: () => ({ status: 409, body: { errors: ['This order is not paid yet'] } }),
    });
    const { unmount } = renderSeats();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This order is not paid yet');
    unmount();
    seatsApi({ invites: () => ok({ invites: [] }) });
    renderSeats();
    expect(await screen.findByText('This order has no seats.')).toBeDefined();
  });
});

describe('Copy link', () => {
  it('copies the absolute link and says so in a polite live region', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    seatsApi();
    renderSeats();
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: /^Seat 2 / })).getByRole('button', {
        name: 'Copy link',
      }),
    );
    const status = await within(seat(2)).findByText('Link copied');
    expect(status.getAttribute('role')).toBe('status');
    expect(writeText).toHaveBeenCalledExactlyOnceWith(
      `${window.location.origin}/signup?email=sam%40example.com&inviteId=inv-2`,
    );
  });

  it('selects the link when the clipboard refuses, and says how to copy it', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    seatsApi();
    renderSeats();
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: /^Seat 1 / })).getByRole('button', {
        name: 'Copy link',
      }),
    );
    expect(
      await within(seat(1)).findByText(
        'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
      ),
    ).toBeDefined();
    const field = within(seat(1)).getByLabelText('Invitation link') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });
});

describe('Send by email', () => {
  it('checks the address first, under the field, and sends nothing', async () => {
    const requests = seatsApi();
    renderSeats();
    const item = await screen.findByRole('listitem', { name: /^Seat 1 / });
    const email = within(item).getByLabelText('Send to email');
    fireEvent.click(within(item).getByRole('button', { name: 'Send by email' }));
    expect(within(item).getByText('This field is required.')).toBeDefined();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Send by email' }));
    const error = within(item).getByText('Enter a valid email address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(email);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('loads, sends the address and locale, then says it was sent', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    seatsApi({
      send: () => 'pending',
    });
    const requests: FakeRequest[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (init.method !== 'POST') return original(input, init);
        requests.push({
          method: 'POST',
          url: new URL(String(input), 'http://localhost'),
          headers: new Headers(init.headers),
          body: JSON.parse(String(init.body)) as unknown,
        });
        const reply = (await new Promise<FakeAnswer>((resolve) => {
          answer = resolve;
        })) as { status: number; body: unknown };
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }),
    );
    renderSeats();
    const item = await screen.findByRole('listitem', { name: /^Seat 1 / });
    fireEvent.change(within(item).getByLabelText('Send to email'), {
      target: { value: ' Ana@Example.com ' },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Send by email' }));
    const busy = await within(item).findByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(requests[0]?.url.pathname).toBe('/api/org/sample/order/order-1/invites/inv-1/send');
    expect(requests[0]?.body).toEqual({ email: 'Ana@Example.com', locale: 'en-US' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
    await act(async () => {
      answer(
        ok({
          invite: invite('inv-1', {
            email: 'ana@example.com',
            link: '/signup?email=ana%40example.com&inviteId=inv-1',
          }),
        }),
      );
    });
    const updated = seat(1);
    expect(within(updated).getByText('Invitation sent to Ana@Example.com.')).toBeDefined();
    expect(
      within(updated).getByText('Sent to ana@example.com: only this address can use it.'),
    ).toBeDefined();
    expect((within(updated).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/signup?email=ana%40example.com&inviteId=inv-1`,
    );
    expect((within(updated).getByLabelText('Send to email') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal under the field', async () => {
    seatsApi({
      send: () => ({ status: 409, body: { errors: ['This seat has already been used.'] } }),
    });
    renderSeats();
    const item = await screen.findByRole('listitem', { name: /^Seat 1 / });
    const email = within(item).getByLabelText('Send to email');
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Send by email' }));
    const error = await within(item).findByText('This seat has already been used.');
    expect(error.className).toBe('field__error');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});

describe('Revoke', () => {
  it('asks first; Keep the seat changes nothing', async () => {
    const requests = seatsApi();
    renderSeats();
    const item = await screen.findByRole('listitem', { name: /^Seat 1 / });
    const opener = within(item).getByRole('button', { name: 'Revoke this seat' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Revoke seat 1?' });
    expect(within(dialog).getByText(/Its link stops working at once/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the seat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('revokes on confirmation: the seat says so and its actions go', async () => {
    const requests = seatsApi();
    renderSeats();
    const item = await screen.findByRole('listitem', { name: /^Seat 2 / });
    fireEvent.click(within(item).getByRole('button', { name: 'Revoke this seat' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Revoke seat 2?' })).getByRole('button', {
        name: 'Revoke seat',
      }),
    );
    await waitFor(() =>
      expect(seat(2).querySelector('.seat__title')?.textContent).toBe('Seat 2 Revoked'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(seat(2)).queryByRole('button')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/api/org/sample/order/order-1/invites/inv-2/revoke',
    ]);
  });

  it('shows a refusal in the dialog (a seat taken meanwhile) and reloads the seats', async () => {
    let taken = false;
    const requests = seatsApi({
      invites: () =>
        ok({
          invites: taken
            ? [invite('inv-1', { status: 'used', email: 'kim@example.com' })]
            : [invite('inv-1')],
        }),
      revoke: () => {
        taken = true;
        return { status: 409, body: { errors: ['This seat has already been used.'] } };
      },
    });
    renderSeats();
    const item = await screen.findByRole('listitem', { name: /^Seat 1 / });
    fireEvent.click(within(item).getByRole('button', { name: 'Revoke this seat' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke seat 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke seat' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This seat has already been used.',
    );
    await waitFor(() =>
      expect(seat(1).querySelector('.seat__title')?.textContent).toBe(
        'Seat 1 Taken by kim@example.com',
      ),
    );
    expect(requests.filter((r) => r.url.pathname.endsWith('/invites'))).toHaveLength(2);
  });
});
