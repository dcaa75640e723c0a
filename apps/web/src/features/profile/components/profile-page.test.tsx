import type { AccountView } from '@portal/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount, renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { Route, Routes } from 'react-router';
import { ConfirmEmailPage } from './confirm-email-page';
import { ProfilePage } from './profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The account API: PUT merges what is sent; uploads and the picture calls answer plainly. */
function accountApi(start: AccountView, override?: (r: FakeRequest) => FakeAnswer | undefined) {
  let account = start;
  return (request: FakeRequest): FakeAnswer | undefined => {
    const overridden = override?.(request);
    if (overridden) return overridden;
    const key = `${request.method} ${request.url.pathname}`;
    if (key === 'PUT /api/org/sample/account/settings') {
      const update = request.body as Partial<AccountView> & { name?: Partial<AccountView['name']> };
      const name = { ...account.name, ...update.name };
      account = {
        ...account,
        ...update,
        name: { ...name, full: `${name.first} ${name.last}`.trim() },
      };
      return ok({ account });
    }
    if (key === 'POST /api/upload')
      return ok({
        secure_url: '/uploads/sample/abc.png',
        original_filename: 'me.png',
        public_id: 'abc',
      });
    if (key === 'POST /api/org/sample/account/settings/profilePicture')
      return ok({ file: request.body });
    if (key === 'DELETE /api/org/sample/account/settings/profilePicture') return ok({ file: null });
    return undefined;
  };
}

function renderProfile(start: AccountView = sampleAccount()) {
  return renderWithAccount(<ProfilePage />, start);
}

const image = (size: number, type = 'image/png', name = 'me.png') =>
  new File([new Uint8Array(size)], name, { type });

describe('ProfilePage', () => {
  it('asks a visitor to log in', () => {
    renderWithSession(<ProfilePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/signin?returnTo=%2Faccount',
    );
  });

  it('shows the title, the picture uploader and the five editable fields', () => {
    renderProfile(sampleAccount({ phone: '555-0100', company: 'Acme' }));
    expect(document.title).toBe('My profile · Sample Academy');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Camille');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Tremblay');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('555-0100');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Acme');
    expect((screen.getByLabelText('Employee ID') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/Preferred size: 200 × 200 pixels/)).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  });
});

describe('inline edit (docs/product-spec.md §4)', () => {
  it('shows save and cancel once edited; Enter saves the trimmed name with a spinner meanwhile', async () => {
    const api = accountApi(sampleAccount());
    let releasePut: () => void = () => {};
    const putReleased = new Promise<void>((resolve) => {
      releasePut = resolve;
    });
    const requests: FakeRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const request: FakeRequest = {
          method: init.method ?? 'GET',
          url: new URL(String(input), 'http://localhost'),
          headers: new Headers(init.headers),
          body: JSON.parse(String(init.body)) as unknown,
        };
        requests.push(request);
        await putReleased;
        const answer = api(request) as { status: number; body: unknown };
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }),
    );
    const { setAccount } = renderProfile();
    const first = screen.getByLabelText('First name') as HTMLInputElement;
    fireEvent.change(first, { target: { value: '  Ana  ' } });
    expect(screen.getByRole('button', { name: 'Save First name' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cancel the change to First name' })).toBeDefined();
    fireEvent.submit(first.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Saving…', { selector: 'button' })).toBeDefined();
    expect(first.readOnly).toBe(true);
    releasePut();
    await vi.waitFor(() => expect(setAccount).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({ name: { first: 'Ana' } });
    expect(requests[0]?.url.search).toBe('?locale=en-US');
    expect(setAccount.mock.calls[0]?.[0]).toMatchObject({ name: { first: 'Ana' } });
    await vi.waitFor(() => expect(first.value).toBe('Ana'));
    expect(screen.queryByRole('button', { name: 'Save First name' })).toBeNull();
  });

  it('Escape restores the original, as Cancel does', () => {
    const requests = fakeApi(accountApi(sampleAccount()));
    renderProfile();
    const last = screen.getByLabelText('Last name') as HTMLInputElement;
    fireEvent.change(last, { target: { value: 'Other' } });
    fireEvent.keyDown(last, { key: 'Escape' });
    expect(last.value).toBe('Tremblay');
    expect(screen.queryByRole('button', { name: 'Save Last name' })).toBeNull();
    fireEvent.change(last, { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the change to Last name' }));
    expect(last.value).toBe('Tremblay');
    expect(document.activeElement).toBe(last);
    expect(requests).toHaveLength(0);
  });

  it('shows a failed save under its field, keeping the edit', async () => {
    fakeApi(
      accountApi(sampleAccount(), () => ({ status: 500, body: { errors: ['Could not save.'] } })),
    );
    renderProfile();
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '555-0199' } });
    fireEvent.submit(phone.closest('form') as HTMLFormElement);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not save.');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain(alert.id);
    expect(phone.value).toBe('555-0199');
    expect(screen.getByRole('button', { name: 'Save Phone number' })).toBeDefined();
  });

  it('checks the length before sending (docs/product-spec.md §5, as the server does)', async () => {
    const requests = fakeApi(accountApi(sampleAccount()));
    renderProfile();
    const phone = screen.getByLabelText('Phone number');
    fireEvent.change(phone, { target: { value: '5'.repeat(51) } });
    fireEvent.submit(phone.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Use at most 50 characters.');
    expect(requests).toHaveLength(0);
  });
});

describe('profile picture (docs/product-spec.md §4, §5)', () => {
  function choose(...files: File[]) {
    const input = screen.getByLabelText('Choose an image') as HTMLInputElement;
    fireEvent.change(input, { target: { files } });
  }

  it.each([
    [
      'an SVG',
      500,
      'image/svg+xml',
      'File type must be image/png, image/jpeg, image/gif or image/webp',
    ],
    [
      'a PDF',
      500,
      'application/pdf',
      'File type must be image/png, image/jpeg, image/gif or image/webp',
    ],
    ['a large image', 5_000_001, 'image/png', 'The picture must be at most 5 MB.'],
    ['a tiny image', 99, 'image/png', 'File is smaller than 100 bytes'],
  ])('refuses %s before sending anything', async (_label, size, type, message) => {
    const requests = fakeApi(() => undefined);
    renderProfile();
    choose(image(size, type, 'x'));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(requests).toHaveLength(0);
  });

  it("refuses more than one dropped file: 'Too many files'", async () => {
    const requests = fakeApi(() => undefined);
    renderProfile();
    const zone = screen.getByText('or drop it here').closest('.uploader') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [image(500), image(500)] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many files');
    expect(requests).toHaveLength(0);
  });

  it('uploads one image, saves it as the picture and shows it', async () => {
    const requests = fakeApi(accountApi(sampleAccount()));
    const { setAccount } = renderProfile();
    choose(image(2_000));
    await vi.waitFor(() => expect(setAccount).toHaveBeenCalled());
    const [upload, save] = requests;
    expect(upload?.url.pathname).toBe('/api/upload');
    const form = upload?.body as FormData;
    expect(form.get('upload_preset')).toBe('portal');
    expect(form.get('tags')).toBe('flcms');
    expect((form.get('file') as File).name).toBe('me.png');
    expect(save?.body).toEqual({
      secure_url: '/uploads/sample/abc.png',
      original_filename: 'me.png',
      public_id: 'abc',
    });
    expect(setAccount.mock.calls[0]?.[0]).toMatchObject({
      profilePicture: { secure_url: '/uploads/sample/abc.png' },
    });
    expect(await screen.findByText('Profile picture updated.')).toBeDefined();
  });

  it('shows an upload the server refuses under the uploader', async () => {
    fakeApi(() => ({ status: 415, body: { errors: ['File type must be an image.'] } }));
    renderProfile();
    choose(image(2_000, 'image/webp', 'x.webp'));
    expect((await screen.findByRole('alert')).textContent).toBe('File type must be an image.');
  });

  it('removes the picture', async () => {
    const requests = fakeApi(accountApi(sampleAccount()));
    const account = sampleAccount({ profilePicture: { secure_url: '/uploads/me.png' } });
    const { setAccount } = renderProfile(account);
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      '/uploads/me.png',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    });
    await vi.waitFor(() => expect(setAccount).toHaveBeenCalled());
    expect(requests[0]?.method).toBe('DELETE');
    expect(setAccount.mock.calls[0]?.[0]).not.toHaveProperty('profilePicture');
    expect(within(document.body).getByText('Profile picture removed.')).toBeDefined();
  });
});

describe('profile fields checked before sending (issue 24, point 11)', () => {
  it('shows on the phone field that "not a phone!!" is not a phone number, sending nothing', async () => {
    const requests = fakeApi(accountApi(sampleAccount()));
    renderProfile();
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: 'not a phone!!' } });
    fireEvent.submit(phone.closest('form') as HTMLFormElement);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Enter a phone number: 7 to 15 digits, with spaces, ( ) - . and an optional + in front.',
    );
    expect(phone.getAttribute('aria-describedby')).toContain(alert.id);
    expect(requests).toHaveLength(0);
  });

  it('shows on the first name field that it is required, sending nothing', async () => {
    const requests = fakeApi(accountApi(sampleAccount()));
    renderProfile();
    const first = screen.getByLabelText('First name') as HTMLInputElement;
    fireEvent.change(first, { target: { value: '   ' } });
    fireEvent.submit(first.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required.');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });
});

describe('change password (issue 24, point 11)', () => {
  const url = '/api/org/sample/account/settings/password';

  it('checks the fields first, then shows a wrong current password under its field', async () => {
    const requests = fakeApi((request) =>
      request.url.pathname === url
        ? {
            status: 400,
            body: {
              errors: ['Your current password is not right.'],
              errfor: { current: 'is not right' },
            },
          }
        : undefined,
    );
    renderProfile();
    const form = screen.getByRole('button', { name: 'Change password' }).closest('form')!;
    fireEvent.submit(form);
    const current = screen.getByLabelText('Current password');
    await vi.waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(current);
    expect(requests).toHaveLength(0);

    fireEvent.change(current, { target: { value: 'wrong-one' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-12' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'new-pass-13' },
    });
    fireEvent.submit(form);
    expect(await screen.findByText('The passwords do not match.')).toBeDefined();
    expect(requests).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'new-pass-12' },
    });
    fireEvent.submit(form);
    expect(await screen.findByText('Your current password is not right.')).toBeDefined();
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url.search).toBe('?locale=en-US');
    expect(requests[0]?.body).toEqual({
      current: 'wrong-one',
      password: 'new-pass-12',
      confirm: 'new-pass-12',
    });
    await vi.waitFor(() => expect(document.activeElement).toBe(current));
  });

  it('says so when the password is changed, and empties the form', async () => {
    fakeApi((request) => (request.url.pathname === url ? ok({ success: true }) : undefined));
    renderProfile();
    fireEvent.change(screen.getByLabelText('Current password'), {
      target: { value: 'old-pass-1' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-12' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'new-pass-12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password is changed. You are logged out everywhere else.'),
    ).toBeDefined();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('tells a learner of single sign-on there is no password to change', () => {
    fakeApi(() => undefined);
    const account = sampleAccount();
    renderProfile({ ...account, user: { id: { ...account.user.id, isOAuthUser: true } } });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.getByText(/no password to change here/)).toBeDefined();
    expect(
      screen.getByText(/Your email comes from your organisation’s single sign-on/),
    ).toBeDefined();
  });
});

describe('change email (issue 24, point 11)', () => {
  const url = '/api/org/sample/account/settings/email';

  it('sends the new address and says a link went there', async () => {
    const requests = fakeApi((request) =>
      request.url.pathname === url ? ok({ success: true }) : undefined,
    );
    renderProfile();
    const email = screen.getByLabelText('New email');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeDefined();
    expect(requests).toHaveLength(0);
    fireEvent.change(email, { target: { value: ' new@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'We sent a link to new@example.com. Your email changes once you follow it, within 24 hours.',
      ),
    );
    expect(requests[0]?.body).toEqual({ email: 'new@example.com' });
  });

  it('shows an address another account holds under the field', async () => {
    fakeApi((request) =>
      request.url.pathname === url
        ? {
            status: 400,
            body: {
              errors: ['That email already has an account.'],
              errfor: { email: 'already has an account' },
            },
          }
        : undefined,
    );
    renderProfile();
    const email = screen.getByLabelText('New email');
    fireEvent.change(email, { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByText('That email already has an account.')).toBeDefined();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ConfirmEmailPage (issue 24, point 11)', () => {
  it('confirms the token of the link once and says the email is changed', async () => {
    const requests = fakeApi((request) =>
      request.url.pathname === '/api/org/sample/account/email/confirm'
        ? ok({ success: true })
        : undefined,
    );
    renderWithSession(
      <Routes>
        <Route path="/confirmEmail/:token" element={<ConfirmEmailPage />} />
      </Routes>,
      { path: '/confirmEmail/tok-123' },
    );
    expect(await screen.findByText('Your email is changed.')).toBeDefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ token: 'tok-123' });
  });
});
