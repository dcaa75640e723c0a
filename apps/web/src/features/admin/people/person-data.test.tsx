import type { PersonSummary } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { catchDownloads, sampleExport } from '../../../test/sample-export';
import { AdminRoutes } from '../shell/admin-routes';

/** The administrator (camille, sampleAccount's username) and the people of the list. */
const admin = sampleAccount({ roles: ['admin'] });

const person = (id: string, over: Partial<PersonSummary> = {}): PersonSummary => ({
  _id: id,
  username: id,
  email: `${id}@example.com`,
  first: `First ${id}`,
  last: 'Person',
  roles: ['learner'],
  status: 'active',
  ...over,
});

const detail = (summary: PersonSummary) => ({
  person: { ...summary, createdAt: '2026-11-20T00:00:00Z', groups: [], sso: false },
});

let restoreDownloads: (() => void) | undefined;

afterEach(() => {
  vi.unstubAllGlobals();
  restoreDownloads?.();
  restoreDownloads = undefined;
  window.localStorage.removeItem('token');
});

/** The console's People screen over people `ann` and the administrator's own account. */
function openPeople(path: string) {
  let erased = false;
  const requests: FakeRequest[] = [];
  const people = () => [
    ...(erased ? [] : [person('ann')]),
    person('camille', { first: 'Camille', last: 'Tremblay', roles: ['learner', 'admin'] }),
  ];
  fakeApi((request) => {
    requests.push(request);
    if (isRoute(request, 'adminPeople')) return ok({ people: people(), next: null });
    if (isRoute(request, 'adminPerson')) {
      const found = people().find((p) => request.url.pathname.endsWith(`/${p._id}`));
      return found
        ? ok(detail(found))
        : { status: 404, body: { errors: ['There is no such person.'] } };
    }
    if (isRoute(request, 'adminExportPerson'))
      return ok(sampleExport({ account: { ...sampleExport().account, id: 'ann' } }));
    if (isRoute(request, 'adminErasePerson')) {
      if ((request.body as { password?: string }).password !== 'admin-pass')
        return {
          status: 400,
          body: { errors: ['This password is not right.'], errfor: { password: 'is not right' } },
        };
      erased = true;
      return ok({ success: true });
    }
    return undefined;
  });
  window.localStorage.setItem('token', 'admin-token');
  const view = renderWithAccount(
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
    </Routes>,
    admin,
    { path },
  );
  return { ...view, requests };
}

describe('a person’s data in the console (docs/design.md §18)', () => {
  it('downloads a person’s data as a JSON file', { timeout: 15_000 }, async () => {
    const downloads = catchDownloads();
    restoreDownloads = downloads.restore;
    const { requests } = openPeople('/admin/people?person=ann');
    const panel = await screen.findByRole('complementary');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Download data' }));
    expect(
      await within(panel).findByText(
        'The data of First ann Person is saved in sample-person-ann-2026-11-29.json.',
      ),
    ).toBeDefined();
    const [file] = await downloads.saved();
    expect(file?.name).toBe('sample-person-ann-2026-11-29.json');
    expect(JSON.parse(file?.text ?? '{}')).toMatchObject({ account: { id: 'ann' } });
    const sent = requests.find((r) => isRoute(r, 'adminExportPerson'));
    expect(sent?.url.pathname).toBe('/api/org/sample/admin/people/ann/export');
    expect(sent?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it(
    'erases a person with the administrator’s own password: gone from the list, and said',
    { timeout: 15_000 },
    async () => {
      const { requests } = openPeople('/admin/people');
      const list = await screen.findByRole('list', { name: 'People, by email' });
      fireEvent.click(await within(list).findByRole('button', { name: /First ann Person/ }));
      const panel = await screen.findByRole('complementary');
      fireEvent.click(await within(panel).findByRole('button', { name: 'Erase person' }));
      const dialog = screen.getByRole('dialog', { name: 'Erase First ann Person?' });
      const password = within(dialog).getByLabelText('Your password') as HTMLInputElement;
      expect(document.activeElement).toBe(password);
      expect(password.getAttribute('aria-describedby')).toBeTruthy();
      expect(dialog.textContent).toContain('the messages they wrote, which read “Message deleted”');
      const result = await axe.run(document.body, { rules: { region: { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);

      // Escape in the dialog closes the dialog, not the person's panel.
      fireEvent.keyDown(password, { key: 'Escape' });
      fireEvent(dialog, new Event('cancel'));
      await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
      expect(screen.getByRole('complementary')).toBe(panel);
      fireEvent.click(within(panel).getByRole('button', { name: 'Erase person' }));

      fireEvent.change(within(dialog).getByLabelText('Your password'), {
        target: { value: 'not-mine' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Erase this person' }));
      const field = within(dialog).getByLabelText('Your password');
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(dialog.textContent).toContain('This password is not right.');

      fireEvent.change(field, { target: { value: 'admin-pass' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Erase this person' }));
      const notice = await screen.findByText('First ann Person was erased.');
      expect(notice.closest('[role="status"]')).not.toBeNull();
      await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
      expect(document.activeElement?.contains(notice)).toBe(true);
      await waitFor(() =>
        expect(within(list).queryByRole('button', { name: /First ann Person/ })).toBeNull(),
      );
      const erase = requests.filter((r) => isRoute(r, 'adminErasePerson'));
      expect(erase.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
        ['DELETE', '/api/org/sample/admin/people/ann', { password: 'not-mine' }],
        ['DELETE', '/api/org/sample/admin/people/ann', { password: 'admin-pass' }],
      ]);
    },
  );

  it('offers no erasure of the administrator’s own account, and says where it is done', async () => {
    openPeople('/admin/people?person=camille');
    const panel = await screen.findByRole('complementary');
    expect(await within(panel).findByRole('button', { name: 'Download data' })).toBeDefined();
    expect(within(panel).queryByRole('button', { name: 'Erase person' })).toBeNull();
    expect(
      within(panel).getByText(
        'This is your own account: you can erase it from your profile, not here.',
      ),
    ).toBeDefined();
  });
});
