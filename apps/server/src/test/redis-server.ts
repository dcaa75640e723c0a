import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './ports';

/** A redis-server of a test's own, on a free port, that the test stops and starts again. */
export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGKILL: as a crash, its clients' sockets close at once). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the machine's `redis-server` (no persistence) on a free port of its own. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const until = Date.now() + 10_000;
    while (!(await listening(port))) {
      if (Date.now() > until || child.exitCode !== null)
        throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
