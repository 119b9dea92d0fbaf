/**
 * The server section's two endpoints answer alike: the reference list server and the
 * hand-written endpoint of bench/server/, on a throwaway PostgreSQL server with the sample data
 * (and on a MariaDB server, when `mariadbd` is installed), give byte-identical bodies for each of
 * the bench's six requests. The section asserts the same before it measures; this pins it
 * without running the load.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHandServer, type HandServer } from '../../bench/server/hand-endpoint.js';
import { keepServerSection, SERVER_SECTION_END, SERVER_SECTION_START, withServerSection } from '../../bench/server/server-report.js';
import { serverWorkloads } from '../../bench/server/workloads.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { startListServer, type ListServer } from '../../src/models/scheduling/server/server.js';
import { mariadbAvailable, startMariadb } from '../support/mariadb-server.js';
import { postgresAvailable, startPostgres } from '../support/postgres-server.js';

const TOKEN = 'bench-test-token';
const workloads = serverWorkloads(sampleData());

/** A started database server: its URL (for the reference server's `databaseUrl`) and how to stop it. */
interface Database {
  readonly url: string;
  stop(): Promise<void>;
}

async function postgres(): Promise<Database> {
  const server = await startPostgres();
  return { url: server.connectionString, stop: () => server.stop() };
}

/** The engines the section runs on; each warns (or fails under CI=true) when it cannot run here. */
const ENGINES = [
  { name: 'PostgreSQL', available: postgresAvailable, start: postgres },
  { name: 'MariaDB', available: mariadbAvailable, start: (): Promise<Database> => startMariadb() },
];

describe.each(ENGINES)('the server bench: reference server and hand-written endpoint on $name', ({ available, start }) => {
  if (!available()) return;
  let database: Database;
  let tql: ListServer;
  let hand: HandServer;

  beforeAll(async () => {
    database = await start();
    // The reference server loads the sample data into the empty database.
    tql = await startListServer({ token: TOKEN, databaseUrl: database.url });
    hand = await startHandServer({ token: TOKEN, databaseUrl: database.url, baseUrl: tql.url });
  });
  afterAll(async () => {
    await hand?.close();
    await tql?.close();
    await database?.stop();
  });

  const get = async (base: string, path: string, token = TOKEN) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.text() };
  };

  test('the six requests: a LIKE, an IN, a created_at range, a collection attribute, a page after and a page before a cursor', () => {
    expect(workloads.map((w) => w.id)).toEqual(['like', 'in', 'range', 'collection', 'after', 'before']);
  });

  test.each(workloads)('GET $path: the same 200 body, byte for byte, with records', async ({ path }) => {
    const a = await get(tql.url, path);
    const b = await get(hand.url, path);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toBe(a.body);
    expect((JSON.parse(a.body) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  test('the links of the cursor pages lead both ways', async () => {
    for (const id of ['after', 'before']) {
      const path = workloads.find((w) => w.id === id)!.path;
      const body = JSON.parse((await get(hand.url, path)).body) as { next_page: string | null; previous_page: string | null };
      expect(body.next_page, id).not.toBeNull();
      expect(body.previous_page, id).not.toBeNull();
    }
  });

  test.each([
    ['a wrong token', '/v1/agents', 'wrong', 401],
    ['a filter it does not read', '/v1/agents?filter=agent.name~NOT_EQ~x', TOKEN, 400],
    ['a cursor that names no record', '/v1/agents?starting_after=agnt_none', TOKEN, 400],
    ['another path', '/v1/teams', TOKEN, 404],
  ] as const)('the hand-written endpoint answers %s: GET %s with token %s is %i', async (_, path, token, status) => {
    expect((await get(hand.url, path, token)).status).toBe(status);
  });
});

describe('the server section of docs/performance.md', () => {
  const section = `${SERVER_SECTION_START}\nnew\n${SERVER_SECTION_END}`;
  test.each([
    ['a page without one: before "What the numbers mean"', '# P\n\n## What the numbers mean\n', `# P\n\n${section}\n\n## What the numbers mean\n`],
    ['a page with one: replaced', `# P\n\n${SERVER_SECTION_START}\nold\n${SERVER_SECTION_END}\n\n## M\n`, `# P\n\n${section}\n\n## M\n`],
  ])('withServerSection on %s', (_, doc, expected) => {
    expect(withServerSection(doc, section)).toBe(expected);
  });

  test('keepServerSection carries the last run into a page generated without it', () => {
    const previous = `# Old\n\n${section}\n`;
    expect(keepServerSection('# Fresh\n\n## What the numbers mean\n', previous)).toBe(`# Fresh\n\n${section}\n\n## What the numbers mean\n`);
    expect(keepServerSection('# Fresh\n', '# Old, without one\n')).toBe('# Fresh\n');
  });
});
