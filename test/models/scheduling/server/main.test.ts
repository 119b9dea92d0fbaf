/** `npm run server` as a process: it says where it listens, answers, and stops cleanly on SIGINT. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

test('the server process prints its URL and token, serves, and exits 0 on SIGINT', { timeout: 90_000 }, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/models/scheduling/server/main.ts', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, TQL_API_TOKEN: '', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    while (!/try: /.test(stdout)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const url = /on (http:\/\/127\.0\.0\.1:\d+) \(PGlite/.exec(stdout)?.[1];
    expect(url).toBeDefined();
    expect(stdout).toContain('token: tql-dev-token (the default dev token; set TQL_API_TOKEN or --token)');
    // -s: the example prints the body alone, without curl's progress meter.
    expect(stdout).toContain(`try:   curl -s -H 'Authorization: Bearer tql-dev-token' '${url}/v1/agents?filter=agent.name~LIKE~john'`);
    const res = await fetch(`${url}/v1/agents?limit=1`, { headers: { authorization: 'Bearer tql-dev-token' }, signal: AbortSignal.timeout(15_000) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(1);
  } finally {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGINT');
  }
  // A server that ignores SIGINT must not outlive the test.
  const stopped = await Promise.race([exited, new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 20_000))]);
  if (stopped === 'stuck' && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  expect(stopped).toBe(0);
  expect(stderr).toBe('');
});
