/** `tql complete`: the candidates at a cursor, as lines or as JSON. docs/cli.md shows the output. */
import { describe, expect, test } from 'vitest';
import { tql } from './capture.js';

describe('tql complete', () => {
  test("'' --entity agent lists where a filter starts: every attribute, ( and NOT (", async () => {
    const r = await tql(['complete', '', '--entity', 'agent', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).items.map((i: { label: string }) => i.label)).toEqual([
      'agent.name', 'agent.email', 'agent.role', 'agent.schedulable', 'agent.two_factor_enabled', 'agent.url_slug', 'agent.created_at', '(', 'NOT (',
    ]);
  });

  test('the entity is read from the first attribute, as in check', async () => {
    const r = await tql(['complete', 'team.name EQ x ', '--profile', 'timezest']);
    expect(r).toEqual({ code: 0, stdout: 'AND  keyword  both sides hold; binds tighter than OR\n', stderr: '' });
  });

  test('nothing fits: no lines, status 0', async () => {
    expect(await tql(['complete', 'agent.name LIKE '])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test.for<[string[], number, string]>([
    [['complete'], 2, 'tql: missing the query; quote it, e.g. tql check "agent.name LIKE john"\n'],
    [['complete', 'x', '--at', '5'], 2, 'tql: --at 5 is past the end of the text (1 characters)\n'],
    [['complete', 'x', '--at', '-1'], 2, 'tql: --at takes a whole number of at least 0, not "-1"\n'],
    [['complete', 'x', '--profile', 'strict'], 2, 'tql: --profile takes extended or timezest, not "strict"\n'],
    // Completion has no use for a time zone, so it does not accept one to ignore.
    [['complete', 'x', '--time-zone', 'UTC'], 2, "tql complete: Unknown option '--time-zone'.\nRun tql complete --help for its options.\n"],
  ])('%j is a usage error', async ([args, code, stderr]) => {
    expect(await tql(args)).toEqual({ code, stdout: '', stderr });
  });

  test('an unknown entity is reported as by check', async () => {
    const r = await tql(['complete', 'x', '--entity', 'agnt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('The schema has no entity "agnt". Did you mean agent?');
  });
});
