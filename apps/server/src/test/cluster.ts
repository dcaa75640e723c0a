import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const main = path.join(import.meta.dirname, '../main.ts');

/** One server process (main.ts) of a test, on its own port. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then the exit code (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: (graceMs = 15_000) =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function waitForReady(base: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* still starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not become ready`);
}
