// The baseline of `npm run bench`: a bare Fastify route answering a fixed JSON document,
// nothing else (no plugins, no logging, no database).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
