/** An endpoint of the server bench running in its own process (bench/sections/server-child.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A started endpoint: its URL and process, and the count of SQL statements it has sent. */
export interface EndpointProcess {
  readonly kind: 'tql' | 'hand';
  readonly url: string;
  readonly pid: number;
  /** SQL statements sent so far, as counted in the child at node-postgres' `Client#query`. */
  statements(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts `kind` from the bundled child `childFile` and waits until it listens.
 *
 * @example
 * ```ts
 * const tql = await startEndpoint(bundleChild(root, 'server-child'), 'tql', databaseUrl, 'token');
 * await tql.statements(); // 3 (the start-up's catalog queries)
 * ```
 */
export async function startEndpoint(childFile: string, kind: 'tql' | 'hand', databaseUrl: string, token: string, baseUrl?: string): Promise<EndpointProcess> {
  const child = spawn(process.execPath, [childFile, kind, databaseUrl, token, ...(baseUrl === undefined ? [] : [baseUrl])], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the ${kind} endpoint exited with code ${code} before listening`)));
  });
  return {
    kind,
    url,
    pid: child.pid!,
    statements: () => ask(child),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function ask(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { statements: number }).statements));
    child.send('statements');
  });
}
