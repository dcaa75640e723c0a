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

/** The answers every workspace asks for besides its draft. */
function workspaceApi(
  topic: DraftTopic,
  more: (request: FakeRequest) => ReturnType<Parameters<typeof fakeApi>[0]> = () => undefined,
) {
  const puts: FakeRequest[] = [];
  let version = 1;
  fakeApi((request) => {
    if (isRoute(request, 'studioTopic'))
      return ok({ topic, version, publishedVersion: 1, updatedAt: null, updatedBy: null });
    if (isRoute(request, 'studioPresence')) return ok({ editors: [] });
    if (isRoute(request, 'studioAnswerCounts')) return ok({ fields: { q1: 3 } });
    if (isRoute(request, 'studioTopics')) return ok({ topics: [], general: null });
    if (isRoute(request, 'saveStudioTopic')) {
      puts.push(request);
      version += 1;
      return ok({ topic: (request.body as { topic: DraftTopic }).topic, version });
    }
    return more(request);
  });
  return puts;
}

function topicWith(fragments: DraftTopic['pages'][number]['fragments']): DraftTopic {
  const topic = draft('Intro');
  return { ...topic, pages: [{ ...topic.pages[0]!, fragments }] };
}

describe('the workspace’s page editor', () => {
  it(
    'edits the selected page in the page editor: pasted questions go into it, ids kept, and are autosaved',
    { timeout: 20_000 },
    async () => {
      const puts = workspaceApi(
        topicWith([{ _id: 'c1', type: 'content', content: { 'en-US': '<p>Hello</p>' } }]),
      );
      studio('/studio/topic/budget');
      expect(await screen.findByRole('textbox', { name: 'Page content' })).toBeTruthy();
      expect(screen.getByRole('complementary', { name: 'Block settings' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Paste questions (GIFT or Aiken)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Paste questions' });
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Aiken' }));
      fireEvent.change(within(dialog).getByLabelText('Questions to paste'), {
        target: { value: 'How much flour?\nA. 1 kg\nB. 2 kg\nANSWER: B\n' },
      });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Add 1 question' }));
      await waitFor(() => expect(puts.length).toBeGreaterThan(0), { timeout: 5_000 });
      const saved = (puts.at(-1)!.body as { topic: DraftTopic }).topic;
      expect(saved.pages).toHaveLength(1);
      expect(saved.pages[0]!._id).toBe('p1');
      const [first, second] = saved.pages[0]!.fragments;
      expect(first).toMatchObject({ _id: 'c1', type: 'content' });
      expect(second).toMatchObject({ type: 'field', field: { type: 'radio' } });
      expect(await screen.findByText('All changes saved')).toBeTruthy();
    },
  );

  it(
    'offers a certificate with a pass mark in the topic’s settings',
    { timeout: 15_000 },
    async () => {
      const puts = workspaceApi(draft('Intro'));
      studio('/studio/topic/budget?tab=settings');
      fireEvent.click(
        await screen.findByRole('checkbox', {
          name: 'Give a certificate to whoever completes this topic',
        }),
      );
      fireEvent.change(await screen.findByLabelText('Pass mark (% of the score)'), {
        target: { value: '150' },
      });
      await waitFor(
        () =>
          expect(
            (puts.at(-1)?.body as { topic: DraftTopic } | undefined)?.topic.certificate,
          ).toEqual({ enabled: true, passPercent: 100 }),
        { timeout: 5_000 },
      );
    },
  );

  it('edits the page’s show condition in its settings', { timeout: 15_000 }, async () => {
    const puts = workspaceApi(draft('Intro'));
    studio('/studio/topic/budget');
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'Show this page only when a condition holds' }),
    );
    await waitFor(() => expect(puts.length).toBeGreaterThan(0), { timeout: 5_000 });
    expect((puts.at(-1)!.body as { topic: DraftTopic }).topic.pages[0]!.showCondition).toEqual({
      enabled: true,
      formula: { body: '' },
    });
  });

  it(
    'saves before it opens the preview, so the preview shows the latest draft',
    { timeout: 15_000 },
    async () => {
      const puts = workspaceApi(draft('Intro'));
      renderWithAccount(
        <Routes>
          <Route path="/studio/topic/:topicId/preview" element={<p>The preview</p>} />
          <Route path="/studio/*" element={<StudioRoutes />} />
        </Routes>,
        author,
        { path: '/studio/topic/budget' },
      );
      const pageName = await screen.findByRole('group', { name: 'Page name' });
      fireEvent.change(within(pageName).getByLabelText('English'), {
        target: { value: 'Latest intro' },
      });
      const preview = screen.getByRole('link', { name: 'Preview' });
      expect(preview.getAttribute('href')).toBe('/studio/topic/budget/preview');
      fireEvent.click(preview);
      expect(await screen.findByText('The preview')).toBeTruthy();
      expect(puts).toHaveLength(1);
      expect(puts[0]!.body).toMatchObject({
        topic: { pages: [{ name: { 'en-US': 'Latest intro' } }] },
      });
    },
  );
});

describe('the publish check list', () => {
  it(
    'stops a publish on formula problems and failing tests, warns on accessibility, and links to each',
    { timeout: 20_000 },
    async () => {
      let published = 0;
      workspaceApi(
        topicWith([
          { _id: 'c1', type: 'content', content: { 'en-US': '<p><img src="bread.png"></p>' } },
          {
            _id: 'f1',
            type: 'formula',
            formula: {
              _id: 'total',
              name: { 'en-US': 'Total' },
              body: '<span data-ref="ghost"></span> + 1',
            },
          },
          {
            _id: 'f2',
            type: 'formula',
            formula: {
              _id: 'two',
              name: { 'en-US': 'Two' },
              body: '1 + 1',
              tests: [{ name: 'sum', answers: {}, expect: '3' }],
            },
          },
        ]),
        (request) => {
          if (isRoute(request, 'publishStudioTopic')) {
            published += 1;
            return ok({ publishedVersion: 2 });
          }
          return undefined;
        },
      );
      studio('/studio/topic/budget');
      fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish the topic' });
      expect(
        await within(dialog).findByText(
          '2 formula problems or failing tests: publishing waits until they are fixed.',
        ),
      ).toBeTruthy();
      expect(
        within(dialog).getByText(/Formula: “ghost” is not a question, page or formula/),
      ).toBeTruthy();
      expect(
        within(dialog).getByText('Test case sum expects 3, the formula gives 2.'),
      ).toBeTruthy();
      expect(
        within(dialog).getByText('An image has no text alternative (alt text). (English)'),
      ).toBeTruthy();
      const submit = within(dialog).getByRole('button', { name: 'Publish this version' });
      await waitFor(() => expect(within(dialog).getByText('Every change is saved.')).toBeTruthy());
      expect((submit as HTMLButtonElement).disabled).toBe(true);
      fireEvent.submit(submit.closest('form')!);
      expect(published).toBe(0);

      fireEvent.click(
        within(dialog).getByRole('button', { name: 'Go to page “Intro”, block “Total”' }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Publish the topic' })).toBeNull(),
      );
      // The formula's block is selected: its settings, and what is wrong with it, in the inspector.
      const inspector = screen.getByRole('complementary', { name: 'Block settings' });
      await waitFor(() => expect(inspector.textContent).toContain('ghost'));
    },
  );
});

describe('the version history', () => {
  it('shows what the draft changes from a version, word by word', { timeout: 15_000 }, async () => {
    workspaceApi(draft('My new intro'), (request) => {
      if (isRoute(request, 'studioTopicVersions'))
        return ok({
          versions: [
            { version: 1, publishedAt: '2026-01-01T00:00:00Z', publishedBy: null, note: null },
          ],
        });
      if (isRoute(request, 'studioTopicVersion'))
        return ok({ topic: draft('My intro'), version: 1 });
      return undefined;
    });
    studio('/studio/topic/budget?tab=history');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Compare version 1 with the draft' }),
    );
    expect(await screen.findByText('Page “My new intro” renamed (English)')).toBeTruthy();
    const added = document.querySelector('.studio-words ins');
    expect(added?.textContent).toBe('added: new ');
  });
});

describe('the topic settings', () => {
  it(
    'edit the description as rich text in each locale and take an uploaded topic image',
    { timeout: 15_000 },
    async () => {
      const puts: FakeRequest[] = [];
      const uploads: FakeRequest[] = [];
      fakeApi((request) => {
        if (isRoute(request, 'studioTopic'))
          return ok({
            topic: {
              ...draft('Intro'),
              description: { 'en-US': '<p>Plan <strong>ahead</strong></p>' },
            },
            version: 1,
            publishedVersion: null,
            updatedAt: null,
            updatedBy: null,
          });
        if (isRoute(request, 'studioPresence')) return ok({ editors: [] });
        if (request.method === 'POST' && request.url.pathname === '/api/upload') {
          uploads.push(request);
          return ok({
            secure_url: '/uploads/sample/loaf.jpg',
            original_filename: 'loaf.jpg',
            public_id: 'loaf',
          });
        }
        if (isRoute(request, 'saveStudioTopic')) {
          puts.push(request);
          return ok({ topic: (request.body as { topic: DraftTopic }).topic, version: 2 });
        }
        return undefined;
      });
      studio('/studio/topic/budget?tab=settings');
      const english = await screen.findByRole('textbox', { name: 'Description (English)' });
      // The stored HTML is shown as text with its marks, not as tags to edit.
      expect(english.querySelector('strong')?.textContent).toBe('ahead');
      const french = screen.getByRole('textbox', { name: 'Description (French)' });
      expect(french.getAttribute('lang')).toBe('fr-CA');
      expect(french.getAttribute('aria-describedby')).toBeTruthy();

      const picker = screen.getByLabelText('Or upload an image from your computer');
      fireEvent.change(picker, {
        target: { files: [new File(['jpeg bytes'], 'loaf.jpg', { type: 'image/jpeg' })] },
      });
      expect(await screen.findByText('Uploaded loaf.jpg: its address is filled in.')).toBeTruthy();
      expect((uploads[0]!.body as FormData).get('file')).toBeInstanceOf(File);
      expect((screen.getByLabelText('Topic image address') as HTMLInputElement).value).toBe(
        '/uploads/sample/loaf.jpg',
      );
      await screen.findByText('All changes saved', undefined, { timeout: 5_000 });
      expect(puts.at(-1)!.body).toMatchObject({
        topic: {
          topicImage: { secure_url: '/uploads/sample/loaf.jpg' },
          description: { 'en-US': '<p>Plan <strong>ahead</strong></p>' },
        },
      });
    },
  );

  it('say why an upload was refused, and leave the address as it was', async () => {
    fakeApi((request) => {
      if (isRoute(request, 'studioTopic'))
        return ok({
          topic: draft('Intro'),
          version: 1,
          publishedVersion: null,
          updatedAt: null,
          updatedBy: null,
        });
      if (isRoute(request, 'studioPresence')) return ok({ editors: [] });
      if (request.url.pathname === '/api/upload')
        return {
          status: 413,
          body: { errors: ['The file is too large.'], errfor: { file: 'isTooLarge' } },
        };
      return undefined;
    });
    studio('/studio/topic/budget?tab=settings');
    const picker = await screen.findByLabelText('Or upload an image from your computer');
    fireEvent.change(picker, {
      target: { files: [new File(['x'], 'huge.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByText('The file is too large.')).toBeTruthy();
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Topic image address') as HTMLInputElement).value).toBe('');
  });

  it('keep what the author changes while an image uploads', { timeout: 15_000 }, async () => {
    let finishUpload: (answer: { status: number; body: unknown }) => void = () => {};
    const puts = workspaceApi(draft('Intro'), (request) =>
      request.url.pathname === '/api/upload'
        ? new Promise((resolve) => (finishUpload = resolve))
        : undefined,
    );
    studio('/studio/topic/budget?tab=settings');
    const picker = await screen.findByLabelText('Or upload an image from your computer');
    fireEvent.change(picker, {
      target: { files: [new File(['jpeg bytes'], 'loaf.jpg', { type: 'image/jpeg' })] },
    });
    // Changed while the file is on its way.
    fireEvent.change(screen.getByLabelText('Visibility'), { target: { value: 'Private' } });
    finishUpload(
      ok({ secure_url: '/uploads/sample/loaf.jpg', original_filename: 'loaf.jpg' }) as {
        status: number;
        body: unknown;
      },
    );
    expect(await screen.findByText('Uploaded loaf.jpg: its address is filled in.')).toBeTruthy();
    expect((screen.getByLabelText('Visibility') as HTMLSelectElement).value).toBe('Private');
    await screen.findByText('All changes saved', undefined, { timeout: 5_000 });
    expect(puts.at(-1)!.body).toMatchObject({
      topic: { visibility: 'Private', topicImage: { secure_url: '/uploads/sample/loaf.jpg' } },
    });
  });
});
