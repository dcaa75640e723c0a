import type { AuditEventView } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount, renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { AdminRoutes } from '../shell/admin-routes';
import { describeChange } from './describe-change';

const admin = sampleAccount({ roles: ['admin'] });

function event(id: string, over: Partial<AuditEventView> = {}): AuditEventView {
  return {
    _id: id,
    at: '2026-11-20T14:05:00.000Z',
    actor: { _id: 'u-writer', name: 'Wren Writer', username: 'wren' },
    action: 'topic.publish',
    target: 'topic:budgeting',
    before: { publishedVersion: 1 },
    after: { publishedVersion: 2 },
    ...over,
  };
}

function openConsole(path = '/admin/audit', account: typeof admin | null = admin) {
  const ui = (
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
    </Routes>
  );
  return account ? renderWithAccount(ui, account, { path }) : renderWithSession(ui, { path });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('token');
});

describe('describeChange', () => {
  it('names each part that changed, before and after', () => {
    expect(describeChange({ archived: false }, { archived: true })).toEqual([
      'archived: false → true',
    ]);
    expect(describeChange(null, { draftVersion: 1, name: { 'en-US': 'Budget' } })).toEqual([
      'draftVersion: — → 1',
      'name: — → {"en-US":"Budget"}',
    ]);
    expect(describeChange({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual(['b: 2 → 3']);
    expect(describeChange(null, null)).toEqual([]);
    expect(describeChange('x'.repeat(200), 'y')[0]!.length).toBeLessThan(100);
  });
});

describe('the console’s door', () => {
  it('asks a visitor to log in, and tells an author the console is not theirs', () => {
    const visitor = openConsole('/admin/audit', null);
    expect(
      screen.getByText('Log in with an administrator’s account to use the console.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/signin?returnTo=%2Fadmin%2Faudit',
    );
    visitor.unmount();
    openConsole('/admin/audit', sampleAccount({ roles: ['author'] }));
    expect(
      screen.getByText(
        'The console is for the organisation’s administrators. Your account is not one.',
      ),
    ).toBeTruthy();
  });
});

describe('the audit log', () => {
  it(
    'lists changes newest first, filters them in the address, and pages to older ones',
    { timeout: 15_000 },
    async () => {
      const requests: FakeRequest[] = [];
      fakeApi((request) => {
        if (!isRoute(request, 'adminAudit')) return undefined;
        requests.push(request);
        const query = request.url.searchParams;
        if (query.get('cursor') === 'older')
          return ok({
            events: [
              event('e3', {
                action: 'topic.create',
                before: null,
                after: { draftVersion: 1 },
                at: '2026-11-19T09:00:00.000Z',
              }),
            ],
            next: null,
          });
        if (query.get('actor') === 'system') return ok({ events: [], next: null });
        return ok({
          events: [
            event('e1'),
            event('e2', {
              actor: null,
              action: 'catalogue.save',
              target: 'catalogue',
              before: { version: 3 },
              after: { version: 4 },
            }),
          ],
          next: query.get('action') ? null : 'older',
        });
      });
      const { container } = openConsole('/admin');
      const table = await screen.findByRole('table', { name: 'Changes, newest first' });
      expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
        'Topic published',
        'Topic groups and order saved',
      ]);
      expect(within(rows[0]!).getByText('Published version: 1 → 2')).toBeTruthy();
      expect(within(rows[1]!).getByText('System (command line or job)')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('2 changes shown');
      const axeResult = await axe.run(container, { rules: { region: { enabled: false } } });
      expect(axeResult.violations.map((v) => v.id)).toEqual([]);

      // Older changes come with the cursor the last page gave.
      fireEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
      await screen.findByText('Topic created');
      expect(requests.at(-1)!.url.searchParams.get('cursor')).toBe('older');
      expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
      expect(screen.getByRole('status').textContent).toBe('3 changes shown');

      // A family of actions and a period: the "to" day is included (the API's `to` is not).
      fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'topic.' } });
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
      fireEvent.change(screen.getByLabelText('To (included)'), { target: { value: '2026-11-20' } });
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
      await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('action')).toBe('topic.'));
      const query = requests.at(-1)!.url.searchParams;
      expect([query.get('from'), query.get('to'), query.get('limit')]).toEqual([
        '2026-11-01',
        '2026-11-21',
        '50',
      ]);
      // The form shows the day chosen, not the API's.
      expect((screen.getByLabelText('To (included)') as HTMLInputElement).value).toBe('2026-11-20');

      // One person's changes, from their name; then everyone's again.
      fireEvent.click(
        (
          await screen.findAllByRole('button', { name: 'Wren Writer: show only their changes' })
        )[0]!,
      );
      await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('actor')).toBe('u-writer'));
      expect(await screen.findByText('Showing the changes made by Wren Writer.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Show everyone’s' }));
      await waitFor(() => expect(requests.at(-1)!.url.searchParams.has('actor')).toBe(false));

      fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect([...requests.at(-1)!.url.searchParams.keys()]).toEqual(['limit']));
    },
  );

  it('says when nothing matches, and when the server refuses (403)', async () => {
    fakeApi((request) =>
      isRoute(request, 'adminAudit') ? ok({ events: [], next: null }) : undefined,
    );
    const view = openConsole('/admin/audit?actor=system');
    expect(await screen.findByText('No change matches these filters.')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    fakeApi((request) =>
      isRoute(request, 'adminAudit')
        ? {
            status: 403,
            body: { errors: ['Only the organisation’s administrators may use the console.'] },
          }
        : undefined,
    );
    openConsole('/admin/audit');
    expect(
      await screen.findByText(
        'The console is for the organisation’s administrators. Your account is not one.',
      ),
    ).toBeTruthy();
  });

  it('exports the filtered log as CSV with the viewer’s token, and says why an export failed', async () => {
    const downloads: FakeRequest[] = [];
    let failExport = false;
    fakeApi((request) => {
      if (isRoute(request, 'adminAudit')) return ok({ events: [event('e1')], next: null });
      if (isRoute(request, 'adminAuditCsv')) {
        downloads.push(request);
        return failExport
          ? { status: 500, body: { errors: ['The server had a problem.'] } }
          : ok('at,actor\r\n');
      }
      return undefined;
    });
    window.localStorage.setItem('token', 'admin-token');
    const createObjectURL = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    openConsole('/admin/audit?action=topic.publish');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(downloads[0]!.url.searchParams.get('action')).toBe('topic.publish');
    expect(downloads[0]!.headers.get('authorization')).toBe('Bearer admin-token');
    failExport = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByText('The server had a problem.')).toBeTruthy();
  });
});
