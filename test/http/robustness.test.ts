/** Whatever a client sends, a list endpoint answers 200 or 400 with a body: it never throws. */
import type { IncomingMessage } from 'node:http';
import { fc, test } from '../support/property.js';
import { describe, expect } from 'vitest';
import { createListEndpoint } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';

const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(sampleData().agents) });
const agentIds = sampleData().agents.map((a) => a.id);

/** Pieces of query strings that reach every branch: parameters, separators, escapes, ids. */
const arbPiece = fc.oneof(
  fc.constantFrom('filter=', 'limit=', 'starting_after=', 'ending_before=', 'sort=', 'cursor=', 'include=', 'total_count', '-created_at', 'name,', 'WzEsImYiLCIiLCIiLDEsImEiXQ', '&', '=', '+', '~', '%20', '%2B', '%', '%ZZ', '%00', '%ED%A0%80', 'agent.name', 'LIKE', 'EQ', 'AND', 'OR', '(', ')', '"', 'null', '1', '0', '-1', '100', '101'),
  fc.constantFrom(...agentIds.slice(0, 5)),
  fc.string({ maxLength: 4 }),
);
const arbQueryString = fc.array(arbPiece, { maxLength: 14 }).map((p) => p.join(''));

describe('list endpoint robustness', () => {
  test.prop([arbQueryString])('any query string gives 200 or 400', async (query) => {
    const r = await list(new URL(`http://h/v1/agents?${query}`));
    if (r.status === 200) expect(r.body.object).toBe('list');
    else {
      expect(r.status).toBe(400);
      expect(typeof r.body.error).toBe('string');
      // A filter's problems come with their positions; any other names its parameter.
      if (r.body.parameter === 'filter') expect(r.body.issues.length).toBeGreaterThan(0);
      else expect(r.body.parameter).toMatch(/^(sort|limit|starting_after|ending_before|cursor|include)$/);
    }
  });

  test.prop([fc.string({ maxLength: 40 }), fc.option(fc.string({ maxLength: 20 }), { nil: undefined })])(
    'any request line and Host header gives 200 or 400',
    async (url, host) => {
      const req = { url, headers: host === undefined ? {} : { host }, socket: {} } as unknown as IncomingMessage;
      const r = await list(req);
      expect([200, 400]).toContain(r.status);
      if (r.status === 200) for (const link of [r.body.next_page, r.body.previous_page]) if (link !== null) expect(new URL(link).host).toMatch(/^[^/?#]+$/);
    },
  );
});
