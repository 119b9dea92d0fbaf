/** `tql openapi`: the OpenAPI 3.1 document of a list endpoint, as listOpenApi makes it. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { listOpenApi } from '../../src/http/openapi.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { tql } from './capture.js';

async function validate(text: string): Promise<unknown> {
  return new Validator().validate(JSON.parse(text) as Parameters<Validator['validate']>[0]);
}

describe('tql openapi', () => {
  test.for(schedulingSchema.entityNames)('--entity %s prints a document that validates as OpenAPI 3.1, as listOpenApi makes it', async (entity) => {
    const r = await tql(['openapi', '--entity', entity]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(await validate(r.stdout)).toEqual({ valid: true });
    expect(JSON.parse(r.stdout)).toEqual(listOpenApi({ endpoints: [{ schema: schedulingSchema, entity, counts: false, profile: 'extended' }] }));
  });

  test('--schema, --path, --server, --counts and --profile shape the document', async () => {
    const r = await tql(['openapi', '--entity', 'ticket', '--schema', 'docs/examples/helpdesk/ticket.schema.json', '--quiet', '--path', '/v1/tickets', '--server', 'https://help.example.com', '--counts', '--profile', 'timezest']);
    expect(r.code).toBe(0);
    expect(await validate(r.stdout)).toEqual({ valid: true });
    const doc = JSON.parse(r.stdout) as { servers: unknown; paths: Record<string, { get: { operationId: string; parameters: { name: string; description: string }[] } }> };
    expect(doc.servers).toEqual([{ url: 'https://help.example.com' }]);
    const { operationId, parameters } = doc.paths['/v1/tickets']!.get;
    expect(operationId).toBe('listTickets');
    expect(parameters.map((p) => p.name)).toEqual(['filter', 'sort', 'limit', 'starting_after', 'ending_before', 'cursor', 'include']);
    expect(parameters[0]!.description).toContain('this endpoint accepts no `OR`');
  });

  test.for<[string[], number, string]>([
    [['openapi'], 2, 'error[invalid_option]: --entity names the entity the endpoint lists, one of scheduling_request, agent, resource, team.\n'],
    [['openapi', '--entity', 'agents'], 2, 'error[invalid_option]: The schema has no entity "agents". Did you mean agent? Entities: scheduling_request, agent, resource, team.\n'],
    [['openapi', '--entity', 'agent', '--path', 'agents'], 2, 'error[invalid_option]: path is where the endpoint is served, starting with "/" (such as "/v1/agents"), not "agents".\n'],
    [['openapi', '--entity', 'agent', '--profile', 'strict'], 2, 'tql: --profile takes extended or timezest, not "strict"\n'],
    [['openapi', 'agent.name EQ x'], 2, 'tql openapi: takes no query; name the entity with --entity\n'],
  ])('%j is a usage error', async ([args, code, stderr]) => {
    expect(await tql(args)).toEqual({ code, stdout: '', stderr });
  });

  test('--json writes an error as the one JSON document', async () => {
    const r = await tql(['openapi', '--entity', 'agents', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'invalid_option' } });
  });
});
