/**
 * Paging laws, on every store (memory, MongoDB via mingo, SQLite and PGlite through SQL):
 * following `next_page` from the first page visits every matching record once, newest first;
 * following `previous_page` back from the last page gives the same pages in reverse; a page
 * after any record holds exactly the matching records after it. Records share `created_at`
 * often, so the id tie-break is exercised, and ids mix upper and lower case, so the byte order
 * of ids is too.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import { compareListOrder, type ListStore } from '../../src/http/list-store.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { mingoCollection, mongoListStore } from '../../src/http/mongo-store.js';
import { sqlListStore } from '../../src/http/sql-store.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';

const FILTERS = [
  undefined,
  'agent.name LIKE jo',
  'agent.schedulable EQ true',
  'agent.role NOT_EQ User OR agent.url_slug EQ null',
  'agent.created_at GTE 2 AND agent.name NOT_IN Al,Ana',
] as const;

const arbAgent = (id: string) =>
  fc.record({
    id: fc.constant(`agnt_${id}`),
    object: fc.constant('agent' as const),
    name: fc.constantFrom('Jo', 'jo', 'Al', 'JOE', 'Ana', 'Majo'),
    email: fc.constant(`${id}@example.com`),
    role: fc.constantFrom('User', 'Administrator'),
    schedulable: fc.boolean(),
    two_factor_enabled: fc.boolean(),
    url_slug: fc.option(fc.constantFrom('jo', 'al'), { nil: null }),
    created_at: fc.integer({ min: 0, max: 4 }),
    updated_at: fc.constant(5),
  });

const arbAgents = (minLength: number): fc.Arbitrary<Agent[]> =>
  fc
    .uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{1,3}$/), { minLength, maxLength: 25 })
    .chain((ids) => fc.tuple(...ids.map(arbAgent)))
    .map((agents) => agents as Agent[]);

/** A list of at least `minAgents` agents, a filter, a page size and a pick of a cursor record. */
const arbCase = (minAgents: number) =>
  fc.record({
    agents: arbAgents(minAgents),
    filter: fc.constantFrom(...FILTERS),
    limit: fc.integer({ min: 1, max: 6 }),
    cursorPick: fc.nat(),
  });

type StoreMaker = (agents: readonly Agent[]) => Promise<ListStore<Agent>>;

let pglite: PGlite;
let pgliteDb: SqlDatabase;
beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { pg_trgm } });
  pgliteDb = sqlDatabase(pglite);
  await createSchedulingTables(pgliteDb);
});
afterAll(() => pglite.close());

/** The SQL store over `agents`: its rows as they are, one statement a page, or the records loaded by id in a second. */
async function sqlStore(db: SqlDatabase, agents: readonly Agent[], records: 'rows' | 'loaded'): Promise<ListStore<Agent>> {
  await createSchedulingTables(db, { replace: true });
  await loadSchedulingData(db, { agents });
  const byId = new Map(agents.map((a) => [a.id, a]));
  const load = records === 'loaded' ? async (ids: readonly string[]) => ids.map((id) => byId.get(id)!) : undefined;
  return sqlListStore<Agent>({ db, mapping: schedulingSqlMapping, entity: 'agent', load });
}

const STORES: readonly [string, StoreMaker][] = [
  ['memory', async (agents) => memoryListStore(agents)],
  ['mongo (mingo)', async (agents) => mongoListStore(mingoCollection(agents))],
  ['sqlite, records loaded by id', (agents) => sqlStore(sqlDatabase(new Database(':memory:')), agents, 'loaded')],
  ['pglite', (agents) => sqlStore(pgliteDb, agents, 'rows')],
];

const keyOf = (a: Agent) => ({ createdAt: a.created_at, id: a.id });

function expectedOrder(agents: readonly Agent[], filter: string | undefined): string[] {
  const matching = filter === undefined ? [...agents] : filterRecords(check(filter, schedulingSchema, 'agent'), agents);
  return matching.sort((a, b) => compareListOrder(keyOf(a), keyOf(b))).map((a) => a.id);
}

describe.each(STORES)('paging on %s', (_, makeStore) => {
  test('following next_page, then previous_page back, visits every matching record once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(arbCase(0), async ({ agents, filter, limit }) => {
        const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: await makeStore(agents) });
        const get = async (url: string): Promise<ListBody<Agent>> => {
          const r = await list(new URL(url));
          if (r.status !== 200) throw new Error(JSON.stringify(r.body));
          return r.body;
        };
        const query = new URLSearchParams({ limit: String(limit), ...(filter === undefined ? {} : { filter }) });
        const forward: ListBody<Agent>[] = [await get(`http://h/v1/agents?${query}`)];
        while (forward.at(-1)!.next_page !== null) forward.push(await get(forward.at(-1)!.next_page!));
        const expected = expectedOrder(agents, filter);
        expect(forward.flatMap((p) => p.data.map((a) => a.id))).toEqual(expected);
        expect(forward[0]!.previous_page).toBeNull();
        // Only an empty list has an empty page; every other page is full but the last.
        forward.forEach((p, i) => expect(p.data.length).toBe(i < forward.length - 1 ? limit : expected.length - limit * (forward.length - 1)));
        const backward: ListBody<Agent>[] = [forward.at(-1)!];
        while (backward.at(-1)!.previous_page !== null) backward.push(await get(backward.at(-1)!.previous_page!));
        expect(backward.map((p) => p.data.map((a) => a.id)).reverse()).toEqual(forward.map((p) => p.data.map((a) => a.id)));
      }),
      { numRuns: 40 },
    );
  });

  test.for(['starting_after', 'ending_before'] as const)(
    '%s any record, matching or not: the matching records beyond it, and a link back whenever records lie behind, also from an empty page, which leads to the end of the list',
    async (cursorKind) => {
      await fc.assert(
        fc.asyncProperty(arbCase(1), async ({ agents, filter, limit, cursorPick }) => {
          const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: await makeStore(agents) });
          const cursor = agents[cursorPick % agents.length]!;
          const query = new URLSearchParams({ limit: String(limit), [cursorKind]: cursor.id, ...(filter === undefined ? {} : { filter }) });
          const r = await list(new URL(`http://h/v1/agents?${query}`));
          const all = expectedOrder(agents, filter);
          const byId = new Map(agents.map((a) => [a.id, a]));
          const older = all.filter((id) => compareListOrder(keyOf(byId.get(id)!), keyOf(cursor)) > 0);
          const newer = all.filter((id) => compareListOrder(keyOf(byId.get(id)!), keyOf(cursor)) < 0);
          // The records the cursor points to, and those on its other side.
          const forward = cursorKind === 'starting_after';
          const [ahead, behind] = forward ? [older, newer] : [newer, older];
          expect(r.status).toBe(200);
          const body = r.body as ListBody<Agent>;
          const [onward, back] = forward ? [body.next_page, body.previous_page] : [body.previous_page, body.next_page];
          expect(body.data.map((a) => a.id)).toEqual(forward ? ahead.slice(0, limit) : ahead.slice(-limit));
          expect(onward !== null).toBe(ahead.length > limit);
          // Back whenever records lie behind the page, the cursor's own record included.
          expect(back !== null).toBe(behind.length + (all.includes(cursor.id) ? 1 : 0) > 0);
          if (back === null) return;
          // A link leads to records: following it never gives an empty page.
          expect(((await list(new URL(back))).body as ListBody<Agent>).data.length).toBeGreaterThan(0);
          if (ahead.length > 0) return;
          // From an empty page, the walk back loses nothing and repeats nothing: it meets every record.
          const pages: Agent[][] = [];
          for (let url: string | null = back; url !== null; ) {
            const page = (await list(new URL(url))).body as ListBody<Agent>;
            pages.push(page.data);
            url = forward ? page.previous_page : page.next_page;
            expect(pages.length).toBeLessThanOrEqual(all.length);
          }
          expect((forward ? pages.reverse() : pages).flat().map((a) => a.id)).toEqual(all);
        }),
        { numRuns: 40 },
      );
    },
  );
});

test('the Mongo store answers a page, its cursor and its links in one round trip (mingo)', async () => {
  const agents = fc.sample(arbAgents(25), { numRuns: 1, seed: 7 })[0]!;
  const collection = mingoCollection(agents);
  let trips = 0;
  const counted: typeof collection = {
    collectionName: collection.collectionName!,
    find: (filter, options) => (trips++, collection.find(filter, options)),
    aggregate: (pipeline) => (trips++, collection.aggregate!(pipeline)),
  };
  const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: mongoListStore(counted) });
  const get = async (url: string) => {
    const before = trips;
    const body = (await list(new URL(url))).body as ListBody<Agent>;
    expect(trips - before, url).toBe(1);
    return body;
  };
  const pages = [await get('http://h/v1/agents?limit=4&filter=agent.role+EQ+User+OR+agent.schedulable+EQ+true')];
  while (pages.at(-1)!.next_page !== null) pages.push(await get(pages.at(-1)!.next_page!));
  expect(pages.length).toBeGreaterThan(2);
  for (let page = pages.at(-1)!; page.previous_page !== null; ) page = await get(page.previous_page);
});
