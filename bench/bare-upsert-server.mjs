// Baseline for workbook saves: a bare Fastify route that upserts the request body as one row
// through the same driver as the portal (better-sqlite3 in WAL, or pg), and nothing else.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const app = Fastify({ logger: false, bodyLimit: 2_000_000 });
let upsert;
if (databaseUrl.startsWith('postgres')) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(
    'create table if not exists bare_rows (id text primary key, data text not null)',
  );
  upsert = (id, data) =>
    pool.query(
      'insert into bare_rows (id, data) values ($1, $2) on conflict (id) do update set data = excluded.data',
      [id, data],
    );
} else {
  const db = new Database(path.join(mkdtempSync(path.join(os.tmpdir(), 'bare-')), 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table bare_rows (id text primary key, data text not null)');
  const statement = db.prepare(
    'insert into bare_rows (id, data) values (?, ?) on conflict (id) do update set data = excluded.data',
  );
  upsert = async (id, data) => statement.run(id, data);
}
app.put('/bare/:id', async (request) => {
  await upsert(request.params.id, JSON.stringify(request.body));
  return { ok: true };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
