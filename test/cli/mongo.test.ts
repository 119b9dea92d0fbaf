/** `tql mongo`: the Mongo backend's filter document as JSON. */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { tql } from './capture.js';

describe('tql mongo', () => {
  test.for<[string, 'agent' | 'scheduling_request' | 'resource']>([
    ['agent.name~LIKE~john', 'agent'],
    ['agent.url_slug EQ null', 'agent'],
    ['scheduling_request.psa_a_company_id NOT_EQ 5', 'scheduling_request'],
    ['resource.internal_name IN "Tier 1",Tier2', 'resource'],
  ])('%s prints compileMongo output as JSON', async ([query, entity]) => {
    const r = await tql(['mongo', query]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(compileMongo(check(query, schedulingSchema, entity)));
    expect(r.stdout).toContain('\n  '); // indented by default
  });

  test('agent.schedulable EQ true --compact', async () => {
    const r = await tql(['mongo', 'agent.schedulable EQ true', '--compact']);
    expect(r).toEqual({ code: 0, stdout: '{"schedulable":{"$not":{"$type":"array"},"$eq":true}}\n', stderr: '' });
  });

  test('an entity given with --entity must match the query', async () => {
    const r = await tql(['mongo', 'agent.name EQ x', '--entity', 'resource']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatchInlineSnapshot(`
      "error[wrong_entity] at 1:1: agent.name: agent is another entity of this schema; this query filters resource, so write resource.<attribute>.
        agent.name EQ x
        ^^^^^
      "
    `);
  });
});
