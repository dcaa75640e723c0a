import type { AdminSettingsAnswer } from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok } from '../../../test/fake-api';
import { renderWithAccount } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { AdminRoutes } from '../shell/admin-routes';

const admin = sampleAccount({ roles: ['admin'] });

const answer = (over: Partial<AdminSettingsAnswer> = {}): AdminSettingsAnswer => ({
  alias: 'doughmain',
  settings: {
    name: { 'en-US': 'Doughmain', 'fr-CA': 'Doughmain' },
    hosts: [],
    locales: ['en-US', 'fr-CA'],
    theme: {
      primaryColor: '#1F6F5C',
      secondaryColor: '#E0A526',
      tertiaryColor: '#2B4C7E',
      primaryBackgroundColor: '#FFFFFF',
      secondaryBackgroundColor: '#F6F3EC',
      tertiaryBackgroundColor: '#E8F3EF',
    },
    homePage: { title: 'Welcome', promos: [], showSiteMap: false },
    contact: { enabled: false },
    glossary: [],
    disableSelfSignup: false,
    enableMessaging: false,
    constraints: {
      groupAdminMessagingOnly: false,
      messagingAllowed: false,
      maxTopicWorksheets: 1,
      adminsSeeAnswers: false,
    },
  },
  version: 3,
  publishedVersion: 2,
  hasChanges: false,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('token');
});

function openSettings() {
  return renderWithAccount(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
    </Routes>,
    admin,
    { path: '/admin/settings' },
  );
}

describe('the console’s settings', () => {
  it('says as it is typed that a colour does not read, and saves at the version it read', async () => {
    const saves: unknown[] = [];
    fakeApi((request) => {
      if (isRoute(request, 'adminSettings')) return ok(answer());
      if (isRoute(request, 'adminSettingsVersions')) return ok({ versions: [] });
      if (isRoute(request, 'saveAdminSettings')) {
        saves.push(request.body);
        const body = request.body as { settings: AdminSettingsAnswer['settings'] };
        return ok(answer({ settings: body.settings, version: 4, hasChanges: true }));
      }
      return undefined;
    });
    openSettings();
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    expect(screen.getByText('Every colour pair reads well (WCAG AA).')).toBeTruthy();

    fireEvent.change(primary, { target: { value: '#7fd3ff' } });
    expect(
      await screen.findByText(
        'Primary colour #7fd3ff on the Page background #FFFFFF reads at 1.6:1; text needs at least 4.5:1.',
      ),
    ).toBeTruthy();

    fireEvent.change(primary, { target: { value: '#0b5d1e' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      version: 3,
      settings: { theme: { primaryColor: '#0b5d1e' } },
    });
    expect(await screen.findByText(/Draft saved \(version 4\)/)).toBeTruthy();
  });

  it('shows the draft stored by someone else when a save is stale, and loads it on request', async () => {
    fakeApi((request) => {
      if (isRoute(request, 'adminSettings')) return ok(answer());
      if (isRoute(request, 'adminSettingsVersions')) return ok({ versions: [] });
      if (isRoute(request, 'saveAdminSettings'))
        return {
          status: 409,
          body: {
            errors: ['Someone saved the settings after you opened them.'],
            settings: { ...answer().settings, name: 'Theirs' },
            version: 5,
          },
        };
      return undefined;
    });
    openSettings();
    const names = await screen.findAllByRole('textbox', { name: 'English' });
    fireEvent.change(names[0]!, { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('Someone saved the settings after you opened them.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load the saved draft' }));
    await waitFor(() =>
      expect(
        (screen.getAllByRole('textbox', { name: 'English' })[0] as HTMLInputElement).value,
      ).toBe('Theirs'),
    );
  });

  it('keeps what is typed while an image uploads: the upload adds its address and takes nothing back', async () => {
    let finishUpload: (answer: { status: number; body: unknown }) => void = () => {};
    const saves: { settings: AdminSettingsAnswer['settings'] }[] = [];
    fakeApi((request) => {
      if (isRoute(request, 'adminSettings')) return ok(answer());
      if (isRoute(request, 'adminSettingsVersions')) return ok({ versions: [] });
      if (request.method === 'POST' && request.url.pathname === '/api/upload')
        return new Promise((resolve) => (finishUpload = resolve));
      if (isRoute(request, 'saveAdminSettings')) {
        const body = request.body as { settings: AdminSettingsAnswer['settings'] };
        saves.push(body);
        return ok(answer({ settings: body.settings, version: 4, hasChanges: true }));
      }
      return undefined;
    });
    openSettings();
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    const logoFile = screen.getByLabelText('Upload an image for Logo address');
    fireEvent.change(logoFile, {
      target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Uploading…')).toBeTruthy();

    // Typed while the file is on its way.
    fireEvent.change(primary, { target: { value: '#0b5d1e' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: 'English' })[0]!, {
      target: { value: 'Doughmain Co-op' },
    });
    finishUpload(ok({ secure_url: '/uploads/org/logo.png' }) as { status: number; body: unknown });

    const logo = screen.getByRole('textbox', { name: 'Logo address' }) as HTMLInputElement;
    await waitFor(() => expect(logo.value).toBe('/uploads/org/logo.png'));
    expect((primary as HTMLInputElement).value).toBe('#0b5d1e');
    expect((screen.getAllByRole('textbox', { name: 'English' })[0] as HTMLInputElement).value).toBe(
      'Doughmain Co-op',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.settings).toMatchObject({
      name: { 'en-US': 'Doughmain Co-op' },
      theme: { primaryColor: '#0b5d1e' },
      logoImage: { secure_url: '/uploads/org/logo.png' },
    });
  });
});
