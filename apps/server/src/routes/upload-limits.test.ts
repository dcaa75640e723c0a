import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, newLearner, signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { multipart, PNG_1X1 } from '../test/multipart';

const MiB = 1_048_576;

/**
 * Sends the headers of a 10 MiB multipart upload and its first 64 KiB only, then waits for the
 * answer: a server that reads the whole body first never answers.
 */
function startHugeUpload(base: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    sent: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }>((resolve, reject) => {
    const boundary = 'portal-huge';
    const url = new URL('/api/upload', base);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * MiB),
      },
    });
    let sent = 0;
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, sent, headers: res.headers, body });
        request.destroy();
      });
    });
    request.on('error', reject);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    request.write(head);
    request.write(Buffer.alloc(64 * 1024));
    sent = head.length + 64 * 1024;
    // The rest is never sent: only an answer that comes before the body ends this.
    setTimeout(() => reject(new Error('no answer before the body was sent')), 5_000).unref();
  });
}

describe.each(DATABASE_KINDS)('upload limits on %s (issue 16, F5)', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      UPLOADS_PER_HOUR: '3',
      UPLOAD_BYTES_PER_HOUR: String(200 * 1024),
      UPLOAD_MAX_BYTES: String(150 * 1024),
    });
    await mustImport(t.database.db, makePack('doughmain'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  const upload = (token: string, data = PNG_1X1) => {
    const body = multipart([
      { name: 'upload_preset', value: 'doughmain' },
      { name: 'file', filename: 'me.png', type: 'image/png', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  it('refuses an unauthenticated 10 MiB upload before its body is sent, and closes the connection', async () => {
    const none = await startHugeUpload(base, {});
    expect(none.status).toBe(401);
    expect(none.sent).toBeLessThan(MiB);
    expect(none.headers.connection).toBe('close');
    expect(JSON.parse(none.body)).toEqual({ errors: ['You must be signed in to do this.'] });
    const forged = await startHugeUpload(base, bearer('f'.repeat(43)));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({
      errors: ['Your session has ended. Please sign in again.'],
    });
  });

  it('refuses a signed-in upload whose declared length is over the limit before reading it', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const big = await startHugeUpload(base, bearer(token));
    expect(big.status).toBe(413);
    expect(big.sent).toBeLessThan(MiB);
    expect(JSON.parse(big.body).errors).toEqual([`File is larger than ${150 * 1024} bytes`]);
  });

  it('keeps memory flat under 40 concurrent unauthenticated 10 MiB uploads', async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(Array.from({ length: 40 }, () => startHugeUpload(base, {})));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    // Reading the bodies would take 400 MiB; refused before reading, they take next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it('limits the uploads of an account per hour with 429 and Retry-After', async () => {
    const { token } = await signup(t.app, 'doughmain');
    for (let i = 0; i < 3; i++) expect((await upload(token)).statusCode).toBe(200);
    const refused = await upload(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: ['You have uploaded too many files in the last hour. Please try again later.'],
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/upload?locale=fr-CA',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(fr.statusCode).toBe(429);
    expect(fr.json()).toEqual({
      errors: [
        'Vous avez téléversé trop de fichiers au cours de la dernière heure. Veuillez réessayer plus tard.',
      ],
    });
    expect(
      Math.abs(Number(fr.headers['retry-after']) - Number(refused.headers['retry-after'])),
    ).toBeLessThanOrEqual(1);
    // Another learner is not limited by the first one's uploads.
    const other = await signup(t.app, 'doughmain');
    expect((await upload(other.token)).statusCode).toBe(200);
  });

  it('limits the bytes an account uploads per hour: a file that would pass the limit is refused whole (413)', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const file = Buffer.concat([PNG_1X1, Buffer.alloc(120 * 1024)]);
    expect((await upload(token, file)).statusCode).toBe(200);
    // A second one would take the account past its 200 KiB: refused whole, nothing stored.
    const over = await upload(token, file);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      errors: ['This file would take you past your upload limit of 0.2 MB per hour.'],
      errfor: { file: 'is over your upload limit' },
    });
    // What still fits goes through; then even a small file that would not fit is refused.
    const small = Buffer.concat([PNG_1X1, Buffer.alloc(60 * 1024)]);
    expect((await upload(token, small)).statusCode).toBe(200);
    expect((await upload(token, small)).statusCode).toBe(413);
  });
});

/** A 9 MiB PNG-headed file in a multipart body, sent over a real connection. */
async function httpUpload(
  base: string,
  token: string,
  size: number,
  opts: { chunked?: boolean; address?: string } = {},
): Promise<{ status: number; body: { errors?: string[]; errfor?: Record<string, string> } }> {
  const body = multipart([
    { name: 'upload_preset', value: 'doughmain' },
    {
      name: 'file',
      filename: 'big.png',
      type: 'image/png',
      data: Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length)]),
    },
  ]);
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/api/upload', base), {
      method: 'POST',
      headers: {
        ...body.headers,
        ...bearer(token),
        ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : {}),
        ...(!opts.chunked && { 'content-length': String(body.payload.length) }),
      },
    });
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on('error', (err: NodeJS.ErrnoException) =>
      // A refusal may close the connection while the body is still being written.
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    );
    // In pieces, as a browser sends it: the server counts them as they arrive.
    let at = 0;
    const next = () => {
      while (at < body.payload.length) {
        const piece = body.payload.subarray(at, at + 256 * 1024);
        at += piece.length;
        if (!request.write(piece)) return void request.once('drain', next);
      }
      request.end();
    };
    next();
  });
}

const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe.each(DATABASE_KINDS)(
  'upload quota counted while streaming on %s (issue 24, point 7)',
  (kind) => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        UPLOAD_BYTES_PER_HOUR: String(100 * MiB),
        UPLOAD_BYTES_PER_ADDRESS_PER_HOUR: String(1_000 * MiB),
        UPLOAD_MAX_BYTES: String(10 * MiB),
      });
      await mustImport(t.database.db, makePack('doughmain'));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => t?.close());

    it('stores at most 11 of 12 concurrent 9 MiB uploads against a 100 MiB quota, refusing the rest with 413 and leaving no file behind', async () => {
      const { token } = await signup(t.app, 'doughmain');
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => httpUpload(base, token, 9 * MiB)),
      );
      const stored = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(stored.length).toBeLessThanOrEqual(11);
      expect(stored.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const answer of refused) {
        expect(answer.status).toBe(413);
        expect(answer.body.errors).toEqual([
          'This file would take you past your upload limit of 104.9 MB per hour.',
        ]);
      }
      // Only the stored files are on disk; nothing half-received is left, and nothing is held.
      expect(filesIn(t.config.uploadsDir)).toHaveLength(stored.length);
      expect(filesIn(path.join(t.config.dataDir, 'incoming'))).toEqual([]);
      const held = await t.database.db.kysely
        .selectFrom('upload_reservations')
        .selectAll()
        .execute();
      expect(held).toEqual([]);
    });
  },
);

describe.each(DATABASE_KINDS)(
  'uploads per address across accounts on %s (issue 24, point 7)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        UPLOAD_BYTES_PER_HOUR: String(200 * 1024),
        UPLOAD_BYTES_PER_ADDRESS_PER_HOUR: String(500 * 1024),
        UPLOAD_MAX_BYTES: String(150 * 1024),
      });
      await mustImport(t.database.db, makePack('doughmain'));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => t?.close());
    let base: string;

    const upload = (token: string, address: string, data: Buffer, locale = 'en-US') => {
      const body = multipart([
        { name: 'upload_preset', value: 'doughmain' },
        { name: 'file', filename: 'me.png', type: 'image/png', data },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/upload?locale=${locale}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
        remoteAddress: address,
      });
    };

    it('a run of sign-ups from one address stores no more than the address’s hourly bound', async () => {
      const file = Buffer.concat([PNG_1X1, Buffer.alloc(90 * 1024)]);
      let storedBytes = 0;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const learner = newLearner('burst');
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/signup',
          payload: learner,
          remoteAddress: '10.66.0.1',
        });
        expect(res.statusCode).toBe(200);
        const token = res.json<{ token: string }>().token;
        for (let j = 0; j < 2; j++) {
          const answer = await upload(token, '10.66.0.1', file);
          statuses.push(answer.statusCode);
          if (answer.statusCode === 200) storedBytes += file.length;
        }
      }
      // 8 accounts × 200 KiB would be 1.6 MiB; the address stops at 500 KiB.
      expect(storedBytes).toBeLessThanOrEqual(500 * 1024);
      expect(storedBytes).toBeGreaterThan(400 * 1024);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      const fresh = await signup(t.app, 'doughmain');
      const refused = await upload(fresh.token, '10.66.0.1', file, 'fr-CA');
      expect([413, 429]).toContain(refused.statusCode);
      expect(refused.json().errors[0]).toMatch(/réseau/);
      // Another address is not held back by this one.
      expect((await upload(fresh.token, '10.66.0.2', file)).statusCode).toBe(200);
    });

    it('counts the bytes of an upload with no declared length as they arrive', async () => {
      const { token } = await signup(t.app, 'doughmain');
      const file = Buffer.concat([PNG_1X1, Buffer.alloc(120 * 1024)]);
      expect((await upload(token, '10.67.0.1', file)).statusCode).toBe(200);
      const chunked = await httpUpload(base, token, 120 * 1024, { chunked: true });
      expect(chunked.status).toBe(413);
      expect(chunked.body.errors).toEqual([
        'This file would take you past your upload limit of 0.2 MB per hour.',
      ]);
      expect(filesIn(path.join(t.config.dataDir, 'incoming'))).toEqual([]);
      // What still fits goes through the same way.
      expect((await httpUpload(base, token, 60 * 1024, { chunked: true })).status).toBe(200);
    });
  },
);
