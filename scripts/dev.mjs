// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server, which
// proxies /api, /media and /uploads to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    'npx',
    ['tsx', 'watch', '--tsconfig', 'apps/server/tsconfig.json', 'apps/server/src/main.ts'],
    // The development OpenID provider of the demo SSO group (README, "Single sign-on").
    { stdio: 'inherit', env: { DEV_OIDC: 'on', ...process.env } },
  ),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
