import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer } from '../test/auth-helpers';
import { makePack, mustImport } from '../test/factories';
import { openSse } from '../test/sse';
import { preferredEncoding } from './compression';

const SCRIPT = `console.log(${JSON.stringify('a long enough script '.repeat(200))});`;

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.5, br;q=0.2')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('compression', () => {
  let t: TestApp;
  let base: string;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compress-'));
  beforeAll(async () => {
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    const script = path.join(dist, 'assets', 'index-AbC123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    t = await startTestApp('sqlite', { WEB_DIST: dist, CONTENT_DIR: path.join(root, 'content') });
    const pack = makePack('doughmain', { organisation: { enableMessaging: true } });
    pack.topics!.push({
      _id: 'long-read',
      name: 'A long read',
      pages: [
        {
          _id: 'long-read-p1',
          name: 'One',
          fragments: [{ _id: 'lr-f1', type: 'content', content: `<p>${'Save. '.repeat(500)}</p>` }],
        },
      ],
    } as never);
    await mustImport(t.database.db, pack);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        host: 'localhost:3000',
        ...(encoding && { 'accept-encoding': encoding }),
        ...headers,
      },
    });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('sends a built asset precompressed with %s', async (encoding, decode) => {
    const res = await get('/assets/index-AbC123.js', `${encoding}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('picks brotli from what a browser sends', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('sends the asset as it is to a client that takes no compression', async () => {
    for (const encoding of [undefined, 'identity']) {
      const res = await get('/assets/index-AbC123.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('compresses API answers over 1 KB with %s', async (encoding, decode) => {
    const plain = await get('/api/org/doughmain');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1_024);
    // Cached answers (organisation, topic), and one serialised on each request (the API's docs).
    for (const url of ['/api/org/doughmain', '/api/org/doughmain/topic/long-read', '/api/docs']) {
      const res = await get(url, encoding);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(decode(res.rawPayload).toString()), url).toEqual((await get(url)).json());
    }
  });

  it('sends a cached answer compressed at once once its compressed form is made (issue 29)', async () => {
    const url = '/api/org/doughmain/topic/long-read';
    const plain = (await get(url)).body;
    for (const encoding of ['br', 'gzip']) {
      const made = await get(url, encoding);
      const kept = await get(url, encoding);
      expect(kept.headers['content-encoding']).toBe(encoding);
      expect(kept.headers.vary).toMatch(/accept-encoding/i);
      expect(kept.rawPayload.equals(made.rawPayload)).toBe(true);
      const decode = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
      expect(decode(kept.rawPayload).toString()).toBe(plain);
    }
  });

  it('leaves small answers alone', async () => {
    const res = await get('/api/host', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ org: 'doughmain' });
  });

  it('compresses the page HTML when it is large enough, and keeps it readable', async () => {
    const res = await get('/topics', 'br');
    expect(res.statusCode).toBe(200);
    const html =
      res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString()
        : res.body;
    expect(html).toContain('<div id="root"></div>');
  });

  it('never compresses the server-sent-event stream', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: 'doughmain-learner', password: 'learner-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const stream = await openSse(`${base}/api/org/doughmain/userGroup/insiders/message/stream`, {
      ...bearer(login.json<{ token: string }>().token),
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      await stream.until(() => stream.comments.includes('ready'));
    } finally {
      stream.close();
    }
  });
});
