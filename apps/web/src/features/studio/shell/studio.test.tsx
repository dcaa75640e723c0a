import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount, renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import type { DraftTopic } from '../lib/draft-saver';
import { StudioRoutes } from './studio-routes';

const author = sampleAccount({ roles: ['author'] });

function draft(pageName: string): DraftTopic {
  return {
    _id: 'budget',
    name: { 'en-US': 'Budget', 'fr-CA': 'Budget' },
    visibility: 'Public',
    allowMultiWorksheets: false,
    showGradeReport: false,
    pages: [
      { _id: 'p1', name: { 'en-US': pageName, 'fr-CA': '' }, visibility: 'Public', fragments: [] },
    ],
  };
}

function studio(path: string, account = author) {
  const ui = (
    <Routes>
      <Route path="/studio/*" element={<StudioRoutes />} />
    </Routes>
  );
  return account ? renderWithAccount(ui, account, { path }) : renderWithSession(ui, { path });
}

afterEach(() => vi.unstubAllGlobals());

describe('the studio’s door', () => {
  it('asks a visitor to log in, and tells a learner the studio is not theirs', () => {
    fakeApi(() => undefined);
    const visitor = renderWithSession(
      <Routes>
        <Route path="/studio/*" element={<StudioRoutes />} />
      </Routes>,
      { path: '/studio' },
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/signin?returnTo=%2Fstudio',
    );
    visitor.unmount();
    studio('/studio', sampleAccount());
    expect(screen.getByRole('alert').textContent).toMatch(/authors and administrators/);
  });
});

describe('the topic workspace', () => {
  it(
    'autosaves, and on a 409 shows the other version and keeps the author’s text',
    {
      timeout: 15_000,
    },
    async () => {
      const puts: FakeRequest[] = [];
      let conflictOnce = true;
      fakeApi((request) => {
        if (isRoute(request, 'studioTopic'))
          return ok({
            topic: draft('Intro'),
            version: 1,
            publishedVersion: null,
            updatedAt: null,
            updatedBy: null,
          });
        if (isRoute(request, 'studioPresence'))
          return ok({
            editors: [{ _id: 'a2', name: 'Alex Martin', since: '2026-01-01T00:00:00Z' }],
          });
        if (isRoute(request, 'saveStudioTopic')) {
          puts.push(request);
          if (conflictOnce) {
            conflictOnce = false;
            return {
              status: 409,
              body: { errors: ['stale'], topic: draft('Their intro'), version: 5 },
            };
          }
          return ok({ topic: (request.body as { topic: DraftTopic }).topic, version: 6 });
        }
        return undefined;
      });
      studio('/studio/topic/budget');
      expect(await screen.findByRole('heading', { level: 1, name: 'Budget' })).toBeTruthy();
      expect(await screen.findByText('Also editing: Alex Martin')).toBeTruthy();
      const pageName = screen.getByRole('group', { name: 'Page name' });
      const english = within(pageName).getByLabelText('English');
      fireEvent.change(english, { target: { value: 'My intro' } });
      expect(screen.getByText('Unsaved changes')).toBeTruthy();

      const conflict = await screen.findByRole(
        'heading',
        { name: 'This topic was changed by someone else' },
        { timeout: 3_000 },
      );
      expect(puts[0]!.body).toMatchObject({ version: 1 });
      // Nothing lost: the author's text stays in the field, and both are shown side by side.
      expect((english as HTMLInputElement).value).toBe('My intro');
      const table = screen.getByRole('table');
      expect(
        within(table)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['My intro', 'Their intro']);
      expect(document.activeElement).toBe(conflict);

      fireEvent.click(screen.getByRole('button', { name: 'Keep mine (save over theirs)' }));
      await screen.findByText('All changes saved');
      expect(puts[1]!.body).toMatchObject({
        version: 5,
        topic: { pages: [{ name: { 'en-US': 'My intro' } }] },
      });
      expect(
        screen.queryByRole('heading', { name: 'This topic was changed by someone else' }),
      ).toBeNull();
    },
  );
});

describe('the topic list', () => {
  it('reorders topics by keyboard and saves the order; a stale save says so and reloads', async () => {
    const saved: FakeRequest[] = [];
    let catalogueVersion = 3;
    const summary = (id: string, name: string) => ({
      _id: id,
      name: { 'en-US': name },
      hasDraft: id === 'b',
      publishedVersion: id === 'c' ? null : 2,
      archived: false,
      updatedAt: null,
      updatedBy: null,
      untranslated: id === 'a' ? 2 : 0,
    });
    fakeApi((request) => {
      if (isRoute(request, 'studioTopics'))
        return ok({
          topics: [summary('a', 'Alpha'), summary('b', 'Beta'), summary('c', 'Gamma')],
          general: null,
        });
      if (isRoute(request, 'studioCatalogue'))
        return ok({
          topicGroups: [],
          userGroups: [],
          order: ['a', 'b', 'c'],
          version: catalogueVersion,
        });
      if (isRoute(request, 'saveStudioCatalogue')) {
        saved.push(request);
        if (saved.length === 1) {
          catalogueVersion = 4;
          return { status: 409, body: { errors: ['stale'] } };
        }
        return ok({ ...(request.body as object), userGroups: [], version: 5 });
      }
      return undefined;
    });
    studio('/studio');
    const list = await screen.findByRole('list', { name: 'Topics' });
    expect(within(list).getByText('2 untranslated texts')).toBeTruthy();
    expect(within(list).getByText('Unpublished changes')).toBeTruthy();
    expect(within(list).getByText('Not published')).toBeTruthy();

    const moveUp = within(list).getByRole('button', { name: 'Move Gamma up' });
    moveUp.focus();
    fireEvent.click(moveUp);
    expect(screen.getByText('Gamma is now at position 2 of 3.')).toBeTruthy();
    const names = () =>
      within(screen.getByRole('list', { name: 'Topics' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names()).toEqual(['Alpha', 'Gamma', 'Beta']);
    // The button keeps focus as its topic moves, so the author can press it again.
    expect(document.activeElement).toBe(moveUp);

    fireEvent.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(
      await screen.findByText(/Someone else changed the topics’ order or groups meanwhile/),
    ).toBeTruthy();
    expect(saved[0]!.body).toMatchObject({ order: ['a', 'c', 'b'], version: 3, grants: {} });
    await waitFor(() => expect(names()).toEqual(['Alpha', 'Beta', 'Gamma']));

    fireEvent.click(
      within(screen.getByRole('list', { name: 'Topics' })).getByRole('button', {
        name: 'Move Alpha down',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save the order' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.body).toMatchObject({ order: ['b', 'a', 'c'], version: 4 });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save the order' })).toBeNull(),
    );
  });
});
