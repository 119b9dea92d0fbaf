/** Ohm is loaded only for a text the fast path rejects: valid queries never load it. */
import { expect, test, vi } from 'vitest';

test('valid queries of every shape leave the grammar unloaded; the first syntax error loads it', async () => {
  vi.resetModules();
  const { check } = await import('../../src/api/check.js');
  const { schedulingSchema } = await import('../../src/models/scheduling/schema.js');
  const { grammarLoaded } = await import('../../src/parser/grammar.js');
  const valid = [
    'agent.name EQ john',
    '~agent.name~LIKE~"Ada Lovelace"~AND~(agent.role IN User,Administrator OR agent.url_slug EQ null)',
    'agent.created_at GTE 2024-07-01 AND agent.two_factor_enabled NOT_EQ true',
  ];
  for (const text of valid) check(text, schedulingSchema, 'agent');
  expect(grammarLoaded()).toBe(false);
  expect(() => check('agent.name EQ', schedulingSchema, 'agent')).toThrow('EQ needs a value');
  expect(grammarLoaded()).toBe(true);
});
