import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { multipart, PDF_BYTES, PNG_1X1 } from '../test/multipart';

describe.each(DATABASE_KINDS)('uploads and profile pictures on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { UPLOAD_MAX_BYTES: String(64 * 1024) });
    await mustImport(t.database.db, makePack('doughmain'));
    await mustImport(t.database.db, makePack('acme', { bundles: [] }));
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (token: string | null, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...(token && bearer(token)) },
    });
  };
  const png = (name = 'me.png', data = PNG_1X1) => ({
    name: 'file',
    filename: name,
    type: 'image/png',
    data,
  });
  const fields = (org = 'doughmain') => [
    { name: 'upload_preset', value: org },
    { name: 'tags', value: 'flcms' },
  ];

  it('stores an image, answers its address, and serves it', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const res = await upload(token, [...fields(), png('../../etc/My Photo.png')]);
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file).toEqual({
      secure_url: expect.stringMatching(/^\/uploads\/[\w-]+\/[0-9a-f]{32}\.png$/),
      original_filename: 'My Photo.png',
      public_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const served = await t.app.inject({ method: 'GET', url: file.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('sniffs the type from the bytes, not the name or header', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const html = await upload(token, [
      ...fields(),
      png('evil.png', Buffer.from('<html><script>alert(1)</script></html>')),
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().errors[0]).toMatch(/^File type must be/);
    const svg = await upload(token, [
      ...fields(),
      {
        name: 'file',
        filename: 'x.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
    ]);
    expect(svg.statusCode).toBe(415);
    const pdf = await upload(token, [
      ...fields(),
      { name: 'file', filename: 'notes.png', type: 'image/png', data: PDF_BYTES },
    ]);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().secure_url).toMatch(/\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: pdf.json().secure_url });
    expect(served.headers['content-disposition']).toBe('attachment');
    const csv = await upload(token, [
      ...fields(),
      {
        name: 'file',
        filename: 'budget.csv',
        type: 'text/csv',
        data: Buffer.from('item,amount\nrent,1200\n'),
      },
    ]);
    expect(csv.statusCode).toBe(200);
    const binary = await upload(token, [
      ...fields(),
      { name: 'file', filename: 'x.txt', type: 'text/plain', data: Buffer.from([0, 1, 2, 3, 255]) },
    ]);
    expect(binary.statusCode).toBe(415);
  });

  it('refuses an empty, too large, missing or second file', async () => {
    const { token } = await signup(t.app, 'doughmain');
    expect((await upload(token, [...fields(), png('e.png', Buffer.alloc(0))])).statusCode).toBe(
      400,
    );
    const big = await upload(token, [
      ...fields(),
      png('big.png', Buffer.concat([PNG_1X1, Buffer.alloc(70 * 1024)])),
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual([`File is larger than ${64 * 1024} bytes`]);
    const none = await upload(token, fields());
    expect(none.statusCode).toBe(400);
    expect(none.json().errfor).toEqual({ file: 'is required' });
    const two = await upload(token, [...fields(), png('a.png'), png('b.png')]);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual(['Too many files']);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { file: 'x' },
      headers: bearer(token),
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('needs a signed-in learner of the preset organisation', async () => {
    const { token } = await signup(t.app, 'doughmain');
    expect((await upload(null, [...fields(), png()])).statusCode).toBe(401);
    expect((await upload(token, [...fields('acme'), png()])).statusCode).toBe(401);
    expect((await upload(token, [...fields('no-such-org'), png()])).statusCode).toBe(404);
    expect((await upload(token, [{ name: 'tags', value: 'x' }, png()])).json().errfor).toEqual({
      upload_preset: 'is required',
    });
  });

  it('sets, shows and removes a profile picture, deleting the old file', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const first = (await upload(token, [...fields(), png('one.png')])).json();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/account/settings/profilePicture',
      payload: first,
      headers: bearer(token),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ file: first });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/org/doughmain/account/settings',
      headers: bearer(token),
    });
    expect(account.json().account.profilePicture).toEqual({ secure_url: first.secure_url });

    const second = (await upload(token, [...fields(), png('two.png')])).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/account/settings/profilePicture',
      payload: second,
      headers: bearer(token),
    });
    expect((await t.app.inject({ method: 'GET', url: first.secure_url })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/org/doughmain/account/settings/profilePicture',
      headers: bearer(token),
    });
    expect(removed.json()).toEqual({ file: null });
    expect((await t.app.inject({ method: 'GET', url: second.secure_url })).statusCode).toBe(404);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/org/doughmain/account/settings',
      headers: bearer(token),
    });
    expect(after.json().account.profilePicture).toBeUndefined();
    expect(fs.readdirSync(path.join(t.config.uploadsDir)).length).toBeGreaterThan(0);
  });

  it("cannot use another learner's upload, a document, or a made-up id", async () => {
    const a = await signup(t.app, 'doughmain');
    const b = await signup(t.app, 'doughmain');
    const theirs = (await upload(a.token, [...fields(), png()])).json();
    const steal = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/account/settings/profilePicture',
      payload: theirs,
      headers: bearer(b.token),
    });
    expect(steal.statusCode).toBe(404);
    const doc = (
      await upload(b.token, [
        ...fields(),
        { name: 'file', filename: 'x.pdf', type: 'application/pdf', data: PDF_BYTES },
      ])
    ).json();
    const notImage = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/account/settings/profilePicture',
      payload: doc,
      headers: bearer(b.token),
    });
    expect(notImage.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/account/settings/profilePicture',
      payload: { secure_url: 'javascript:alert(1)' },
      headers: bearer(b.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errfor)).toEqual(
      expect.arrayContaining(['original_filename', 'public_id']),
    );
  });
});
