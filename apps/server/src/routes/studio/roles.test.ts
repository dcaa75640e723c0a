import { checkContentPack } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportContentPack } from '../../services/content-pack-service';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { waitUntil } from '../../test/wait';

/**
 * Roles (docs/design.md §13) come from packs (`users[].roles`), are stored per account, go back
 * out in exports, reach the viewer (the studio's policy) and the account answer.
 */

const ORG = 'roles';
const packWith = (roles: Array<'author' | 'admin'> | undefined) => {
  const pack = makePack(ORG);
  pack.users = [
    {
      username: 'writer',
      email: 'writer@roles.example',
      password: 'writer-pass-1',
      name: { first: 'Wri', last: 'Ter' },
      groups: [],
      ...(roles && { roles }),
    },
  ];
  return pack;
};

describe.each(DATABASE_KINDS)('roles from packs on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, packWith(['author']));
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/login`,
      payload: { username: 'writer', password: 'writer-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json().token;
  });
  afterAll(async () => t?.close());

  const settings = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/org/${ORG}/account/settings`,
        headers: bearer(token),
      })
    ).json().account;
  const studio = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/studio/topics`,
      headers: bearer(token),
    });

  it('imports roles, answers them in the account, lets the author in, exports them', async () => {
    expect((await settings()).roles).toEqual(['author']);
    expect((await studio()).statusCode).toBe(200);
    const exported = (await exportContentPack(t.database.db, ORG))!;
    expect(exported.users).toEqual([expect.objectContaining({ roles: ['author'] })]);
    expect(checkContentPack(exported).ok).toBe(true);
  });

  it('takes roles away when the pack names none (within the second viewers are trusted)', async () => {
    await mustImport(t.database.db, packWith(undefined));
    expect((await settings()).roles).toEqual([]);
    // A viewer is trusted for a second after the database confirmed it.
    await waitUntil(async () => (await studio()).statusCode === 403);
    const exported = (await exportContentPack(t.database.db, ORG))!;
    expect(exported.users[0]).not.toHaveProperty('roles');
    await mustImport(t.database.db, packWith(['admin', 'author']));
    expect((await settings()).roles).toEqual(['author', 'admin']);
  });
});
