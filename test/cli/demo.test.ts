import { expect, test } from 'vitest';
import { tql } from './capture.js';

test('tql demo runs the default query through every backend and they agree', async () => {
  const { code, stdout } = await tql(['demo', '--json']);
  const result = JSON.parse(stdout) as { memory: string[]; sqlite: string[]; mingo: string[]; agree: boolean };
  expect(code).toBe(0);
  expect(result.memory.length).toBeGreaterThan(0);
  expect([...result.sqlite].sort(), 'sqlite').toEqual([...result.memory].sort());
  expect([...result.mingo].sort(), 'mingo').toEqual([...result.memory].sort());
  expect(result.agree).toBe(true);
});

test('tql demo agent.name LIKE jo shows each backend and the matches', async () => {
  const { code, stdout } = await tql(['demo', 'agent.name LIKE jo AND agent.two_factor_enabled EQ false']);
  expect(code).toBe(0);
  for (const heading of ['Normalized (agent)', 'PostgreSQL', 'SQLite', 'MongoDB', 'Matches']) expect(stdout).toContain(heading);
  expect(stdout).toMatch(/SQLite {5}\d+ matches, the same records/);
});

test('tql demo with an invalid query exits 1 with the error', async () => {
  const { code, stderr } = await tql(['demo', 'agent.name eq jo']);
  expect(code).toBe(1);
  expect(stderr).toContain('error[unknown_operator]');
});
