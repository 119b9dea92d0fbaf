/** `tql explain`: the syntax tree with spans, and why a record matches or not. */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { tql } from './capture.js';

describe('tql explain', () => {
  test('agent.name LIKE jo AND (agent.role EQ User OR agent.url_slug EQ null)', async () => {
    const r = await tql(['explain', 'agent.name LIKE jo AND (agent.role EQ User OR agent.url_slug EQ null)']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatchInlineSnapshot(`
      "Query [0,69) agent.name LIKE jo AND (agent.role EQ User OR a…
      └─ And [0,69) agent.name LIKE jo AND (agent.role EQ User OR a…
         ├─ Predicate [0,18) agent.name LIKE jo
         │  ├─ Attribute [0,10) agent.name
         │  ├─ Operator [11,15) LIKE
         │  └─ Text [16,18) "jo"
         └─ Group [23,69) (agent.role EQ User OR agent.url_slug EQ null)
            └─ Or [24,68) agent.role EQ User OR agent.url_slug EQ null
               ├─ Predicate [24,42) agent.role EQ User
               │  ├─ Attribute [24,34) agent.role
               │  ├─ Operator [35,37) EQ
               │  └─ Text [38,42) "User"
               └─ Predicate [46,68) agent.url_slug EQ null
                  ├─ Attribute [46,60) agent.url_slug
                  ├─ Operator [61,63) EQ
                  └─ Null [64,68) null
      "
    `);
  });

  test('the same query on a record, leaf by leaf', async () => {
    const record = { id: 'agnt_1', name: 'Jo Smith', role: 'Administrator', url_slug: 'jo' };
    const r = await tql(['explain', 'agent.name LIKE jo AND (agent.role EQ User OR agent.url_slug EQ null)', '--record', JSON.stringify(record)]);
    expect(r.code).toBe(0);
    expect(r.stdout.slice(r.stdout.indexOf('Record'))).toMatchInlineSnapshot(`
      "Record agnt_1:
      ✗ AND: 1 of 2 fail
      ├─ ✓ agent.name LIKE jo          name: "Jo Smith"
      └─ ✗ OR: none of 2 pass
         ├─ ✗ agent.role EQ User       role: "Administrator"
         └─ ✗ agent.url_slug EQ null   url_slug: "jo"
      does not match
      "
    `);
  });

  test('NOT shows its group and whether the group passes', async () => {
    const record = { id: 'agnt_1', name: 'Jo Smith', role: 'Administrator' };
    const r = await tql(['explain', 'NOT (agent.role EQ User OR agent.url_slug EQ null)', '--record', JSON.stringify(record)]);
    expect(r.code).toBe(0);
    expect(r.stdout.slice(r.stdout.indexOf('Record'))).toMatchInlineSnapshot(`
      "Record agnt_1:
      ✗ NOT: its group passes
      └─ ✓ OR: 1 of 2 pass
         ├─ ✗ agent.role EQ User       role: "Administrator"
         └─ ✓ agent.url_slug EQ null   url_slug: (missing)
      does not match
      "
    `);
  });

  test('collections and timestamps show what the record holds', async () => {
    const record = {
      id: 'sreq_1',
      created_at: 1688169600,
      associated_entities: [
        { type: 'psa_a/company', id: 5 },
        { type: 'psa_a/contact', id: 9 },
        { type: 'psa_a/company', id: 7 },
      ],
    };
    const query = 'scheduling_request.psa_a_company_id EQ 7 OR scheduling_request.created_at LT 2023-01-01 OR scheduling_request.team_id EQ team_x';
    const r = await tql(['explain', query, '-r', JSON.stringify(record)]);
    expect(r.stdout.slice(r.stdout.indexOf('Record'))).toMatchInlineSnapshot(`
      "Record sreq_1:
      ✓ OR: 1 of 3 pass
      ├─ ✓ scheduling_request.psa_a_company_id EQ 7      associated_entities[type=psa_a/company].id: [5, 7]
      ├─ ✗ scheduling_request.created_at LT 1672531200   created_at: 1688169600 (2023-07-01T00:00:00Z)
      └─ ✗ scheduling_request.team_id EQ team_x          resources[type=team].id: (no element)
      matches
      "
    `);
  });

  test('--id takes a record of the sample data, and the verdict is the in-memory backend’s', async () => {
    const query = 'scheduling_request.status IN new,sent AND scheduling_request.selected_start_time EQ null';
    const matches = compilePredicate(check(query, schedulingSchema, 'scheduling_request'));
    const requests = sampleData().schedulingRequests;
    const chosen = [requests.find((r) => matches(r)), requests.find((r) => !matches(r))];
    for (const request of chosen) {
      if (request === undefined) throw new Error('the sample data has requests on both sides');
      const r = await tql(['explain', query, '--id', request.id, '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.matches).toBe(matches(request));
      expect(out.evaluation.kind).toBe('And');
      expect(out.ast.kind).toBe('Query');
    }
  });

  test('--json without a record has the syntax tree with spans', async () => {
    const r = await tql(['explain', 'agent.name~EQ~"Pat Smith"', '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.ast.expression).toMatchObject({ kind: 'Predicate', span: { start: 0, end: 25 }, values: [{ kind: 'Text', text: 'Pat Smith', span: { start: 14, end: 25 } }] });
    expect(out).not.toHaveProperty('evaluation');
  });

  test('an invalid query shows the tree, then the errors, and exits 1', async () => {
    const r = await tql(['explain', 'agent.nmae EQ x']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Attribute [0,10) agent.nmae');
    expect(r.stderr).toContain('error[unknown_attribute]');
  });

  test.for<[string[], number, string]>([
    [['agent.name EQ x', '--record', '{"name": "x"', '--no-color'], 3, 'invalid_input'],
    [['agent.name EQ x', '--record', '[]'], 3, 'invalid_input'],
    [['agent.name EQ x', '--id', 'agnt_nobody'], 2, 'invalid_option'],
  ])('bad record %j', async ([args, code, errorCode]) => {
    const r = await tql(['explain', ...args]);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(`error[${errorCode}]`);
  });

  test('--record with a JSON error points at the column', async () => {
    const r = await tql(['explain', 'agent.name EQ x', '--record', '{"name": x}']);
    expect(r.stderr).toMatchInlineSnapshot(`
      "error[invalid_input] at 1:10: --record is not valid JSON (unexpected "x"): give one record as a JSON object.
        {"name": x}
                 ^
      "
    `);
  });

  test('--record and --id together are a usage error', async () => {
    expect(await tql(['explain', 'agent.name EQ x', '--record', '{}', '--id', 'a'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tql explain: give --record or --id, not both\n',
    });
  });

  test('colour only when asked or on a terminal', async () => {
    const plain = await tql(['explain', 'agent.name EQ x', '--record', '{"name":"x"}']);
    const coloured = await tql(['explain', 'agent.name EQ x', '--record', '{"name":"x"}', '--color']);
    expect(plain.stdout).not.toContain('\u001b[');
    expect(coloured.stdout).toContain('\u001b[32m✓\u001b[39m');
  });
});
