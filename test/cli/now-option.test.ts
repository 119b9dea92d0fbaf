/** `--now`: the instant relative times (`now-7d`) count from, once for the whole command. */
import { describe, expect, test } from 'vitest';
import { tql } from './capture.js';

const NOW = 1_700_000_000; // 2023-11-14T22:13:20Z
const AGENTS = [
  { id: 'agnt_week', created_at: NOW - 604_800 },
  { id: 'agnt_older', created_at: NOW - 604_801 },
  { id: 'agnt_now', created_at: NOW },
];
const ndjson = AGENTS.map((r) => `${JSON.stringify(r)}\n`).join('');

describe('tql with --now', () => {
  test.for([
    ['1700000000', 'agnt_week\nagnt_now\n'],
    ['2023-11-14T22:13:20Z', 'agnt_week\nagnt_now\n'],
    ['2023-11-14T22:13:21Z', 'agnt_now\n'],
    ['2023-11-14T23:13:20', 'agnt_week\nagnt_now\n'],
  ])('tql filter "agent.created_at GTE now-7d" --now %s --output ids', async ([now, ids]) => {
    const zone = now === '2023-11-14T23:13:20' ? ['--time-zone', 'Europe/Berlin'] : [];
    const r = await tql(['filter', 'agent.created_at GTE now-7d', '--now', now!, ...zone, '--input', '-', '--output', 'ids'], { stdin: ndjson, stdinPiped: true });
    expect(r).toEqual({ code: 0, stdout: ids, stderr: '' });
  });

  test('tql sql binds the instant of --now', async () => {
    const r = await tql(['sql', 'agent.created_at GTE now-7d', '--now', '1700000000', '--dialect', 'sqlite', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { values: unknown[] }).values[0]).toBe(NOW - 604_800);
  });

  test('tql mongo compares with the instant of --now', async () => {
    const r = await tql(['mongo', 'agent.created_at LT now', '--now', '1700000000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"$lt": ${NOW}`);
  });

  test('tql explain shows the predicate at the instant of --now', async () => {
    const r = await tql(['explain', 'agent.created_at GTE now-7d', '--now', '1700000000', '--record', '{"created_at":1699395199}']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✗ agent.created_at GTE now-7d (1699395200, 2023-11-07T22:13:20Z)   created_at: 1699395199 (2023-11-07T22:13:19Z)');
  });

  test('tql check keeps the relative time in the normalized form', async () => {
    expect(await tql(['check', 'agent.created_at GTE now-7d', '--now', '1700000000'])).toEqual({ code: 0, stdout: 'agent.created_at GTE now-7d\n', stderr: '' });
  });

  test.for(['yesterday', 'now-1d', '2023-02-30'])('tql check "agent.created_at GTE now" --now %s is a usage error', async (now) => {
    const r = await tql(['check', 'agent.created_at GTE now', '--now', now]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^tql: --now takes an instant: /);
  });

  test('an instant past the range of timestamps is an invalid query', async () => {
    const r = await tql(['filter', 'agent.created_at GTE now+9007199254740991s', '--now', '1700000000', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'invalid_value' } });
  });
});
