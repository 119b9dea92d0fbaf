/** The real executable, spawned: what a shell script sees (stdout, stderr, exit status). */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/tql.js', import.meta.url));

function run(args: readonly string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('bin/tql.js', () => {
  test('tql check agent.name~LIKE~john', async () => {
    expect(await run(['check', 'agent.name~LIKE~john'])).toEqual({ code: 0, stdout: 'agent.name LIKE john\n', stderr: '' });
  });

  test('tql filter from stdin: matches on stdout, a bad line 2 exits 3', async () => {
    const good = await run(['filter', 'agent.name LIKE jo', '-i', '-', '-o', 'ids'], '{"id":"a","name":"Jo"}\n{"id":"b","name":"Al"}\n');
    expect(good).toEqual({ code: 0, stdout: 'a\n', stderr: '' });
    const bad = await run(['filter', 'agent.name LIKE jo', '-i', '-'], '{"id":"a","name":"Jo"}\n{"id":"b",}\n');
    expect(bad.code).toBe(3);
    expect(bad.stdout).toBe('{"id":"a","name":"Jo"}\n');
    expect(bad.stderr).toContain('error[invalid_input] at 2:11: Line 2 of standard input is not valid JSON');
  });

  test('tql filter … | head -1: the closed pipe ends it quietly with exit 0', async () => {
    // Far more output than a pipe holds, so the writes meet the pipe head closed; pipefail makes
    // tql's exit status the pipeline's.
    const dir = mkdtempSync(path.join(tmpdir(), 'tql-epipe-'));
    try {
      const input = path.join(dir, 'records.ndjson');
      writeFileSync(input, Array.from({ length: 50_000 }, (_, i) => `{"id":"agnt_${i}","name":"Ada ${i}"}`).join('\n'));
      const script = `set -o pipefail; "${process.execPath}" "${BIN}" filter 'agent.name LIKE ada' < "${input}" | head -1`;
      const result = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 60_000 });
      expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        status: 0,
        stdout: '{"id":"agnt_0","name":"Ada 0"}\n',
        stderr: '',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
