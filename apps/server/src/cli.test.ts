import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-run';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test/databases';
import { makePack } from './test/factories';

const cli = path.join(import.meta.dirname, 'cli.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));

/** The command in this process (a process of its own costs seconds: see the last test). */
async function portal(args: string[], databaseUrl: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });
  return { code, stdout, stderr };
}

/** The command as `npm run portal` runs it: a process of its own. */
function portalProcess(args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function writePack(name: string, pack: unknown) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(pack));
  return file;
}

describe.each(DATABASE_KINDS)('the portal CLI on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('migrates an empty database once, then says it is up to date', async () => {
    const empty =
      kind === 'sqlite'
        ? `sqlite:${path.join(fs.mkdtempSync(path.join(dir, 'migrate-')), 'portal.db')}`
        : t.url;
    const first = await portal(['migrate'], empty);
    expect(first.code).toBe(0);
    if (kind === 'sqlite') expect(first.stderr).toMatch(/^applied \d+ migrations: 0001-initial, /);
    const again = await portal(['migrate'], empty);
    expect(again).toMatchObject({ code: 0, stderr: 'the database is up to date\n' });
  });

  it('validates a pack and prints every problem with its JSON path', async () => {
    const bad = makePack('clitest') as unknown as {
      topics: { pages: unknown[] }[];
      organisation: { locales: unknown };
    };
    bad.topics[0]!.pages.push({ _id: 'p', name: 'P', fragments: [{ _id: 'f', type: 'video' }] });
    bad.organisation.locales = [];
    const result = await portal(['validate', writePack('bad.json', bad)], t.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 problems; nothing was changed');
    expect(result.stderr).toContain('topics[0].pages[1].fragments[0].type:');
    expect(result.stderr).toContain('organisation.locales:');
    expect(
      await portal(['validate', writePack('good.json', makePack('clitest'))], t.url),
    ).toMatchObject({
      code: 0,
    });
  });

  it('imports, says so, and changes nothing the second time', async () => {
    const file = writePack('pack.json', makePack('clitest'));
    expect(await portal(['import', file], t.url)).toMatchObject({
      code: 0,
      stderr: 'clitest: imported\n',
    });
    expect(await portal(['import', file], t.url)).toMatchObject({
      code: 0,
      stderr: 'clitest: unchanged (already up to date)\n',
    });
  });

  it('refuses an invalid import without changing anything', async () => {
    const pack = makePack('clitest', {
      bundles: [{ _id: 'b', name: 'B', price: -1, userGroup: 'insiders' }],
    });
    const result = await portal(['import', writePack('neg.json', pack)], t.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bundles[0].price:');
  });

  it('exports JSON on stdout that imports back unchanged', async () => {
    const exported = await portal(['export', 'clitest'], t.url);
    expect(exported.code).toBe(0);
    const pack = JSON.parse(exported.stdout);
    expect(pack.format).toBe('portal-content-pack/1');
    expect(exported.stdout).not.toContain('learner-pass-1');
    const file = writePack('exported.json', pack);
    expect(await portal(['import', file], t.url)).toMatchObject({
      code: 0,
      stderr: 'clitest: unchanged (already up to date)\n',
    });
    expect((await portal(['export', 'clitest'], t.url)).stdout).toBe(exported.stdout);
  });

  it('imports a pack whose general topic has the _id "general", and exports it back the same', async () => {
    const base = makePack('cligeneral');
    const pack = makePack('cligeneral', { general: { ...base.general!, _id: 'general' } });
    const file = writePack('general.json', pack);
    expect(await portal(['validate', file], t.url)).toMatchObject({ code: 0 });
    expect(await portal(['import', file], t.url)).toMatchObject({
      code: 0,
      stderr: 'cligeneral: imported\n',
    });
    const exported = await portal(['export', 'cligeneral'], t.url);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).general._id).toBe('general');
    expect(
      await portal(
        ['import', writePack('general-exported.json', JSON.parse(exported.stdout))],
        t.url,
      ),
    ).toMatchObject({
      code: 0,
      stderr: 'cligeneral: unchanged (already up to date)\n',
    });
    expect((await portal(['export', 'cligeneral'], t.url)).stdout).toBe(exported.stdout);
  });

  it("imports a file that still has npm's run banner on top", async () => {
    const exported = (await portal(['export', 'clitest'], t.url)).stdout;
    const file = path.join(dir, 'with-banner.json');
    fs.writeFileSync(
      file,
      `\n> portal\n> tsx --tsconfig apps/server/tsconfig.json apps/server/src/cli.ts export clitest\n\n${exported}`,
    );
    expect(await portal(['import', file], t.url)).toMatchObject({
      code: 0,
      stderr: 'clitest: unchanged (already up to date)\n',
    });
  });

  it('prints the background jobs by kind and status', async () => {
    const { code, stdout } = await portal(['jobs'], t.url);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({});
    await t.db.kysely
      .insertInto('jobs')
      .values(
        (['queued', 'queued', 'failed'] as const).map((status, i) => ({
          id: `job-${i}`,
          kind: 'mail',
          payload: 'null',
          status,
          attempts: 0,
          max_attempts: 6,
          run_at: '2030-01-01T00:00:00.000Z',
          created_at: '2030-01-01T00:00:00.000Z',
          updated_at: '2030-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    expect(JSON.parse((await portal(['jobs'], t.url)).stdout)).toEqual({
      mail: { failed: 1, queued: 2 },
    });
  });

  it('explains its usage and unreadable input', async () => {
    expect(await portal(['export', 'no-such-org'], t.url)).toMatchObject({
      code: 1,
      stderr: 'no organisation "no-such-org"\n',
    });
    expect((await portal(['frobnicate'], t.url)).code).toBe(2);
    expect((await portal(['import', path.join(dir, 'missing.json')], t.url)).stderr).toContain(
      'cannot read',
    );
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"format": ');
    expect((await portal(['import', path.join(dir, 'broken.json')], t.url)).stderr).toContain(
      'is not JSON',
    );
  });

  it('runs as npm run portal runs it: a process of its own, with its exit codes', () => {
    expect(portalProcess(['frobnicate'], t.url)).toMatchObject({ code: 2 });
    const exported = portalProcess(['export', 'clitest'], t.url);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout).organisation.alias).toBe('clitest');
  });
});
