import type { AccountView } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { catchDownloads, sampleExport } from '../../../test/sample-export';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { ProfilePage } from './profile-page';

let restoreDownloads: (() => void) | undefined;

afterEach(() => {
  vi.unstubAllGlobals();
  restoreDownloads?.();
  restoreDownloads = undefined;
});

const ssoAccount = (): AccountView => {
  const account = sampleAccount();
  return { ...account, user: { id: { ...account.user.id, isOAuthUser: true } } };
};

function renderProfile(account = sampleAccount(), locale = 'en-US') {
  const signOut = vi.fn(() => Promise.resolve());
  window.localStorage.setItem('token', 'learner-token');
  renderWithSession(<ProfilePage />, {
    session: { account, signOut },
    org: sampleOrganisation({ currentLocale: locale }),
    path: '/account',
  });
  return { signOut };
}

/** The erase route answering `answer` (by the password sent), every request recorded. */
function eraseApi(answer: (request: FakeRequest) => FakeAnswer) {
  return fakeApi((request) => (isRoute(request, 'eraseAccount') ? answer(request) : undefined));
}

const WRONG = {
  status: 400,
  body: { errors: ['This password is not right.'], errfor: { password: 'is not right' } },
};

function openEraseDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Erase my account' }));
  return screen.getByRole('dialog', { name: 'Erase your account?' });
}

describe('Your data: the download (docs/design.md §18)', () => {
  it('saves the export as {org}-account-{day}.json, with a pending state meanwhile', async () => {
    const downloads = catchDownloads();
    restoreDownloads = downloads.restore;
    let answer: (value: FakeAnswer) => void = () => {};
    const requests = fakeApi((request) =>
      isRoute(request, 'exportAccount')
        ? new Promise<{ status: number; body: unknown }>((resolve) => {
            answer = resolve as (value: FakeAnswer) => void;
          })
        : undefined,
    );
    renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeDefined();
    const button = screen.getByRole('button', { name: 'Download my data' });
    fireEvent.click(button);
    const pending = await screen.findByRole('button', { name: 'Preparing your data…' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(pending);
    expect(requests.filter((r) => isRoute(r, 'exportAccount'))).toHaveLength(1);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');

    answer(ok(sampleExport()));
    expect(
      await screen.findByText('Your data is saved as sample-account-2026-11-29.json.'),
    ).toBeDefined();
    const [file] = await downloads.saved();
    expect(file?.name).toBe('sample-account-2026-11-29.json');
    const saved = JSON.parse(file?.text ?? '') as ReturnType<typeof sampleExport>;
    expect(saved.account.email).toBe('camille@sample.test');
    expect(saved.workbook?.version).toBe(3);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDefined();
  });

  it('says why when the download fails', async () => {
    const downloads = catchDownloads();
    restoreDownloads = downloads.restore;
    fakeApi((request) =>
      isRoute(request, 'exportAccount')
        ? { status: 500, body: { errors: ['The server could not do it.'] } }
        : undefined,
    );
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not do it.');
    expect(await downloads.saved()).toEqual([]);
  });
});

describe('Your data: erasing the account (docs/design.md §18)', () => {
  it('asks for the password, shows a wrong one on its field, then erases and logs out', async () => {
    const requests = eraseApi((request) =>
      (request.body as { password?: string }).password === 'right-one'
        ? ok({ success: true })
        : WRONG,
    );
    const { signOut } = renderProfile();
    const dialog = openEraseDialog();
    expect(dialog.textContent).toContain('answers, progress and uploaded files');
    expect(dialog.textContent).toContain('without your name');
    expect(dialog.textContent).toContain('“Message deleted”');
    const password = within(dialog).getByLabelText('Your password') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    const result = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    // Empty: said on the field, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('This field is required.');
    expect(requests).toHaveLength(0);

    // Wrong: the server's words on the field, which takes the focus back.
    fireEvent.change(password, { target: { value: 'wrong-one' } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('This password is not right.');
    expect(document.activeElement).toBe(password);
    expect(signOut).not.toHaveBeenCalled();

    // Right: erased, then logged out with the notice for /signin.
    fireEvent.change(password, { target: { value: 'right-one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect(await within(dialog).findByRole('button', { name: 'Erasing…' })).toBeDefined();
    await waitFor(() => expect(signOut).toHaveBeenCalledWith({ erased: true }));
    expect(requests.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      ['DELETE', '/api/org/sample/account', { password: 'wrong-one' }],
      ['DELETE', '/api/org/sample/account', { password: 'right-one' }],
    ]);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer learner-token');
  });

  it('closes on Escape and on "Keep my account", giving the focus back, erasing nothing', async () => {
    const requests = eraseApi(() => ok({ success: true }));
    renderProfile();
    const opener = screen.getByRole('button', { name: 'Erase my account' });
    opener.focus();
    let dialog = openEraseDialog();
    fireEvent.change(within(dialog).getByLabelText('Your password'), {
      target: { value: 'typed' },
    });
    // The browser's Escape on a modal dialog: a cancel event, then it closes.
    fireEvent(dialog, new Event('cancel'));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(document.activeElement).toBe(opener);

    dialog = openEraseDialog();
    // Opened again, it starts empty.
    expect((within(dialog).getByLabelText('Your password') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(document.activeElement).toBe(opener);
    expect(requests).toHaveLength(0);
  });

  it('tells an account of single sign-on a recent log-in confirms, and offers to log in again', async () => {
    const requests = eraseApi(() => ({
      status: 403,
      body: {
        errors: ['Enter your password to confirm, or sign in again and erase within 10 minutes.'],
      },
    }));
    const { signOut } = renderProfile(ssoAccount());
    const dialog = openEraseDialog();
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    expect(dialog.textContent).toContain('within 10 minutes of logging in');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep my account' }),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('within 10 minutes');
    expect(requests[0]?.body).toEqual({});
    expect(signOut).not.toHaveBeenCalled();

    // Logged out to log in again; the single sign-on comes back to the profile.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in again' }));
    expect(signOut).toHaveBeenCalledWith();
    expect(window.localStorage.getItem('oAuthOriginUrl')).toBe('/account');
  });

  it('speaks French in fr-CA', () => {
    fakeApi(() => undefined);
    renderProfile(sampleAccount(), 'fr-CA');
    expect(screen.getByRole('heading', { level: 2, name: 'Vos données' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Télécharger mes données' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Effacer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Effacer votre compte?' });
    expect(within(dialog).getByLabelText('Votre mot de passe')).toBeDefined();
    expect(dialog.textContent).toContain('«\u00a0Message supprimé\u00a0»');
  });
});
