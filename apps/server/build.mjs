// Bundles the server into dist/ with esbuild: our workspace code (the domain package) goes in,
// third-party packages stay in node_modules.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

// Chunk names change with their content (splitting): an earlier build's are removed first.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Dynamic imports stay separate files: main.js loads the tracing module only when
  // OTEL_EXPORTER_OTLP_ENDPOINT is set, and before the server's own file, which imports pg and
  // ioredis (src/main.ts).
  splitting: true,
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
