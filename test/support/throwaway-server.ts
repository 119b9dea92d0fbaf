/**
 * What the throwaway database servers of the tests share (`postgres-server.ts`,
 * `mariadb-server.ts`): a free port, the server process spawned directly (so its pid is the
 * server's), a few attempts when the port was taken meanwhile, readiness polled with a deadline,
 * and a stop by process id that also removes the server's temporary directory. If the test
 * process exits without stopping it, the server is killed and the directory removed.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves true once `child` has exited, false after `ms` if it has not. */
export function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** How to start one server and tell that it is ready. */
export interface ServerLaunch {
  /** `postgres`, `mariadbd`: for messages. */
  readonly name: string;
  /** The temporary directory of the server, removed when it stops. */
  readonly dir: string;
  /** Spawns the server on `port` (stdout and stderr piped); `attempt` counts from 0. */
  spawn(port: number, attempt: number): ChildProcess;
  /** Resolves once a client can use the server; rejects to be tried again. */
  connect(port: number): Promise<void>;
  /** The signal of a clean, quick shutdown (SIGKILL follows after 15 s). */
  readonly stopSignal: NodeJS.Signals;
}

/** A started server: its port, and how to stop it. */
export interface RunningServer {
  readonly port: number;
  stop(): Promise<void>;
}

async function waitUntilReady(launch: ServerLaunch, port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${launch.name} exited while starting:\n${log()}`);
    try {
      await launch.connect(port);
      return;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`${launch.name} did not accept connections within 60 s (${String(e)}):\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Starts the server on a free port (three attempts: the port may be taken between choosing and
 * binding it) and waits until it accepts connections.
 *
 * @example
 * ```ts
 * const server = await runThrowawayServer({ name: 'mariadbd', dir, spawn: (port) => spawn(bin, [`--port=${port}`]), connect, stopSignal: 'SIGTERM' });
 * await server.stop();
 * ```
 */
export async function runThrowawayServer(launch: ServerLaunch): Promise<RunningServer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const output: string[] = [];
    const child = launch.spawn(port, attempt);
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const pid = child.pid;
    // If the test process dies without calling stop(), do not leave the server behind.
    const onExit = () => {
      if (pid !== undefined && child.exitCode === null) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(launch.dir, { recursive: true, force: true });
    };
    process.once('exit', onExit);
    try {
      await waitUntilReady(launch, port, child, () => output.join(''));
    } catch (e) {
      lastError = e;
      if (pid !== undefined && child.exitCode === null) process.kill(pid, 'SIGKILL');
      await exited(child, 10_000);
      process.removeListener('exit', onExit);
      continue;
    }
    return {
      port,
      async stop() {
        if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
          process.kill(pid, launch.stopSignal);
          if (!(await exited(child, 15_000))) {
            process.kill(pid, 'SIGKILL');
            await exited(child, 5_000);
          }
        }
        process.removeListener('exit', onExit);
        rmSync(launch.dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(launch.dir, { recursive: true, force: true });
  throw lastError;
}
