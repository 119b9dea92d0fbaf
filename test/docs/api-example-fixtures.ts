/**
 * What the public API's examples may use without declaring it (see api-examples.ts): the things
 * an application has at hand where it would write such a line, made real and cheap. Nothing here
 * listens on a port or reaches the network.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Database from 'better-sqlite3';
import http from 'node:http';
import { Aggregator } from 'mingo';
import { check } from '../../src/api/check.js';
import { mingoCollection } from '../../src/http/mongo-store.js';
import { generateSchedulingData } from '../../src/models/scheduling/generate.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { listKeyReader } from '../../src/http/list-order.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';

export { Database, PGlite, http, pg_trgm };

/** A query text, as a request would bring it. */
export const text = 'agent.name LIKE jo AND agent.schedulable EQ true';
/** A validated query. */
export const query = check(text, schedulingSchema, 'agent');
export const q = query;
/** Records of the sample data. */
export const agents = sampleData().agents;
export const records = agents;
export const agent = agents[0]!;
/** Small generated data, to load into a database. */
export const data = generateSchedulingData({ seed: 1, agents: 20, teams: 3, requests: 50 });
/** A PGlite database holding the sample data's tables. */
export const pglite = await PGlite.create({ extensions: { pg_trgm } });
await createSchedulingTables(pglite);
await loadSchedulingData(pglite, { agents: data.agents, teams: data.teams, resources: data.resources, schedulingRequests: data.schedulingRequests });
export const client = pglite;
/** The SQL mapping an application passes. */
export const mapping = schedulingSqlMapping;
export const table = 'agent';
/** A MongoDB database, in process: mingo over the sample data. */
export const db = {
  collection: <T extends object = Record<string, unknown>>(name: string) => {
    const records = (name === 'scheduling_requests' ? sampleData().schedulingRequests : sampleData().agents) as unknown as T[];
    return Object.assign(mingoCollection<T>(records), {
      aggregate: (pipeline: Record<string, unknown>[]) => ({ toArray: async () => new Aggregator(pipeline).run(records as unknown as Record<string, unknown>[]) }),
    });
  },
};
/** The logged-in user of a request. */
export const session = { tenant: 'acme' };
/** A second app's schema: tickets and their comments. */
export const helpdesk = defineSchema({
  entities: {
    ticket: { attributes: { subject: { type: 'String' }, opened_at: { type: 'Timestamp' } } },
    comment: {
      attributes: {
        body: { type: 'String' },
        mentioned_id: { type: 'String', source: { kind: 'element', arrays: ['mentions'], where: { field: 'kind', oneOf: ['user'] }, value: 'id' } },
      },
    },
  },
});

/** The agents' list order, newest first, its key, and the first rows of the list with their places. */
export const key = keyAttribute(schedulingSchema.entities.agent, undefined);
export const order = readSort('-created_at', schedulingSchema.entities.agent, key);
export const rows = agents.slice(0, 21).map((record, i) => ({ key: listKeyReader(order)(record, `agent ${i}`), record }));
