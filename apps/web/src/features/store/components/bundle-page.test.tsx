import type { BundleView, OrderView } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleBundle } from '../../../test/sample-organisation';
import type { AuthDialogOptions, AuthMode } from '../../../lib/session/session-context';
import { goToPaymentPage } from '../lib/redirect';
import { BundlePage } from './bundle-page';
import type { SeatsAndInvitationsComponent } from '../../../lib/invitations-slot';

vi.mock('../lib/redirect', () => ({ goToPaymentPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(goToPaymentPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const tiered = sampleBundle({
  bundleImage: { url: '/media/starter.jpg' },
  longDescription: {
    'en-US': '<p>Everything to <strong>get going</strong>.</p><script>alert(1)</script>',
  },
  discountTiers: [
    { minSeats: 10, percentOff: 20 },
    { minSeats: 5, percentOff: 10 },
  ],
});

const CHECKOUT_URL = '/checkout/order-1';

function storeApi(
  bundles: BundleView[],
  purchase: (request: FakeRequest) => FakeAnswer = () =>
    ok({ checkoutSession: { url: CHECKOUT_URL } }),
  orders: OrderView[] = [],
) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.url.pathname}`;
    if (key === 'GET /api/org/sample/bundle') return ok({ bundles });
    if (key === 'GET /api/org/sample/order') return ok({ orders });
    if (key === 'POST /api/org/sample/bundle/bundle-1/purchase') return purchase(request);
    return undefined;
  });
}

function renderBundle(
  options: {
    signedIn?: boolean;
    path?: string;
    openAuthDialog?: (mode?: AuthMode, options?: AuthDialogOptions) => void;
    seats?: SeatsAndInvitationsComponent;
  } = {},
) {
  if (options.signedIn) window.localStorage.setItem('token', 'learner-token');
  return renderWithSession(
    <Routes>
      <Route path="/bundle/:bundleId" element={<BundlePage seats={options.seats} />} />
    </Routes>,
    {
      path: options.path ?? '/bundle/bundle-1',
      session: {
        ...(options.signedIn && { account: sampleAccount() }),
        ...(options.openAuthDialog && { openAuthDialog: options.openAuthDialog }),
      },
    },
  );
}

const quantity = () => screen.getByLabelText('Number of seats') as HTMLInputElement;
const purchaseButton = () => screen.getByRole('button', { name: /^Purchase|^Starting checkout/ });

describe('/bundle/{id} (docs/product-spec.md §2)', () => {
  it('shows the back arrow, image, USD price, name, description and sanitised long description', async () => {
    storeApi([tiered]);
    const { container } = renderBundle();
    expect(await screen.findByRole('heading', { level: 1, name: 'Starter pack' })).toBeDefined();
    expect(screen.getByRole('link', { name: /Back to the store/ }).getAttribute('href')).toBe(
      '/store',
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/starter.jpg');
    expect(screen.getByText('$49.00 per seat')).toBeDefined();
    expect(screen.getByText('Three topics to begin with.')).toBeDefined();
    expect(screen.getByText('get going').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(document.title).toBe('Starter pack · Sample Academy');
    expect(quantity().value).toBe('1');
    expect(screen.getByText('Total for 1 seat: $49.00')).toBeDefined();
  });

  it('is the not-found page for an unknown bundle', async () => {
    storeApi([tiered]);
    renderBundle({ path: '/bundle/nope' });
    expect(
      await screen.findByRole('heading', {
        name: 'Page not found, please select another topic to continue',
      }),
    ).toBeDefined();
  });
});

describe('quantity (docs/product-spec.md §5)', () => {
  it.each([
    ['', 'Enter a number of seats.'],
    ['0', 'Buy at least 1 seat.'],
    ['01', 'Write the number without a leading zero.'],
    ['1.5', 'Enter a whole number, such as 1 or 5.'],
    ['-1', 'Enter a whole number, such as 1 or 5.'],
    ['5000', 'Buy at most 1000 seats at a time.'],
  ])('refuses %j under the field, and sends nothing', async (text, message) => {
    const requests = storeApi([tiered]);
    renderBundle({ signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(quantity(), { target: { value: text } });
    fireEvent.click(purchaseButton());
    expect(screen.getByText(message)).toBeDefined();
    expect(quantity().getAttribute('aria-invalid')).toBe('true');
    expect(quantity().getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(document.activeElement).toBe(quantity());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('prices the quantity with the tier that applies and says what the discount is', async () => {
    storeApi([tiered]);
    renderBundle();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(quantity(), { target: { value: '4' } });
    expect(screen.getByText('Total for 4 seats: $196.00')).toBeDefined();
    expect(screen.queryByText(/Group discount:/)).toBeNull();
    fireEvent.change(quantity(), { target: { value: '5' } });
    expect(screen.getByText('Total for 5 seats: $220.50')).toBeDefined();
    expect(
      screen.getByText('Group discount: 10% off for 5 or more seats (before discount: $245.00).'),
    ).toBeDefined();
    fireEvent.change(quantity(), { target: { value: '12' } });
    expect(screen.getByText('Total for 12 seats: $470.40')).toBeDefined();
  });
});

describe('group discount dialog', () => {
  it('lists the tiers from the fewest seats, and OK closes it', async () => {
    storeApi([tiered]);
    renderBundle();
    await screen.findByRole('heading', { level: 1 });
    const opener = screen.getByRole('button', { name: 'Group discounts' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Group discounts' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5+ seats: 10% off', '10+ seats: 20% off']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has an empty state', async () => {
    storeApi([sampleBundle()]);
    renderBundle();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Group discounts' }));
    const dialog = screen.getByRole('dialog', { name: 'Group discounts' });
    expect(within(dialog).getByText('This bundle has no group discounts.')).toBeDefined();
    expect(within(dialog).queryByRole('list')).toBeNull();
  });
});

describe('purchase (docs/product-spec.md §4)', () => {
  it('loads, then says it is redirecting (with a link) and goes to the payment page', async () => {
    let answer: (value: FakeAnswer) => void = () => {};
    const answered = new Promise<FakeAnswer>((resolve) => {
      answer = resolve;
    });
    const requests: FakeRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://localhost');
        const request: FakeRequest = {
          method: init.method ?? 'GET',
          url,
          headers: new Headers(init.headers),
          body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        };
        requests.push(request);
        const reply =
          request.method === 'GET'
            ? { status: 200, body: { bundles: [tiered] } }
            : ((await answered) as { status: number; body: unknown });
        return new Response(JSON.stringify(reply.body), { status: reply.status });
      }),
    );
    renderBundle({ signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(quantity(), { target: { value: '5' } });
    fireEvent.click(purchaseButton());
    expect(await screen.findByRole('button', { name: 'Starting checkout…' })).toBeDefined();
    expect(purchaseButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(purchaseButton());
    await act(async () => {
      answer({ status: 200, body: { checkoutSession: { url: CHECKOUT_URL } } });
    });
    const notice = await screen.findByText(/Redirecting to payment portal\./);
    expect(notice.textContent).toBe(
      'Redirecting to payment portal. Click Here if you are not re-directed immediately.',
    );
    expect(within(notice).getByRole('link', { name: 'Click Here' }).getAttribute('href')).toBe(
      CHECKOUT_URL,
    );
    expect(goToPaymentPage).toHaveBeenCalledExactlyOnceWith(CHECKOUT_URL);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ locale: 'en-US', quantity: 5 });
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
  });

  it('shows an error under the form', async () => {
    storeApi([tiered], () => ({
      status: 400,
      body: { errors: ['Bundle has already been purchased'] },
    }));
    renderBundle({ signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(purchaseButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bundle has already been purchased',
    );
    expect(goToPaymentPage).not.toHaveBeenCalled();
    expect(purchaseButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('offers a learner who owns the bundle seats for a team: two at least, said when fewer', async () => {
    const requests = storeApi([sampleBundle({ isMemberOf: true })]);
    renderBundle({ signedIn: true });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/^Bundle has been purchased\./)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Buy seats for your team' })).toBeDefined();
    expect((quantity() as HTMLInputElement).value).toBe('2');
    const buy = screen.getByRole('button', { name: 'Buy seats for your team' });
    fireEvent.change(quantity(), { target: { value: '1' } });
    fireEvent.click(buy);
    expect(
      await screen.findByText(
        'You already have this bundle: choose 2 or more seats for your team.',
      ),
    ).toBeDefined();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.change(quantity(), { target: { value: '3' } });
    fireEvent.click(buy);
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      locale: 'en-US',
      quantity: 3,
    });
  });

  it('opens the auth dialog for a visitor, and the purchase goes on once signed in', async () => {
    const requests = storeApi([tiered]);
    const openAuthDialog = vi.fn<(mode?: AuthMode, options?: AuthDialogOptions) => void>();
    renderBundle({ openAuthDialog });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(quantity(), { target: { value: '2' } });
    fireEvent.click(purchaseButton());
    expect(openAuthDialog).toHaveBeenCalledTimes(1);
    expect(openAuthDialog.mock.calls[0]?.[0]).toBe('signup');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    // The dialog signs the learner in (the token is stored), then calls back.
    window.localStorage.setItem('token', 'new-token');
    await act(async () => {
      openAuthDialog.mock.calls[0]?.[1]?.onSignedIn?.();
    });
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(CHECKOUT_URL));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ locale: 'en-US', quantity: 2 });
    expect(post?.headers.get('Authorization')).toBe('Bearer new-token');
  });
  it('says that nothing was charged after a cancelled checkout', async () => {
    storeApi([sampleBundle()]);
    renderBundle({ signedIn: true, path: '/bundle/bundle-1?cancelled=1' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('status').textContent).toBe(
      'The checkout was cancelled: nothing was charged.',
    );
  });

  it('shows a buyer’s team: the seat section of their cohort and a way to its page', async () => {
    const order: OrderView = {
      _id: 'order-1',
      bundleId: 'bundle-1',
      bundleName: 'Starter pack',
      quantity: 5,
      unitCents: 4900,
      percentOff: 10,
      totalCents: 22_050,
      currency: 'usd',
      status: 'fulfilled',
      provider: 'local',
      createdAt: '2026-11-24T09:00:00.000Z',
      cohortId: 'cohort-1',
    };
    storeApi([sampleBundle({ isMemberOf: true })], undefined, [order]);
    const shown: string[] = [];
    const Seats: SeatsAndInvitationsComponent = ({ groupId, membersNote }) => {
      shown.push(`${groupId}:${membersNote}`);
      return <p>Seats of {groupId}</p>;
    };
    renderBundle({ signedIn: true, seats: Seats });
    const team = await screen.findByRole('region', { name: 'Your team' });
    expect(
      within(team).getByRole('link', { name: 'Open your team’s page' }).getAttribute('href'),
    ).toBe('/group/cohort-1');
    expect(await screen.findByText('Seats of cohort-1')).toBeDefined();
    expect(shown.at(-1)).toBe('cohort-1:groupPage');
  });

  it('shows no team to a learner who bought one seat', async () => {
    storeApi([sampleBundle({ isMemberOf: true })], undefined, []);
    const Seats: SeatsAndInvitationsComponent = () => <p>Seats</p>;
    renderBundle({ signedIn: true, seats: Seats });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your team' })).toBeNull());
    expect(screen.queryByText('Seats')).toBeNull();
  });
});
