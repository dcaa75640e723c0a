import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { accountWithRoles } from '../../test/studio';

/**
 * The console's settings (docs/design.md §15) on a real app and database: drafted, saved at the
 * version read (409 when stale), refused when colours do not read or a host is another
 * organisation's, published in numbered versions that visitors see at once, restored; every
 * change in the audit log with before and after; only the organisation's administrators, and
 * only their own organisation's.
 */

const ORG = 'settled';
const RIVAL = 'rivalset';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;
interface SettingsBody {
  alias: string;
  settings: Record<string, unknown> & {
    theme: Record<string, string>;
    hosts: string[];
    homePage: { promos: { description: unknown }[] };
  };
  version: number;
  publishedVersion: number;
  hasChanges: boolean;
}

describe.each(DATABASE_KINDS)('the console’s settings on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let author: Account;
  let learner: Account;
  let rivalAdmin: Account;

  const call = (
    method: InjectOptions['method'],
    path = '',
    payload?: object,
    who: Account | null = admin,
    org = ORG,
  ) =>
    t.app.inject({
      method,
      url: `/api/org/${org}/admin/settings${path}`,
      ...(who && { headers: { ...who.headers, 'accept-language': 'en-US' } }),
      ...(payload && { payload }),
    });
  const current = async () => {
    const answer = await call('GET');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as SettingsBody;
  };
  const withColour = (body: SettingsBody, primaryColor: string) => ({
    settings: { ...body.settings, theme: { ...body.settings.theme, primaryColor } },
    version: body.version,
  });
  const auditOf = async (action: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/audit?action=${action}`,
      headers: admin.headers,
    });
    return answer.json().events as {
      actor: { _id: string } | null;
      before: unknown;
      after: unknown;
    }[];
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack(ORG));
    await mustImport(t.database.db, makePack(RIVAL));
    admin = await accountWithRoles(t, ORG, ['admin'], 'boss');
    author = await accountWithRoles(t, ORG, ['author'], 'writer');
    learner = await accountWithRoles(t, ORG, [], 'pupil');
    rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'rival');
  });
  afterAll(() => t?.close());

  it('reads the imported settings as version 1, every locale included, without the alias to edit', async () => {
    const body = await current();
    expect(body).toMatchObject({ alias: ORG, version: 1, publishedVersion: 1, hasChanges: false });
    expect(body.settings.name).toEqual({ 'en-US': `Test ${ORG}`, 'fr-CA': `Essai ${ORG}` });
    expect(body.settings).not.toHaveProperty('alias');
  });

  it('refuses everyone but the organisation’s administrators, and another organisation’s', async () => {
    expect((await call('GET', '', undefined, null)).statusCode).toBe(401);
    for (const who of [learner, author]) {
      const refused = await call('GET', '', undefined, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0]).toContain('administrators');
      expect((await call('POST', '/publish', {}, who)).statusCode).toBe(403);
    }
    // The rival's administrator, with this organisation's name in the address.
    expect((await call('GET', '', undefined, rivalAdmin)).statusCode).toBe(401);
    const body = await current();
    expect((await call('PUT', '', withColour(body, '#000000'), rivalAdmin)).statusCode).toBe(401);
    // Their own organisation's settings are theirs alone.
    const theirs = await call('GET', '', undefined, rivalAdmin, RIVAL);
    expect(theirs.json().alias).toBe(RIVAL);
  });

  it('refuses a primary colour that does not read, naming the pair, the ratio and the minimum', async () => {
    const body = await current();
    const refused = await call('PUT', '', withColour(body, '#7fd3ff'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toBe(
      'Some colours are too hard to read: the primary colour reads at 1.6:1 on the page background (#ffffff); text needs at least 4.5:1',
    );
    expect(refused.json().errfor['theme.primaryColor']).toContain('1.6:1');
    const french = await t.app.inject({
      method: 'PUT',
      url: `/api/org/${ORG}/admin/settings`,
      headers: { ...admin.headers, 'accept-language': 'fr-CA' },
      payload: withColour(body, '#7fd3ff'),
    });
    expect(french.json().errors[0]).toBe(
      'Certaines couleurs sont trop difficiles à lire : la couleur principale se lit à 1.6:1 sur le fond de page (#ffffff); le texte demande au moins 4.5:1',
    );
    expect((await current()).version).toBe(body.version);
  });

  it('refuses bad input with its path, and a host another organisation holds', async () => {
    const body = await current();
    const bad = await call('PUT', '', {
      settings: { ...body.settings, theme: { ...body.settings.theme, primaryColor: 'blue' } },
      version: body.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('primaryColor');
    expect((await call('PUT', '', { settings: body.settings })).statusCode).toBe(400);
    expect(
      (await call('PUT', '', { ...body, settings: { ...body.settings, alias: 'x' } })).statusCode,
    ).toBe(400);
    const taken = await call('PUT', '', {
      settings: { ...body.settings, hosts: ['mine.example', `learn.${RIVAL}.example`] },
      version: body.version,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toBe(
      `The host name learn.${RIVAL}.example belongs to another organisation.`,
    );
    expect(taken.json().errfor).toHaveProperty('hosts.1');
  });

  it('saves a draft learners do not see, refuses a stale save with the stored draft, publishes it to visitors and audits each step', async () => {
    const before = await current();
    const saved = await call('PUT', '', withColour(before, '#0b5d1e'));
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json() as SettingsBody;
    expect(draft).toMatchObject({ version: before.version + 1, hasChanges: true });
    // Promos are sanitised as a pack's are.
    expect(JSON.stringify(draft.settings.homePage.promos)).not.toContain('<script');

    // A tab that read the draft before this save is refused, and told what is stored.
    const stale = await call('PUT', '', withColour(before, '#222222'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ version: draft.version });
    expect(stale.json().settings.theme.primaryColor).toBe('#0b5d1e');

    // Learners still read the published colour.
    const visitor = () => t.app.inject({ method: 'GET', url: `/api/org/${ORG}` });
    expect((await visitor()).json().theme.primaryColor).toBe('#1a4d8f');

    const published = await call('POST', '/publish', { note: 'Greener' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ publishedVersion: 2 });
    expect((await visitor()).json().theme.primaryColor).toBe('#0b5d1e');
    // Publishing again with nothing changed makes no version.
    expect((await call('POST', '/publish', {})).json()).toEqual({ publishedVersion: 2 });

    const [save] = await auditOf('settings.save');
    expect(save).toMatchObject({
      actor: { _id: admin.userId },
      before: { primaryColor: '#1a4d8f' },
      after: { primaryColor: '#0b5d1e' },
    });
    const publishes = await auditOf('settings.publish');
    expect(publishes).toHaveLength(1);
    expect(publishes[0]).toMatchObject({
      before: { publishedVersion: 1, primaryColor: '#1a4d8f' },
      after: { publishedVersion: 2, primaryColor: '#0b5d1e' },
    });

    const versions = await call('GET', '/versions');
    expect(versions.json().versions).toEqual([
      expect.objectContaining({
        version: 2,
        note: 'Greener',
        publishedBy: expect.objectContaining({ _id: admin.userId }),
      }),
      expect.objectContaining({ version: 1, publishedBy: null }),
    ]);
  });

  it('moves the organisation’s host names on publish, so the new one picks it and the old one no longer does', async () => {
    const body = await current();
    const saved = await call('PUT', '', {
      settings: { ...body.settings, hosts: ['academy.settled.example'] },
      version: body.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', '/publish', {})).statusCode).toBe(200);
    const host = (name: string) =>
      t.app.inject({ method: 'GET', url: '/api/host', headers: { host: name } });
    expect((await host('academy.settled.example')).json()).toEqual({ org: ORG });
    expect((await host(`learn.${ORG}.example`)).json()).not.toEqual({ org: ORG });
  });

  it('restores a published version as the draft, and refuses a version that does not exist', async () => {
    const restored = await call('POST', '/restore', { version: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    const body = restored.json() as SettingsBody;
    expect(body.settings.theme.primaryColor).toBe('#1a4d8f');
    expect(body.hasChanges).toBe(true);
    const [event] = await auditOf('settings.restore');
    expect(event!.after).toMatchObject({ restoredFrom: 1, primaryColor: '#1a4d8f' });
    const missing = await call('POST', '/restore', { version: 99 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toBe('The settings have no version 99.');
    expect((await call('POST', '/restore', { version: 0 })).statusCode).toBe(400);
    // The rival's versions are not reached from here.
    expect((await call('GET', '/versions', undefined, admin, RIVAL)).statusCode).toBe(401);
  });

  it('keeps the draft of an administrator when a pack is imported again, and versions only a changed pack', async () => {
    const before = (await call('GET', '/versions')).json().versions.length;
    const pack = makePack(ORG, {
      organisation: { name: { 'en-US': 'Renamed by pack', 'fr-CA': 'Renommé' } },
    } as never);
    await mustImport(t.database.db, pack);
    await mustImport(t.database.db, pack);
    const versions = (await call('GET', '/versions')).json().versions;
    expect(versions.length).toBe(before + 1);
    expect(versions[0].publishedBy).toBeNull();
    // The draft held unpublished changes (the restore above): it stays the administrator's.
    expect((await current()).settings.name).toEqual({
      'en-US': `Test ${ORG}`,
      'fr-CA': `Essai ${ORG}`,
    });
  });
});
