import type { PersonSummary } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { AdminRoutes } from '../shell/admin-routes';

const admin = sampleAccount({ roles: ['admin'] });

const person = (id: string, over: Partial<PersonSummary> = {}): PersonSummary => ({
  _id: id,
  username: id,
  email: `${id}@example.com`,
  first: `First ${id}`,
  last: 'Person',
  roles: ['learner'],
  status: 'invited',
  ...over,
});

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

describe('the People screen', () => {
  it(
    'searches, pages with "more", opens a person and resends their invitation',
    { timeout: 15_000 },
    async () => {
      const requests: FakeRequest[] = [];
      fakeApi((request) => {
        requests.push(request);
        if (isRoute(request, 'adminPeople'))
          return request.url.searchParams.get('cursor')
            ? ok({ people: [person('zed')], next: null })
            : ok({ people: [person('ann'), person('bob', { status: 'active' })], next: 'c1' });
        if (isRoute(request, 'adminPerson') || isRoute(request, 'adminResendInvitation'))
          return ok({
            person: { ...person('ann'), createdAt: '2026-11-20T00:00:00Z', groups: [], sso: false },
          });
        return undefined;
      });
      const { container } = openConsole('/admin/people');
      expect(await screen.findByText('ann@example.com')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe(
        'page',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Show more people' }));
      expect(await screen.findByText('zed@example.com')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Search by name, email or username'), {
        target: { value: 'ann' },
      });
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'invited' } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(
          requests.some(
            (r) =>
              r.url.searchParams.get('q') === 'ann' &&
              r.url.searchParams.get('status') === 'invited',
          ),
        ).toBe(true),
      );
      fireEvent.click(await screen.findByRole('button', { name: /First ann Person/ }));
      const panel = await screen.findByRole('complementary');
      fireEvent.click(await within(panel).findByRole('button', { name: 'Resend the invitation' }));
      expect(await within(panel).findByText('A new invitation was mailed.')).toBeTruthy();
      expect(requests.some((r) => isRoute(r, 'adminResendInvitation'))).toBe(true);
      const result = await axe.run(container, { rules: { region: { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    },
  );

  it(
    'checks a CSV, names the bad rows by line, imports the rest and shows the progress',
    { timeout: 15_000 },
    async () => {
      let polls = 0;
      const requests: FakeRequest[] = [];
      fakeApi((request) => {
        requests.push(request);
        if (isRoute(request, 'adminPeopleDryRun'))
          return ok({
            rows: 3,
            creates: 2,
            updates: 0,
            problems: [{ line: 3, reason: 'badEmail', value: 'nope' }],
          });
        if (isRoute(request, 'adminPeopleImport'))
          return ok({
            import: { _id: 'i1', status: 'queued', total: 2, done: 0, created: 0, updated: 0 },
          });
        if (isRoute(request, 'adminPeopleImportStatus')) {
          polls += 1;
          return ok({
            import:
              polls > 1
                ? { _id: 'i1', status: 'done', total: 2, done: 2, created: 2, updated: 0 }
                : { _id: 'i1', status: 'running', total: 2, done: 1, created: 1, updated: 0 },
          });
        }
        return undefined;
      });
      const { container } = openConsole('/admin/people/import');
      const csv = 'email,first name,last name\na@example.com,A,A\nnope,B,B\nc@example.com,C,C\n';
      const file = new File([csv], 'people.csv', { type: 'text/csv' });
      fireEvent.change(await screen.findByLabelText('CSV file'), { target: { files: [file] } });
      const table = await screen.findByRole('table', { name: 'Rows that cannot be imported' });
      expect(within(table).getByRole('cell', { name: '3' })).toBeTruthy();
      expect(within(table).getByText(/Not an email address/)).toBeTruthy();
      fireEvent.click(
        screen.getByRole('button', { name: 'Import the 2 good rows and leave the others' }),
      );
      const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
      expect(bar.getAttribute('aria-valuemax')).toBe('2');
      expect(
        await screen.findByText(/Import done: 2 accounts made/, {}, { timeout: 5_000 }),
      ).toBeTruthy();
      expect(bar.getAttribute('aria-valuenow')).toBe('2');
      const sent = requests.find((r) => isRoute(r, 'adminPeopleImport'))!.body as { csv: string };
      expect(sent.csv).not.toContain('nope');
      const result = await axe.run(container, { rules: { region: { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    },
  );

  it('offers a buyer’s cohort to filter by, never to add someone to', async () => {
    fakeApi((request) => {
      if (isRoute(request, 'adminPeople')) return ok({ people: [person('ann')], next: null });
      if (isRoute(request, 'adminPerson'))
        return ok({
          person: { ...person('ann'), createdAt: '2026-11-20T00:00:00Z', groups: [], sso: false },
        });
      if (isRoute(request, 'consoleGroups'))
        return ok({
          groups: [
            {
              _id: 'team-a',
              name: 'Team A',
              topics: [],
              admins: [],
              members: 3,
              cohorts: [
                { _id: 'cohort-1', name: 'Bought by Bea', owner: 'bea', members: 2, seats: 5 },
              ],
              sso: null,
            },
          ],
          topics: [],
        });
      return undefined;
    });
    openConsole('/admin/people');
    const filter = (await screen.findByLabelText('Group')) as HTMLSelectElement;
    await waitFor(() =>
      expect(within(filter).getByRole('option', { name: 'Team A › Bought by Bea' })).toBeTruthy(),
    );
    fireEvent.click(await screen.findByRole('button', { name: /First ann Person/ }));
    const panel = await screen.findByRole('complementary');
    const add = (await within(panel).findByLabelText('Add to the group')) as HTMLSelectElement;
    await waitFor(() => expect(within(add).getByRole('option', { name: 'Team A' })).toBeTruthy());
    expect(within(add).queryByRole('option', { name: /Bought by Bea/ })).toBeNull();
  });
});
